import { defineArea, groups } from '../../resource/area';
import { comboOrdersResource } from './resource';

/** Combo orders (packages bought as one order): the list and one combo order. */
export default defineArea({
  name: 'combo-orders',
  rank: 30,
  resources: [comboOrdersResource],
  screens: {
    '/combo-orders': { source: 'operations', nav: { label: 'Combo orders', section: 'operations', order: 30 }, go: 'c' },
    '/combo-orders/:id': {
      access: groups('Orders'),
      source: 'console',
      component: () => import('./ComboOrderScreen').then((m) => m.ComboOrderScreen),
    },
  },
});
