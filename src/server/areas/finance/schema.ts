import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/customers';
import { paymentMethods } from '../../db/schema/finance';
import type { InvoiceStatus, WithdrawalStatus } from '../../../contract/finance/columns';

/** The finance area's own tables: invoices, withdrawals and payment-method bonuses. */

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    status: text('status').$type<InvoiceStatus>().notNull().default('pending'),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    /** The gateway's short reference shown to the customer. */
    shortName: text('short_name').notNull(),
    /** What was credited when it was marked as paid, and the bonus on top. */
    paidAmount: numeric('paid_amount', { precision: 14, scale: 4 }),
    bonusAmount: numeric('bonus_amount', { precision: 14, scale: 4 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} IN ('pending', 'paid', 'expired')`),
    check('invoices_amount_check', sql`${t.amount} > 0`),
    index('invoices_user_idx').on(t.userId),
    index('invoices_status_idx').on(t.status, t.id),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    status: text('status').$type<WithdrawalStatus>().notNull().default('pending'),
    accountNumber: text('account_number').notNull(),
    userComment: text('user_comment'),
    /** Held from the balance when requested. */
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    /** The method's fee, kept from the payout. */
    fee: numeric('fee', { precision: 14, scale: 4 }).notNull().default('0'),
    adminNote: text('admin_note'),
    transactionId: text('transaction_id'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('withdrawals_status_check', sql`${t.status} IN ('pending', 'approved', 'paid', 'rejected')`),
    check('withdrawals_amount_check', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} < ${t.amount}`),
    index('withdrawals_user_idx').on(t.userId),
    index('withdrawals_status_idx').on(t.status, t.id),
  ],
);

export const paymentMethodBonuses = pgTable(
  'payment_method_bonuses',
  {
    id: serial('id').primaryKey(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    /** A fraction: '0.0500' is 5 %. */
    bonusPercent: numeric('bonus_percent', { precision: 6, scale: 4 }).notNull().default('0'),
    fromAmount: numeric('from_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    isEnabled: boolean('is_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_method_bonuses_percent_check', sql`${t.bonusPercent} >= 0 AND ${t.bonusPercent} <= 1`),
    index('payment_method_bonuses_method_idx').on(t.paymentMethodId, t.fromAmount),
  ],
);
