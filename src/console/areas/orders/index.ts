import { defineArea, groups } from '../../resource/area';
import { ordersResource } from './resource';

/** Orders: the list and one order (docs/orders.md). */
export default defineArea({
  name: 'orders',
  rank: 10,
  resources: [ordersResource],
  screens: {
    '/orders': { source: 'operations', nav: { label: 'Orders', section: 'operations', order: 10 }, go: 'o' },
    '/orders/:id': { access: groups('Orders'), source: 'operations', component: () => import('./OrderScreen').then((m) => m.OrderScreen) },
  },
});
