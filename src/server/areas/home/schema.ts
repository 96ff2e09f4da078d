import { date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's roll-up of orders: one row per (UTC day the order was placed, service, provider,
 * current status) with the count and money sums of those orders. Database triggers on `orders`
 * keep it exact in the transaction of every insert, update and delete (migration
 * 0015_home_order_stats_triggers), so the charts read a few thousand rows instead of scanning a
 * million orders. A status change moves an order from one row to another; nothing is ever
 * recomputed from scratch except by the migration's backfill.
 *
 * provider_id and service_id are 0 when the order has none (a primary key cannot hold NULL).
 */
export const orderStatsDaily = pgTable(
  'order_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    serviceId: integer('service_id').notNull(),
    providerId: integer('provider_id').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
    /** Sum of orders.price: what customers were charged. */
    revenue: numeric('revenue', { precision: 18, scale: 4 }).notNull().default('0'),
    /** Sum of orders.cost: what the providers charge the panel. */
    cost: numeric('cost', { precision: 18, scale: 4 }).notNull().default('0'),
    /** Sum of orders.refund_amount: what went back to customers so far. */
    refunded: numeric('refunded', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceId, t.providerId, t.status] })],
);
