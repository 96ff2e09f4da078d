import { defineServerArea } from '../../kit/area';
import { cancelRequestsHandlers } from './cancelRequestHandlers';
import { askToCancelDemo, CANCEL_REQUEST_CUSTOMER_ACTIONS, cancelRequestsSettleTask } from './cancelRequests';
import { ordersHandlers } from './handlers';
import { seedCancelReasons, seedDemoOrders } from './seed';

/** Orders: the list, one order, its actions (docs/orders.md), and customers' cancel requests (docs/upstream.md). */
export default defineServerArea({
  name: 'orders',
  handlers: { ...ordersHandlers, ...cancelRequestsHandlers },
  seed: [
    { name: 'cancel-reasons', kind: 'base', run: seedCancelReasons },
    // Needs the users step (customers, services). SEED_ORDERS sets the count (default 200,000).
    { name: 'orders-and-providers', kind: 'demo', run: (q) => seedDemoOrders(q) },
  ],
  tasks: [cancelRequestsSettleTask],
  customerApi: { actions: CANCEL_REQUEST_CUSTOMER_ACTIONS, demo: [askToCancelDemo] },
});
