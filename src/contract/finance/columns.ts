import { defineTableSpec } from '../columns';

/**
 * The finance area's values and column tables (invoices, withdrawals, transactions, payment
 * methods): no zod here, the console's entry reads them.
 */

export const INVOICE_STATUSES = ['pending', 'paid', 'expired'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', expired: 'Expired' };

/** A withdrawal is pending, then approved and paid, or rejected. */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** The balances a transaction moves. Only 'main' is the user's spendable balance. */
export const BALANCE_TYPES = ['main', 'task', 'referral'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];
export const BALANCE_TYPE_LABELS: Record<BalanceType, string> = {
  main: 'Main balance',
  task: 'Tasks balance',
  referral: 'Referral program balance',
};

/** What moved the money. */
export const TRANSACTION_KINDS = [
  'deposit',
  'bonus',
  'order',
  'refund',
  'withdrawal',
  'withdrawal_release',
  'correction',
  'referral_bonus',
  'task_reward',
  'staff_credit',
  'staff_debit',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  deposit: 'Deposit',
  bonus: 'Deposit bonus',
  order: 'Order payment',
  refund: 'Refund',
  withdrawal: 'Withdrawal (held)',
  withdrawal_release: 'Withdrawal released',
  correction: 'Manual correction',
  referral_bonus: 'Referral commission',
  task_reward: 'Task reward',
  staff_credit: 'Added by staff',
  staff_debit: 'Deducted by staff',
};

/** Direction as the list shows it. */
export const TRANSACTION_DIRECTIONS = ['income', 'expense'] as const;
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

/**
 * Payment gateways and the secret fields each one needs (the secrets of a method are built from its type's secretFields — a name, a default, and options when the value is one of a list).
 */
export interface SecretField {
  name: string;
  label: string;
  default: string;
  options?: readonly string[];
}

export interface PaymentMethodType {
  type: string;
  label: string;
  secretFields: readonly SecretField[];
}

const MODE: SecretField = { name: 'mode', label: 'Mode', default: 'live', options: ['live', 'sandbox'] };

export const PAYMENT_METHOD_TYPES: readonly PaymentMethodType[] = [
  {
    type: 'card',
    label: 'Bank card',
    secretFields: [{ name: 'merchantId', label: 'Merchant id', default: '' }, { name: 'secretKey', label: 'Secret key', default: '' }, MODE],
  },
  {
    type: 'paypal',
    label: 'PayPal',
    secretFields: [{ name: 'clientId', label: 'Client id', default: '' }, { name: 'clientSecret', label: 'Client secret', default: '' }, MODE],
  },
  {
    type: 'crypto',
    label: 'Cryptocurrency',
    secretFields: [
      { name: 'apiKey', label: 'API key', default: '' },
      { name: 'ipnSecret', label: 'IPN secret', default: '' },
      { name: 'network', label: 'Network', default: 'TRC20', options: ['TRC20', 'ERC20', 'BEP20', 'BTC'] },
    ],
  },
  {
    type: 'perfect_money',
    label: 'Perfect Money',
    secretFields: [
      { name: 'accountId', label: 'Account id', default: '' },
      { name: 'passphrase', label: 'Alternate passphrase', default: '' },
    ],
  },
  {
    type: 'payeer',
    label: 'Payeer',
    secretFields: [
      { name: 'shopId', label: 'Shop id', default: '' },
      { name: 'secretKey', label: 'Secret key', default: '' },
    ],
  },
  {
    type: 'stripe',
    label: 'Stripe',
    secretFields: [
      { name: 'publishableKey', label: 'Publishable key', default: '' },
      { name: 'secretKey', label: 'Secret key', default: '' },
      { name: 'webhookSecret', label: 'Webhook secret', default: '' },
    ],
  },
  {
    type: 'bank',
    label: 'Bank transfer',
    secretFields: [
      { name: 'iban', label: 'IBAN', default: '' },
      { name: 'swift', label: 'SWIFT / BIC', default: '' },
    ],
  },
  { type: 'manual', label: 'Manual (staff confirms)', secretFields: [] },
];
export const PAYMENT_METHOD_TYPE_NAMES = PAYMENT_METHOD_TYPES.map((t) => t.type);
export const paymentMethodTypeOf = (type: string): PaymentMethodType | undefined => PAYMENT_METHOD_TYPES.find((t) => t.type === type);

/** What a stored secret is answered as: never the value itself. Sent back unchanged, it keeps the stored value. */
export const SECRET_MASK = '••••••••';

export const CHARGE_CURRENCIES = ['USD', 'EUR', 'RUB', 'USDT', 'BTC', 'GBP', 'INR', 'BRL'] as const;
/** gross: the fee is taken from the amount paid; net: the fee is added on top of it. */
export const CHARGE_TYPES = ['gross', 'net'] as const;
export const CHARGE_TYPE_LABELS: Record<(typeof CHARGE_TYPES)[number], string> = { gross: 'Fee included in the amount', net: 'Fee added on top' };
/** How the storefront takes the payment. */
export const PAYMENT_STRATEGIES = ['redirect', 'widget', 'invoice', 'manual'] as const;
export const PAYMENT_STRATEGY_LABELS: Record<(typeof PAYMENT_STRATEGIES)[number], string> = {
  redirect: 'Redirect to the gateway',
  widget: 'Embedded widget',
  invoice: 'Invoice with payment details',
  manual: 'Manual confirmation',
};

export const PAYMENT_METHOD_STATUSES = ['enabled', 'disabled'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];
export const PAYMENT_METHOD_STATUS_LABELS: Record<PaymentMethodStatus, string> = { enabled: 'Enabled', disabled: 'Disabled' };

export const INVOICES_TABLE = defineTableSpec({
  search: 'id, short name or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    status: { filter: 'multiSelect', options: INVOICE_STATUSES, sortable: true },
    'user.email': { filter: 'text', sortable: true },
    'paymentMethod.name': { filter: 'select', valueType: 'int', sortable: true, permission: 'viewPaymentMethods' },
    'paymentMethod.type': { filter: 'select', options: PAYMENT_METHOD_TYPE_NAMES, sortable: true, permission: 'viewPaymentMethods' },
    amount: { filter: 'numberRange', sortable: true },
    shortName: { filter: 'text', sortable: true },
    paidAt: { filter: 'dateRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    actions: { permission: 'manageInvoices' },
  },
  // One user's invoices (the links of a user's screen).
  queries: {
    userId: { filter: 'select', valueType: 'int' },
  },
});

export const WITHDRAWALS_TABLE = defineTableSpec({
  search: 'id, account number, transaction id or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    status: { filter: 'multiSelect', options: WITHDRAWAL_STATUSES, sortable: true },
    'user.email': { filter: 'text', sortable: true },
    accountNumber: { filter: 'text', sortable: true },
    userComment: { filter: 'text' },
    'withdrawalMethod.name': { filter: 'select', valueType: 'int', sortable: true, permission: 'viewPaymentMethods' },
    amount: { filter: 'numberRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    adminNote: { filter: 'text' },
    transactionId: { filter: 'text', sortable: true },
  },
  // One user's withdrawals (the links of a user's screen).
  queries: {
    userId: { filter: 'select', valueType: 'int' },
  },
});

export const TRANSACTIONS_TABLE = defineTableSpec({
  search: 'id, user id or e-mail, or order id',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    'user.email': { filter: 'text', sortable: true },
    type: { filter: 'multiSelect', options: BALANCE_TYPES, sortable: true },
    comment: { filter: 'text' },
    transactionType: { filter: 'multiSelect', options: TRANSACTION_KINDS, sortable: true },
    'paymentMethod.type': { filter: 'select', options: PAYMENT_METHOD_TYPE_NAMES, permission: 'viewPaymentMethods' },
    orderId: { filter: 'select', valueType: 'bigint', sortable: true },
    amount: { filter: 'numberRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
  queries: {
    userId: { filter: 'select', valueType: 'int' },
  },
});

export const PAYMENT_METHODS_TABLE = defineTableSpec({
  search: 'id, name or type',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    icon: {},
    name: { filter: 'text', sortable: true },
    type: { filter: 'select', options: PAYMENT_METHOD_TYPE_NAMES, sortable: true },
    status: { filter: 'select', options: PAYMENT_METHOD_STATUSES, sortable: true },
    position: { sortable: true },
    minAmount: { filter: 'numberRange', sortable: true },
    maxAmount: { filter: 'numberRange', sortable: true },
    feePercent: { filter: 'numberRange', sortable: true },
    chargeCurrency: { filter: 'select', options: CHARGE_CURRENCIES, sortable: true },
    isAllowedForNewUser: { filter: 'boolean', sortable: true },
    paymentMethodBonuses: {},
  },
});
