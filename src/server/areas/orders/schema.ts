import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../../db/schema/orders';

/** The orders area's own tables: cancel reasons, refill requests and counter checks (db/schema/orders.ts holds the orders, which other areas read and write). */

/** The reasons offered by the cancel dialog (`value` is stored on the order). */
export const cancelReasons = pgTable('cancel_reasons', {
  id: serial('id').primaryKey(),
  value: text('value').notNull().unique(),
  text: text('text').notNull(),
  sorting: integer('sorting').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const orderRefillRequests = pgTable(
  'order_refill_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'in_progress' | 'completed' | 'rejected'>().notNull().default('pending'),
    /** Units asked to be refilled; NULL: whatever dropped. */
    quantity: integer('quantity'),
    /** The refill's id at the provider. */
    externalRefillId: text('external_refill_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('order_refill_requests_status_check', sql`${t.status} IN ('pending', 'in_progress', 'completed', 'rejected')`),
    index('order_refill_requests_order_idx').on(t.orderId, t.id),
  ],
);

/** Counter checks at an order's url (its statistics history). */
export const orderStatistics = pgTable(
  'order_statistics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_statistics_order_idx').on(t.orderId, t.checkedAt)],
);
