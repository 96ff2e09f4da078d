import { defineArea } from '../../resource/area';
import { dripFeedsResource } from './resource';

/** Drip-feed orders. */
export default defineArea({
  name: 'drip-feeds',
  rank: 40,
  resources: [dripFeedsResource],
  screens: {
    '/drip-feed': { source: 'operations', nav: { label: 'Drip-feed', section: 'operations', order: 40 }, go: 'd' },
  },
});
