import { defineServerArea } from '../../kit/area';
import { incentivesHandlers } from './handlers';
import { seedDemoIncentives } from './seed';

/**
 * Pricing incentives: coupons (with usage statistics), discounts, grades (the loyalty program) and
 * the price preview, all priced by src/server/pricing. Listed before orders: the demo order book
 * is priced with the coupons and discounts seeded here.
 */
export default defineServerArea({
  name: 'incentives',
  handlers: incentivesHandlers,
  // Needs users, grades and services (the users step).
  seed: [{ name: 'incentives', kind: 'demo', run: seedDemoIncentives }],
});
