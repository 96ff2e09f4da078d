import { defineServerArea } from '../../kit/area';
import { financeHandlers } from './handlers';
import { seedDemoFinance } from './seed';

/** Finance: invoices, withdrawals, transactions (the ledger), payment methods and their bonuses. */
export default defineServerArea({
  name: 'finance',
  handlers: financeHandlers,
  seed: [{ name: 'finance', kind: 'demo', run: seedDemoFinance }],
});
