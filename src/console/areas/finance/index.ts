import { defineArea } from '../../app/area';
import { invoicesResource, paymentMethodsResource, transactionsResource, withdrawalsResource } from './resources';

/** Finance: invoices, withdrawals, transactions, payment methods and their bonuses. */
export default defineArea({
  name: 'finance',
  rank: 60,
  resources: [invoicesResource, withdrawalsResource, transactionsResource, paymentMethodsResource],
  screens: {
    '/payment-method-bonuses/:id': () => import('./BonusesScreen').then((m) => m.BonusesScreen),
  },
});
