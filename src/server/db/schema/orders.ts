import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OrderSource, OrderSourceType, OrderStatus, PriceModification } from '../../../contract/orders';
import { services } from './catalogue';
import { users } from './customers';
import { providerServices, providers } from './providers';

/**
 * Orders. Cancel reasons, refill requests and counter checks are the orders area's own
 * (src/server/areas/orders/schema.ts).
 *
 * Columns other areas read or write (plain names, documented here):
 * - status: in_processing | in_moderation | completed | stopped | canceled | unpaid. Change it only
 *   with a conditional update (`… WHERE id = $1 AND status = ANY($allowed)`); completed and
 *   canceled are final.
 * - user_id, service_id: the customer and our service (nullable only for rows inserted without
 *   them; the API never creates such orders; a paid order always has a user).
 * - name, url, quantity (units ordered), current_quantity (units delivered so far), start_count
 *   (the counter at the url when the provider started).
 * - price: what the customer is charged, after price_modifications; cost: what the provider
 *   charges the panel; both numeric(14,4). is_paid: the price was debited from the user's balance
 *   (a 'main' transaction of type 'order' with this order_id). refund_amount: what went back so far
 *   (type 'refund' transactions); the check below keeps it within what was paid.
 * - source: one of the 14 sources; source_type + source_id: the parent (drip_feed, subscription,
 *   combo_order) and its id in that area's table (the parent areas set source_id).
 * - provider_id, provider_service_id: where the order is (to be) sent; provider_quantity: units to
 *   request there (NULL: quantity − current_quantity at send time); external_id: the order's id
 *   at that provider, NULL until sent. change-provider sets a new provider and clears external_id,
 *   so the worker sends the order again.
 * - has_no_active_providers: no active provider can fulfil the service (kept by
 *   refreshHasNoActiveProviders in src/server/areas/orders/providers.ts; counted live).
 * - percent_of_external_statistics_fill: 0–100, from counter checks (order_statistics).
 * - cancel_reason (a cancel_reasons.value), cancel_description, canceled_at: set by cancel/reject.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').$type<OrderStatus>().notNull().default('in_processing'),
    hasNoActiveProviders: boolean('has_no_active_providers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'restrict' }),
    name: text('name').notNull().default(''),
    url: text('url').notNull().default(''),
    price: numeric('price', { precision: 14, scale: 4 }).notNull().default('0'),
    cost: numeric('cost', { precision: 14, scale: 4 }).notNull().default('0'),
    quantity: integer('quantity').notNull().default(0),
    currentQuantity: integer('current_quantity').notNull().default(0),
    startCount: integer('start_count'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    source: text('source').$type<OrderSource>().notNull().default('cabinet'),
    sourceType: text('source_type').$type<OrderSourceType>(),
    sourceId: bigint('source_id', { mode: 'number' }),
    refundAmount: numeric('refund_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    isPaid: boolean('is_paid').notNull().default(false),
    comment: text('comment'),
    percentOfExternalStatisticsFill: numeric('percent_of_external_statistics_fill', { precision: 6, scale: 2 }),
    priceModifications: jsonb('price_modifications').$type<PriceModification[]>().notNull().default(sql`'[]'::jsonb`),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    providerServiceId: integer('provider_service_id').references(() => providerServices.id, { onDelete: 'set null' }),
    providerQuantity: integer('provider_quantity'),
    externalId: text('external_id'),
    cancelReason: text('cancel_reason'),
    cancelDescription: text('cancel_description'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} IN ('in_processing', 'in_moderation', 'completed', 'stopped', 'canceled', 'unpaid')`),
    check(
      'orders_source_check',
      sql`${t.source} IN ('api', 'cabinet', 'order_widget', 'socpanel', 'perfect_panel_api', 'subscription', 'order_widget_multiple',
        'buy_page', 'single_form', 'drip_feed', 'free_trial', 'package', 'order_widget_step_by_step', 'order_widget_mini')`,
    ),
    check('orders_source_type_check', sql`${t.sourceType} IS NULL OR ${t.sourceType} IN ('drip_feed', 'subscription', 'combo_order')`),
    check('orders_money_check', sql`${t.price} >= 0 AND ${t.cost} >= 0`),
    check('orders_quantity_check', sql`${t.quantity} >= 0 AND ${t.currentQuantity} >= 0`),
    // The last line of defence of the refund rule: never more back than was paid.
    check('orders_refund_check', sql`${t.refundAmount} >= 0 AND ${t.refundAmount} <= CASE WHEN ${t.isPaid} THEN ${t.price} ELSE 0 END`),
    check('orders_paid_user_check', sql`NOT ${t.isPaid} OR ${t.userId} IS NOT NULL`),
    // The default view (status filter, newest first) and its count.
    index('orders_status_id_idx').on(t.status, t.id),
    index('orders_user_id_idx').on(t.userId, t.id),
    index('orders_service_idx').on(t.serviceId),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_completed_at_idx').on(t.completedAt),
    index('orders_source_type_id_idx').on(t.sourceType, t.sourceId),
    index('orders_provider_idx').on(t.providerId),
    // The "No providers" counter and its list.
    index('orders_no_active_providers_idx').on(t.id).where(sql`${t.hasNoActiveProviders}`),
    // Search by url (contains): trigram index, pg_trgm is enabled by migration 0002.
    index('orders_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
  ],
);
