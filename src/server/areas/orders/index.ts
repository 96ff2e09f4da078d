import { defineServerArea } from '../../kit/area';
import { ordersHandlers } from './handlers';
import { seedCancelReasons, seedDemoOrders } from './seed';

/** Orders: the list, one order, its actions (docs/orders.md). */
export default defineServerArea({
  name: 'orders',
  handlers: ordersHandlers,
  seed: [
    { name: 'cancel-reasons', kind: 'base', run: seedCancelReasons },
    // Needs the users step (customers, services). SEED_ORDERS sets the count (default 200,000).
    { name: 'orders-and-providers', kind: 'demo', run: (q) => seedDemoOrders(q) },
  ],
});
