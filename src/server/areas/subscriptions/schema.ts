import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { paymentMethods } from '../../db/schema/finance';
import { subscriptions } from '../../db/schema/subscriptions';

/** The subscriptions area's own tables: the contents served and the payment methods a subscription may use (db/schema/subscriptions.ts holds the subscriptions and their services, which the catalogue reads). */

/** Contents served; `order_ids` are the orders placed for the content. */
export const subscriptionContents = pgTable(
  'subscription_contents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    orderIds: bigint('order_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_contents_subscription_idx').on(t.subscriptionId, t.id)],
);

/** Saved payment methods a recurring subscription renews with. */
export const subscriptionPaymentMethods = pgTable(
  'subscription_payment_methods',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.paymentMethodId] }), index('subscription_payment_methods_method_idx').on(t.paymentMethodId)],
);
