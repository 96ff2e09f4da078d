import { defineServerArea } from '../../kit/area';
import { dripFeedsHandlers } from './handlers';
import { seedDemoDripFeeds } from './seed';

/** Drip-feed orders; the seed links existing orders to their drip-feeds (source_id). */
export default defineServerArea({
  name: 'drip-feeds',
  handlers: dripFeedsHandlers,
  seed: [{ name: 'drip-feeds', kind: 'demo', run: seedDemoDripFeeds }],
});
