import { defineArea } from '../../resource/area';
import { ordersResource } from './resource';

/** Orders: the list and one order (docs/orders.md). */
export default defineArea({
  name: 'orders',
  rank: 10,
  resources: [ordersResource],
  screens: { '/orders/:id': () => import('./OrderScreen').then((m) => m.OrderScreen) },
});
