import { defineServerArea } from '../../kit/area';
import { logsHandlers } from './handlers';
import { seedDemoHistory } from './seed';

/** The audit log, change logs, service logs and record histories (read-only). */
export default defineServerArea({
  name: 'logs',
  handlers: logsHandlers,
  // After every area whose records it writes history for (orders, users). SEED_HISTORY sets the size.
  seed: [{ name: 'history', kind: 'demo', run: (q) => seedDemoHistory(q) }],
});
