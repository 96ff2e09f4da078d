import { defineArea } from '../../resource/area';
import { cancelRequestsResource } from './resource';

/** Customers' cancel requests: the worked list (docs/upstream.md). */
export default defineArea({
  name: 'cancel-requests',
  rank: 45,
  resources: [cancelRequestsResource],
  screens: {
    '/cancel-requests': { source: 'console', nav: { label: 'Cancel requests', section: 'operations', order: 45 }, go: 'x' },
  },
});
