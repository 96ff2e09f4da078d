import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './customers';
import { orders } from './orders';

/**
 * Money records. A user's balance always equals the sum of their 'main' transactions: every balance
 * change locks the user row and inserts its transaction in the same database transaction
 * (DESIGN.md §5).
 */
export const BALANCE_TYPES = ['main', 'task', 'referral'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** Payment methods. Minimal for now; the finance area extends it (translations, secrets, bonuses…). */
export const paymentMethods = pgTable('payment_methods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The gateway kind: card, crypto, paypal… */
  type: text('type').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('transactions_balance_type_check', sql`${t.balanceType} IN ('main', 'task', 'referral')`),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_created_at_idx').on(t.createdAt),
    index('transactions_order_idx').on(t.orderId),
  ],
);

/** The payment methods a user may pay with (the profile's "sync payment methods"). */
export const userPaymentMethods = pgTable(
  'user_payment_methods',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.paymentMethodId] }), index('user_payment_methods_method_idx').on(t.paymentMethodId)],
);
