import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Customers' cancel requests (docs/upstream.md): asked through the customer API, worked on
 * /cancel-requests. One open (pending or forwarded) request per order.
 */
export const cancelRequests = pgTable(
  'cancel_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'forwarded' | 'canceled' | 'rejected'>().notNull().default('pending'),
    /** Staff's note (a rejection's reason) or what closed the request. */
    note: text('note'),
    /** The provider's refusal of the last forward. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('cancel_requests_status_check', sql`${t.status} IN ('pending', 'forwarded', 'canceled', 'rejected')`),
    index('cancel_requests_order_idx').on(t.orderId, t.id),
    index('cancel_requests_status_idx').on(t.status, t.id),
    uniqueIndex('cancel_requests_one_open_idx').on(t.orderId).where(sql`${t.status} IN ('pending', 'forwarded')`),
  ],
);
