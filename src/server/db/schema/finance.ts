import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './customers';
import { orders } from './orders';

/**
 * Money records. A user's balance always equals the sum of their 'main' transactions: every balance
 * change locks the user row and inserts its transaction in the same database transaction
 * (docs/finance.md, "The ledger").
 */
export const BALANCE_TYPES = ['main', 'task', 'referral'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

export interface PaymentMethodPublicFields {
  isUserComment: boolean;
  qrCode: boolean;
}

/** Percent as a fraction with three decimals; amounts as decimal strings (null: no limit). */
export interface PaymentMethodWithdrawalOptions {
  availableForWithdrawal: boolean;
  feePercent: string;
  maxAmount: string | null;
  minAmount: string | null;
  minFee: string;
}

/**
 * Payment methods. `name` and `description` repeat the English translation, for lists and joins.
 * `secrets` holds the gateway credentials of the type's secret
 * fields: never answered in clear, never audited (the finance area's record marks it secret).
 */
export const paymentMethods = pgTable('payment_methods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The gateway kind: card, crypto, paypal… */
  type: text('type').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
  description: text('description').notNull().default(''),
  translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
  icon: text('icon'),
  allowQrCode: boolean('allow_qr_code').notNull().default(false),
  paymentQrCode: text('payment_qr_code'),
  minAmount: numeric('min_amount', { precision: 14, scale: 4 }),
  maxAmount: numeric('max_amount', { precision: 14, scale: 4 }),
  feePercent: numeric('fee_percent', { precision: 6, scale: 4 }).notNull().default('0'),
  chargeCurrency: text('charge_currency').notNull().default('USD'),
  chargeType: text('charge_type').notNull().default('gross'),
  strategy: text('strategy').notNull().default('redirect'),
  isAllowedForNewUser: boolean('is_allowed_for_new_user').notNull().default(true),
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  publicFields: jsonb('public_fields').$type<PaymentMethodPublicFields>().notNull().default({ isUserComment: false, qrCode: false }),
  withdrawalOptions: jsonb('withdrawal_options')
    .$type<PaymentMethodWithdrawalOptions>()
    .notNull()
    .default({ availableForWithdrawal: false, feePercent: '0.000', maxAmount: null, minAmount: null, minFee: '0' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Positive credits, negative debits. */
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    balanceType: text('balance_type').$type<BalanceType>().notNull().default('main'),
    /** What moved the money: deposit, order, refund, bonus, withdrawal, correction… */
    type: text('type').notNull(),
    /** Direction as shown in the list: income or expense. */
    transactionType: text('transaction_type').notNull(),
    comment: text('comment'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    /** The invoice a deposit or its bonus paid (finance area). */
    invoiceId: integer('invoice_id'),
    /** The withdrawal a hold or its release belongs to (finance area). */
    withdrawalId: integer('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('transactions_balance_type_check', sql`${t.balanceType} IN ('main', 'task', 'referral')`),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_created_at_idx').on(t.createdAt),
    index('transactions_order_idx').on(t.orderId),
    index('transactions_user_id_idx').on(t.userId, t.id),
    index('transactions_type_id_idx').on(t.type, t.id),
    // Exactly once, whatever the races: one deposit and one bonus per invoice, one hold and one release per withdrawal.
    uniqueIndex('transactions_invoice_type_unique').on(t.invoiceId, t.type).where(sql`${t.invoiceId} IS NOT NULL`),
    uniqueIndex('transactions_withdrawal_type_unique').on(t.withdrawalId, t.type).where(sql`${t.withdrawalId} IS NOT NULL`),
  ],
);
