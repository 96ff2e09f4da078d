import { defineArea } from '../../resource/area';
import { invoicesResource, paymentMethodsResource, transactionsResource, withdrawalsResource } from './resource';

/** Finance: invoices, withdrawals, transactions, payment methods and their bonuses. */
export default defineArea({
  name: 'finance',
  rank: 60,
  resources: [invoicesResource, withdrawalsResource, transactionsResource, paymentMethodsResource],
  screens: {
    '/payment-method-bonuses/:id': () => import('./BonusesScreen').then((m) => m.BonusesScreen),
  },
});
