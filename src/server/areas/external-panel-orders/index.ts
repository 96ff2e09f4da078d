import { defineServerArea } from '../../kit/area';
import { externalPanelOrdersHandlers } from './handlers';
import { seedDemoExternalPanelOrders } from './seed';

/** Orders placed with external panels, and their provider attempts. */
export default defineServerArea({
  name: 'external-panel-orders',
  handlers: externalPanelOrdersHandlers,
  seed: [{ name: 'external-panel-orders', kind: 'demo', run: seedDemoExternalPanelOrders }],
});
