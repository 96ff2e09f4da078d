import { defineArea, groups } from '../../resource/area';
import { invoicesResource, paymentMethodsResource, transactionsResource, withdrawalsResource } from './resource';

/** Finance: invoices, withdrawals and transactions (each a list and a record screen), payment methods and their bonuses. */
export default defineArea({
  name: 'finance',
  rank: 60,
  resources: [invoicesResource, withdrawalsResource, transactionsResource, paymentMethodsResource],
  screens: {
    '/transactions': { source: 'operations', nav: { label: 'Transactions', section: 'finance', order: 10 }, go: 't' },
    '/transactions/:id': {
      access: groups('Transactions'),
      source: 'console',
      component: () => import('./TransactionScreen').then((m) => m.TransactionScreen),
    },
    '/invoices': { source: 'operations', nav: { label: 'Invoices', section: 'finance', order: 20 }, go: 'i' },
    '/invoices/:id': { access: groups('Invoices'), source: 'console', component: () => import('./InvoiceScreen').then((m) => m.InvoiceScreen) },
    '/withdrawal': { source: 'operations', nav: { label: 'Withdrawals', section: 'finance', order: 30 }, go: 'w' },
    '/withdrawal/:id': {
      access: groups('Withdrawal'),
      source: 'console',
      component: () => import('./WithdrawalScreen').then((m) => m.WithdrawalScreen),
    },
    '/payment-methods': { source: 'operations', nav: { label: 'Payment methods', section: 'finance', order: 40 }, go: 'bm' },
    '/payment-method-bonuses/:id': {
      access: groups('PaymentMethods'),
      source: 'operations',
      component: () => import('./BonusesScreen').then((m) => m.BonusesScreen),
    },
  },
});
