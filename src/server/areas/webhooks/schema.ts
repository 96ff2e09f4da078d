import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The events a webhook can subscribe to (id, name, type). */
export const webhookTypes = pgTable('webhook_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
});

/** Webhooks: where events are POSTed, signed with the webhook's own secret. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    webhookTypeId: integer('webhook_type_id')
      .notNull()
      .references(() => webhookTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.webhookId, t.webhookTypeId] }), index('webhook_subscriptions_type_idx').on(t.webhookTypeId)],
);

/** One event, whatever the number of webhooks it goes to; its id is what receivers de-duplicate on. */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event to one webhook: its state and the last attempt's outcome (each attempt is a webhook_delivery_attempts row). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    redeliveryOf: bigint('redelivery_of', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id), index('webhook_deliveries_event_idx').on(t.eventId)],
);

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [uniqueIndex('webhook_delivery_attempts_unique').on(t.deliveryId, t.attempt)],
);

/**
 * Events waiting to be fanned out to their webhooks. Database triggers (migration
 * 0011_webhook_triggers) write here in the transaction of the change itself — an order's status,
 * an invoice paid, a withdrawal or free-trial request inserted by any process — and only while an
 * active webhook subscribes to the event, so the table stays empty on a panel without webhooks.
 * The pump (./pump.ts) turns rows into events, deliveries and delivery jobs.
 */
export const webhookOutbox = pgTable('webhook_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
