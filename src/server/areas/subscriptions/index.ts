import { defineServerArea } from '../../kit/area';
import { subscriptionsHandlers } from './handlers';
import { seedDemoSubscriptions } from './seed';

/** Subscriptions; the seed links existing orders to their subscriptions. */
export default defineServerArea({
  name: 'subscriptions',
  handlers: subscriptionsHandlers,
  seed: [{ name: 'subscriptions', kind: 'demo', run: seedDemoSubscriptions }],
});
