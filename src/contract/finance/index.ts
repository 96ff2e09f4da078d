import { z } from 'zod';
import { id, money, dateTime, fraction, moneyInput, positiveId, translationsSchema, messageSchema } from '../fields';
import { ADMIN, endpoint, pathBigId, pathId } from '../endpoint';
import { tableEndpoint } from '../table';
import {
  BALANCE_TYPES,
  CHARGE_CURRENCIES,
  CHARGE_TYPES,
  INVOICE_STATUSES,
  INVOICES_TABLE,
  PAYMENT_METHOD_STATUSES,
  PAYMENT_METHOD_TYPE_NAMES,
  PAYMENT_METHODS_TABLE,
  PAYMENT_STRATEGIES,
  TRANSACTION_KINDS,
  TRANSACTIONS_TABLE,
  WITHDRAWAL_STATUSES,
  WITHDRAWALS_TABLE,
} from './columns';

export * from './columns';

/**
 * Finance: invoices, withdrawals, transactions (payments), payment methods and their bonuses
 * (docs/finance.md).
 *
 * Conventions of this area:
 * - invoices are `GET /invoices` with the table request as `?q=<JSON>`; transactions are
 *   `POST /payments` (the spec's paths); withdrawals and payment methods `POST …/table`.
 * - every balance change is a transaction row written with the balance in one database
 *   transaction: a user's balance always equals the sum of their 'main' transactions.
 * - mark as paid credits the amount sent plus the best enabled bonus of the invoice's method (the
 *   highest `fromAmount` not above the amount) once; a second call is a 409.
 * - a withdrawal holds its amount from the balance when it is requested; Reject gives it back
 *   once, Paid completes it once; Approve only moves it on. Bodies use the spec's error keys:
 *   `admin_note`, `transaction_id`.
 * - payment-method percents are fractions ('0.0250' is 2.5 %), shown ×100 by the console; the
 *   withdrawal fee percent has three decimals. Secrets are answered masked (SECRET_MASK); a mask
 *   sent back keeps the stored value.
 * - payment-method columns of the invoice, withdrawal and transaction lists need viewPaymentMethods.
 * - `GET /invoices/:id`, `/withdrawals/:withdrawalId` and `/payments/:id` answer one record for the
 *   console's record screens: the list row plus its links. They are not part of the panel's
 *   published API (docs/finance.md says why the console needs them).
 */

const userRef = z.object({ id, email: z.string() });
const methodRef = z.object({ id, name: z.string(), type: z.string() });

/* ---------- invoices ---------- */

export const invoiceRowSchema = z.object({
  id,
  status: z.enum(INVOICE_STATUSES),
  user: userRef,
  /** Null when the caller lacks viewPaymentMethods, or the method was deleted. */
  paymentMethod: methodRef.nullable(),
  amount: money,
  shortName: z.string(),
  paidAt: dateTime.nullable(),
  createdAt: dateTime,
  /** Pending or expired, and manageInvoices. */
  canBeMarkedAsPaid: z.boolean(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const markInvoicePaidBodySchema = z.object({
  amount: moneyInput.refine((v) => Number(v) > 0, { message: 'The amount must be greater than 0.' }),
});
export type MarkInvoicePaidBody = z.input<typeof markInvoicePaidBodySchema>;

export const markInvoicePaidResultSchema = z.object({
  message: z.string(),
  invoice: invoiceRowSchema,
  /** What reached the balance: the amount and the bonus. */
  credited: money,
  bonus: money,
  balance: money,
});
export type MarkInvoicePaidResult = z.infer<typeof markInvoicePaidResultSchema>;

/* ---------- withdrawals ---------- */

export const withdrawalRowSchema = z.object({
  id,
  status: z.enum(WITHDRAWAL_STATUSES),
  user: userRef,
  accountNumber: z.string(),
  userComment: z.string().nullable(),
  withdrawalMethod: methodRef.nullable(),
  amount: money,
  /** The method's fee, taken from the amount paid out. */
  fee: money,
  createdAt: dateTime,
  adminNote: z.string().nullable(),
  transactionId: z.string().nullable(),
  actions: z.object({
    /** Pending, and approveWithdrawalRequests. */
    approvable: z.boolean(),
    /** Pending or approved, and manageWithdrawals. */
    rejectable: z.boolean(),
    /** Pending or approved, and markAsPaidWithdrawalRequests. */
    payable: z.boolean(),
  }),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

export const rejectWithdrawalBodySchema = z.object({
  admin_note: z
    .string({ error: 'The admin note field is required.' })
    .trim()
    .min(1, 'The admin note field is required.')
    .max(1000, 'The admin note may have at most 1000 characters.'),
});
export type RejectWithdrawalBody = z.input<typeof rejectWithdrawalBodySchema>;

export const payWithdrawalBodySchema = z.object({
  transaction_id: z
    .string({ error: 'The transaction id field is required.' })
    .trim()
    .min(1, 'The transaction id field is required.')
    .max(255, 'The transaction id may have at most 255 characters.'),
});
export type PayWithdrawalBody = z.input<typeof payWithdrawalBodySchema>;

export const withdrawalActionResultSchema = z.object({ message: z.string(), withdrawal: withdrawalRowSchema });

/* ---------- transactions ---------- */

export const transactionRowSchema = z.object({
  id,
  user: userRef,
  /** The balance moved (main, task, referral). */
  type: z.enum(BALANCE_TYPES),
  comment: z.string().nullable(),
  /** What moved it. */
  transactionType: z.enum(TRANSACTION_KINDS),
  direction: z.enum(['income', 'expense']),
  paymentMethod: z.object({ id, type: z.string(), name: z.string() }).nullable(),
  orderId: id.nullable(),
  invoiceId: id.nullable(),
  withdrawalId: id.nullable(),
  /** Signed: credits positive, debits negative. */
  amount: money,
  createdAt: dateTime,
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/* ---------- one record (the console's record screens) ---------- */

/** A ledger entry a record links to: an invoice's deposit and bonus, a withdrawal's hold and release. */
export const linkedTransactionSchema = z.object({
  id,
  transactionType: z.enum(TRANSACTION_KINDS),
  /** Signed, as in the transactions list. */
  amount: money,
  createdAt: dateTime,
});
export type LinkedTransaction = z.infer<typeof linkedTransactionSchema>;

/** One invoice: its list row, what marking it as paid credited, and the transactions that credited it. */
export const invoiceDetailSchema = invoiceRowSchema.extend({
  /** What was credited when it was marked as paid (it may differ from the amount); null until then. */
  paidAmount: money.nullable(),
  /** The payment method's bonus credited on top; null until paid. */
  bonusAmount: money.nullable(),
  /** Its deposit and bonus, oldest first; empty until paid. */
  transactions: z.array(linkedTransactionSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** One withdrawal: its list row, when it moved on, and its hold (and release, when rejected). */
export const withdrawalDetailSchema = withdrawalRowSchema.extend({
  approvedAt: dateTime.nullable(),
  paidAt: dateTime.nullable(),
  rejectedAt: dateTime.nullable(),
  /** The hold made when it was requested and the release of a rejection, oldest first. */
  transactions: z.array(linkedTransactionSchema),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

/** One transaction: the list row, which carries its links (user, order, invoice, withdrawal). */
export type TransactionDetail = z.infer<typeof transactionRowSchema>;

/** One user's main ledger, newest first, each entry with the balance after it. */
export const userLedgerSchema = z.object({
  user: z.object({ id, email: z.string(), balance: money }),
  /** Sum of every main transaction. */
  sum: money,
  /** balance = sum. */
  balanced: z.boolean(),
  totalItemsCount: z.number().int(),
  items: z.array(transactionRowSchema.extend({ runningBalance: money })),
});
export type UserLedger = z.infer<typeof userLedgerSchema>;

export const ledgerCheckSchema = z.object({
  usersChecked: z.number().int(),
  /** Users whose balance differs from the sum of their main transactions: zero, always. */
  mismatchedUsersCount: z.number().int(),
  mismatchedUsers: z.array(z.object({ id, email: z.string(), balance: money, sum: money })),
  pendingWithdrawalsCount: z.number().int(),
  /** Held from balances by withdrawals not yet paid or rejected. */
  heldInPendingWithdrawals: money,
  /** Holds without their withdrawal still open, or releases without a rejection: zero, always. */
  holdMismatches: z.number().int(),
  checkedAt: dateTime,
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/* ---------- payment methods ---------- */

export const PAYMENT_METHOD_TRANSLATION_FIELDS = ['name', 'description', 'withdrawDescription', 'additionalInformation'] as const;

const optionalMoney = z.union([moneyInput, z.literal(''), z.null()]).transform((v) => (v === '' || v === null ? null : v));

export const paymentMethodBonusSchema = z.object({
  id,
  bonusPercent: money,
  fromAmount: money,
  isEnabled: z.boolean(),
});
export type PaymentMethodBonus = z.infer<typeof paymentMethodBonusSchema>;

export const publicFieldsSchema = z.object({ isUserComment: z.boolean(), qrCode: z.boolean() });
export const withdrawalOptionsSchema = z.object({
  availableForWithdrawal: z.boolean(),
  /** A fraction with three decimals ('0.025' is 2.5 %). */
  feePercent: z.string(),
  maxAmount: money.nullable(),
  minAmount: money.nullable(),
  minFee: money,
});

export const paymentMethodRowSchema = z.object({
  id,
  name: z.string(),
  type: z.string(),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  icon: z.string().nullable(),
  position: z.number().int(),
  minAmount: money.nullable(),
  maxAmount: money.nullable(),
  /** A fraction of 1 ('0.025' is 2.5 %). */
  feePercent: z.string(),
  chargeCurrency: z.string(),
  isAllowedForNewUser: z.boolean(),
  paymentMethodBonuses: z.array(paymentMethodBonusSchema),
  actions: z.object({ enablable: z.boolean(), disablable: z.boolean(), editable: z.boolean() }),
});
export type PaymentMethodRow = z.infer<typeof paymentMethodRowSchema>;

export const paymentMethodDetailSchema = paymentMethodRowSchema.extend({
  description: z.string(),
  translations: z.record(z.string(), z.record(z.string(), z.string())),
  allowQrCode: z.boolean(),
  paymentQrCode: z.string().nullable(),
  chargeType: z.enum(CHARGE_TYPES),
  strategy: z.enum(PAYMENT_STRATEGIES),
  isEnabled: z.boolean(),
  /** Every secret field of the type; stored values answered as SECRET_MASK, empty ones as ''. */
  secrets: z.record(z.string(), z.string()),
  publicFields: publicFieldsSchema,
  withdrawalOptions: withdrawalOptionsSchema,
  updatedAt: dateTime,
});
export type PaymentMethodDetail = z.infer<typeof paymentMethodDetailSchema>;

export const paymentMethodBodySchema = z
  .object({
    type: z.enum(PAYMENT_METHOD_TYPE_NAMES as [string, ...string[]], { error: 'Choose a payment method type.' }),
    translations: translationsSchema(PAYMENT_METHOD_TRANSLATION_FIELDS, { required: ['en'], requiredFields: ['name'], max: 5000 }),
    icon: z.string().trim().max(500).nullable().optional(),
    allowQrCode: z.boolean(),
    paymentQrCode: z.string().trim().max(2000).nullable().optional(),
    minAmount: optionalMoney,
    maxAmount: optionalMoney,
    feePercent: fraction(4),
    chargeCurrency: z.enum(CHARGE_CURRENCIES, { error: 'Choose a charge currency.' }),
    chargeType: z.enum(CHARGE_TYPES, { error: 'Choose a charge type.' }),
    strategy: z.enum(PAYMENT_STRATEGIES, { error: 'Choose a strategy.' }),
    isEnabled: z.boolean(),
    isAllowedForNewUser: z.boolean(),
    position: z.number().int().min(1, 'The position must be at least 1.').max(100000).optional(),
    secrets: z.record(z.string(), z.string().max(2000, 'The value may have at most 2000 characters.')),
    publicFields: publicFieldsSchema,
    withdrawalOptions: z.object({
      availableForWithdrawal: z.boolean(),
      feePercent: fraction(3),
      maxAmount: optionalMoney,
      minAmount: optionalMoney,
      minFee: moneyInput,
    }),
  })
  .superRefine((v, ctx) => {
    if (v.minAmount !== null && v.maxAmount !== null && Number(v.minAmount) > Number(v.maxAmount)) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'The maximum amount must be at least the minimum amount.' });
    }
    const w = v.withdrawalOptions;
    if (w.minAmount !== null && w.maxAmount !== null && Number(w.minAmount) > Number(w.maxAmount)) {
      ctx.addIssue({ code: 'custom', path: ['withdrawalOptions', 'maxAmount'], message: 'The maximum amount must be at least the minimum amount.' });
    }
  });
export type PaymentMethodBody = z.input<typeof paymentMethodBodySchema>;

export const paymentMethodResultSchema = z.object({ message: z.string(), paymentMethod: paymentMethodDetailSchema });

export const sortPaymentMethodsBodySchema = z.object({
  ids: z
    .array(positiveId)
    .min(1, 'Nothing to sort.')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each method may appear once.'),
});

export const paymentMethodCollectionsSchema = z.object({
  types: z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      secretFields: z.array(z.object({ name: z.string(), label: z.string(), default: z.string(), options: z.array(z.string()).optional() })),
    }),
  ),
  chargeCurrencies: z.array(z.string()),
  chargeTypes: z.array(z.string()),
  strategies: z.array(z.string()),
  /** How many methods exist: a new one's position defaults to this plus one. */
  count: z.number().int(),
});

export const bonusInputSchema = z.object({
  id: positiveId.nullable().optional(),
  bonusPercent: fraction(4),
  fromAmount: moneyInput,
  isEnabled: z.boolean(),
});
export const storeBonusesBodySchema = z
  .object({ bonuses: z.array(bonusInputSchema).max(100, 'A method may have at most 100 bonuses.') })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>();
    v.bonuses.forEach((b, i) => {
      const key = Number(b.fromAmount).toString();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['bonuses', i, 'fromAmount'], message: 'Another bonus starts at this amount.' });
      else seen.set(key, i);
    });
  });
export type StoreBonusesBody = z.input<typeof storeBonusesBodySchema>;

export const bonusesResultSchema = z.object({ message: z.string(), paymentMethodBonuses: z.array(paymentMethodBonusSchema) });

const invoiceParams = z.object({ id: pathId('Invoice') });
const withdrawalParams = z.object({ withdrawalId: pathId('Withdrawal') });
const methodParams = z.object({ paymentMethodId: pathId('Payment method') });

export const LEDGER_PAGE_MAX = 200;

export const financeEndpoints = {
  invoicesTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/invoices`,
    permission: 'viewInvoices',
    row: invoiceRowSchema,
    table: INVOICES_TABLE,
    summary: 'The invoice table (the table request as ?q=<JSON>)',
  }),
  invoicesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/invoices/:id`,
    permission: 'viewInvoices',
    params: invoiceParams,
    response: invoiceDetailSchema,
    summary: "One invoice with the transactions that credited it (the console's record screen)",
  }),
  invoicesMarkAsPaid: endpoint({
    method: 'POST',
    path: `${ADMIN}/invoices/:id/mark-as-paid`,
    permission: 'manageInvoices',
    params: invoiceParams,
    body: markInvoicePaidBodySchema,
    response: markInvoicePaidResultSchema,
    summary: "Mark an invoice as paid: credits the amount and its method's bonus once (409 when it cannot be)",
  }),
  withdrawalsTable: tableEndpoint({
    path: `${ADMIN}/withdrawals/table`,
    permission: 'viewWithdrawals',
    row: withdrawalRowSchema,
    table: WITHDRAWALS_TABLE,
    summary: 'The withdrawal table',
  }),
  withdrawalsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/withdrawals/:withdrawalId`,
    permission: 'viewWithdrawals',
    params: withdrawalParams,
    response: withdrawalDetailSchema,
    summary: "One withdrawal with its hold and release transactions (the console's record screen)",
  }),
  withdrawalsApprove: endpoint({
    method: 'POST',
    path: `${ADMIN}/withdrawals/:withdrawalId/approve`,
    permission: 'approveWithdrawalRequests',
    params: withdrawalParams,
    response: withdrawalActionResultSchema,
    summary: 'Approve a pending withdrawal (the amount stays held)',
  }),
  withdrawalsReject: endpoint({
    method: 'POST',
    path: `${ADMIN}/withdrawals/:withdrawalId/reject`,
    permission: 'manageWithdrawals',
    params: withdrawalParams,
    body: rejectWithdrawalBodySchema,
    response: withdrawalActionResultSchema,
    summary: 'Reject a withdrawal with a note: the held amount goes back to the balance once',
  }),
  withdrawalsMarkAsPaid: endpoint({
    method: 'POST',
    path: `${ADMIN}/withdrawals/:withdrawalId/mark-as-paid`,
    permission: 'markAsPaidWithdrawalRequests',
    params: withdrawalParams,
    body: payWithdrawalBodySchema,
    response: withdrawalActionResultSchema,
    summary: "Mark a withdrawal as paid with the payout's transaction id: the held amount leaves for good",
  }),
  paymentsTable: tableEndpoint({
    path: `${ADMIN}/payments`,
    permission: 'viewFinances',
    row: transactionRowSchema,
    table: TRANSACTIONS_TABLE,
    summary: 'The transactions table (POST /payments)',
  }),
  paymentsLedgerCheck: endpoint({
    method: 'GET',
    path: `${ADMIN}/payments/ledger-check`,
    permission: 'viewFinances',
    response: ledgerCheckSchema,
    summary: 'Users whose balance differs from the sum of their transactions, and what pending withdrawals hold',
  }),
  // After ledger-check: a static path is matched before this one's id.
  paymentsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/payments/:id`,
    permission: 'viewFinances',
    params: z.object({ id: pathBigId('Transaction') }),
    response: transactionRowSchema,
    summary: "One transaction with its links (the console's record screen)",
  }),
  paymentsUserLedger: endpoint({
    method: 'GET',
    path: `${ADMIN}/payments/users/:userId/ledger`,
    permission: 'viewFinances',
    params: z.object({ userId: pathId('User') }),
    query: z.object({
      page: z.coerce.number().int().min(1).max(100000).default(1),
      perPage: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(20),
    }),
    response: userLedgerSchema,
    summary: "One user's main ledger with the running balance, and whether it adds up to the balance",
  }),
  paymentMethodsTable: tableEndpoint({
    path: `${ADMIN}/payment-methods/table`,
    permission: 'managePaymentMethods',
    row: paymentMethodRowSchema,
    table: PAYMENT_METHODS_TABLE,
    summary: 'The payment method table (default sort: position ascending)',
  }),
  paymentMethodsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/payment-methods/collections`,
    permission: 'managePaymentMethods',
    response: paymentMethodCollectionsSchema,
    summary: 'Types with their secret fields, currencies, charge types, strategies and the number of methods',
  }),
  paymentMethodsSort: endpoint({
    method: 'POST',
    path: `${ADMIN}/payment-methods/sort`,
    permission: 'managePaymentMethods',
    body: sortPaymentMethodsBodySchema,
    response: messageSchema,
    summary: 'New positions: the ids in their order',
  }),
  paymentMethodsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/payment-methods`,
    permission: 'managePaymentMethods',
    body: paymentMethodBodySchema,
    response: paymentMethodResultSchema,
    summary: 'Create a payment method',
  }),
  paymentMethodsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/payment-methods/:paymentMethodId`,
    permission: 'managePaymentMethods',
    params: methodParams,
    response: paymentMethodDetailSchema,
    summary: 'One payment method (secrets masked)',
  }),
  paymentMethodsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/payment-methods/:paymentMethodId`,
    permission: 'managePaymentMethods',
    params: methodParams,
    body: paymentMethodBodySchema,
    response: paymentMethodResultSchema,
    summary: 'Update a payment method (a masked secret keeps its value)',
  }),
  paymentMethodsEnable: endpoint({
    method: 'POST',
    path: `${ADMIN}/payment-methods/:paymentMethodId/enable`,
    permission: 'managePaymentMethods',
    params: methodParams,
    response: paymentMethodResultSchema,
    summary: 'Enable a disabled payment method (409 otherwise)',
  }),
  paymentMethodsDisable: endpoint({
    method: 'POST',
    path: `${ADMIN}/payment-methods/:paymentMethodId/disable`,
    permission: 'managePaymentMethods',
    params: methodParams,
    response: paymentMethodResultSchema,
    summary: 'Disable an enabled payment method (409 otherwise)',
  }),
  paymentMethodBonusesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/payment-methods/:paymentMethodId/bonuses`,
    permission: 'managePaymentMethods',
    params: methodParams,
    body: storeBonusesBodySchema,
    response: bonusesResultSchema,
    summary: "Store a method's bonuses together: rows with an id are updated, without one created",
  }),
  paymentMethodBonusesDelete: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/payment-method-bonuses/:bonusId`,
    permission: 'managePaymentMethods',
    params: z.object({ bonusId: pathId('Payment method bonus') }),
    response: messageSchema,
    summary: 'Delete one bonus',
  }),
};
