import { defineArea } from '../../resource/area';
import { ordersResource } from './resource';

/** Orders (operations.md §3 "Order row", §4, §5): the list and one order. */
export default defineArea({
  name: 'orders',
  rank: 10,
  resources: [ordersResource],
  screens: { '/orders/:id': () => import('./OrderScreen').then((m) => m.OrderScreen) },
});
