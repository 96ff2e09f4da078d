import { defineServerArea } from '../../kit/area';
import { freeTrialsHandlers } from './handlers';
import { seedDemoFreeTrials } from './seed';

/** Free trials: requests (approve, reject) and quests. */
export default defineServerArea({
  name: 'free-trials',
  handlers: freeTrialsHandlers,
  // Needs users and services (the users step) and the orders table.
  seed: [{ name: 'free-trial-requests-and-quests', kind: 'demo', run: seedDemoFreeTrials }],
});
