import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Orders. Only the columns the live counters read exist so far; the orders area extends this
 * table (user, service, money, provider...).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').notNull().default('in_processing'),
    hasNoActiveProviders: boolean('has_no_active_providers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_status_idx').on(t.status)],
);
