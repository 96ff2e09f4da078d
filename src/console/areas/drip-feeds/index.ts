import { defineArea, groups } from '../../resource/area';
import { dripFeedsResource } from './resource';

/** Drip-feed orders: the list and one drip feed. */
export default defineArea({
  name: 'drip-feeds',
  rank: 40,
  resources: [dripFeedsResource],
  screens: {
    '/drip-feed': { source: 'operations', nav: { label: 'Drip-feed', section: 'operations', order: 40 }, go: 'd' },
    '/drip-feed/:id': { access: groups('DripFeed'), source: 'console', component: () => import('./DripFeedScreen').then((m) => m.DripFeedScreen) },
  },
});
