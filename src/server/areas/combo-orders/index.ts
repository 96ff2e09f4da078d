import { defineServerArea } from '../../kit/area';
import { comboOrdersHandlers } from './handlers';
import { seedDemoComboOrders } from './seed';

/** Combo orders; the seed links existing orders to their combo orders. */
export default defineServerArea({
  name: 'combo-orders',
  handlers: comboOrdersHandlers,
  seed: [{ name: 'combo-orders', kind: 'demo', run: seedDemoComboOrders }],
});
