import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, numeric, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ExternalPanelOrderStatus } from '../../../contract/external-panel-orders';
import { orders } from './orders';
import { providers } from './providers';

/**
 * External-panel orders: each attempt to place one of our orders at a provider.
 * The order worker (src/server/upstream/worker.ts) creates them, sends them and follows the
 * provider's status; recreate adds a new attempt and marks the old one `recreated_at`.
 *
 * `base_quantity` is what the order had delivered before this attempt, so the order's delivered
 * count is base_quantity + quantity - remains. An answer the worker cannot read is kept in
 * `answer_raw`; an attempt `held_at` is no longer followed until a member asks (docs/upstream.md).
 */
export const externalPanelOrders = pgTable(
  'external_panel_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    /** The provider's service the attempt was placed with (its `service` id, as text). */
    externalServiceId: text('external_service_id'),
    externalId: text('external_id'),
    status: text('status').$type<ExternalPanelOrderStatus>().notNull().default('creating'),
    quantity: integer('quantity').notNull(),
    baseQuantity: integer('base_quantity').notNull().default(0),
    url: text('url').notNull(),
    charge: numeric('charge', { precision: 14, scale: 4 }),
    currency: text('currency'),
    startCount: integer('start_count'),
    remains: integer('remains'),
    error: text('error'),
    /** The provider's last answer about this attempt that could not be read, as it came (its start). */
    answerRaw: text('answer_raw'),
    /** Unreadable answers in a row while following it (a readable one resets it). */
    unreadableCount: integer('unreadable_count').notNull().default(0),
    /** Set when the worker stopped following it and held its order for a human (docs/upstream.md). */
    heldAt: timestamp('held_at', { withTimezone: true }),
    recreatedFromId: bigint('recreated_from_id', { mode: 'number' }).references((): AnyPgColumn => externalPanelOrders.id, {
      onDelete: 'set null',
    }),
    /** Set when a newer attempt replaced this one. */
    recreatedAt: timestamp('recreated_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('external_panel_orders_status_check', sql`${t.status} IN ('creating', 'pending', 'in_progress', 'processing', 'completed', 'partial', 'canceled')`),
    check('external_panel_orders_quantity_check', sql`${t.quantity} > 0`),
    index('external_panel_orders_status_id_idx').on(t.status, t.id),
    index('external_panel_orders_order_idx').on(t.orderId),
    index('external_panel_orders_provider_idx').on(t.providerId),
    index('external_panel_orders_created_at_idx').on(t.createdAt),
    // The worker's two queues: attempts to send, and attempts to follow (oldest check first).
    index('external_panel_orders_to_send_idx').on(t.id).where(sql`${t.status} = 'creating' AND ${t.externalId} IS NULL AND ${t.error} IS NULL`),
    index('external_panel_orders_to_check_idx').on(t.checkedAt).where(sql`${t.status} IN ('pending', 'in_progress', 'processing')`),
  ],
);
