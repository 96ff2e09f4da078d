import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The simulated upstream provider's own state (SMM panel API v2). It shares the database with the
 * panel but none of its tables: the panel reaches it only over HTTP, as it would a real provider.
 * Times the simulation runs on are milliseconds of the simulator's clock (injectable in tests).
 */
export const simAccounts = pgTable('sim_accounts', {
  id: serial('id').primaryKey(),
  apiKey: text('api_key').notNull().unique(),
  /** Which simulated panel (SIM_PANELS key) the account is at: a key works only there. */
  panel: text('panel').notNull().default('panvy'),
  balance: numeric('balance', { precision: 14, scale: 4 }).notNull().default('0'),
  currency: text('currency').notNull().default('USD'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simServices = pgTable('sim_services', {
  /** The provider's service number (`service` in the API); the panels use disjoint ranges. */
  id: integer('id').primaryKey(),
  /** Which simulated panel sells it (SIM_PANELS key). */
  panel: text('panel').notNull().default('panvy'),
  /** False while the catalogue's drift has taken it off the list (it may come back). */
  present: boolean('present').notNull().default(true),
  name: text('name').notNull(),
  type: text('type').notNull().default('Default'),
  category: text('category').notNull(),
  /** Price per 1000. */
  rate: numeric('rate', { precision: 14, scale: 4 }).notNull(),
  min: integer('min').notNull(),
  max: integer('max').notNull(),
  refill: boolean('refill').notNull().default(false),
  cancel: boolean('cancel').notNull().default(false),
  dripfeed: boolean('dripfeed').notNull().default(false),
}, (t) => [index('sim_services_panel_idx').on(t.panel, t.id)]);

/** Each simulated panel's drift counter: how many drift steps its catalogue has gone through. */
export const simPanels = pgTable('sim_panels', {
  key: text('key').primaryKey(),
  driftStep: integer('drift_step').notNull().default(0),
  driftedAt: timestamp('drifted_at', { withTimezone: true }),
});

export const SIM_ORDER_STATUSES = ['Pending', 'In progress', 'Processing', 'Completed', 'Partial', 'Canceled'] as const;
export type SimOrderStatus = (typeof SIM_ORDER_STATUSES)[number];
/** How an order will end, fixed when it is placed. */
export type SimOutcome = 'complete' | 'overdeliver' | 'partial' | 'cancel';

export const simOrders = pgTable(
  'sim_orders',
  {
    // Far from the panel's own ids, so an external id is never mistaken for a local one.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 7000001 }),
    accountId: integer('account_id')
      .notNull()
      .references(() => simAccounts.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').notNull(),
    link: text('link').notNull(),
    quantity: integer('quantity').notNull(),
    runs: integer('runs'),
    interval: integer('interval'),
    /** What the account was charged; reduced when the order ends short. */
    charge: numeric('charge', { precision: 14, scale: 4 }).notNull(),
    startCount: integer('start_count').notNull(),
    /** Last status reported (final ones never change again). */
    status: text('status').$type<SimOrderStatus>().notNull().default('Pending'),
    remains: integer('remains').notNull(),
    outcome: text('outcome').$type<SimOutcome>().notNull(),
    /** Units delivered when it ends (above quantity for an over-delivery). */
    target: integer('target').notNull(),
    placedAtMs: bigint('placed_at_ms', { mode: 'number' }).notNull(),
    pendingMs: integer('pending_ms').notNull(),
    processingMs: integer('processing_ms').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** Set when canceled through the API (the clock time). */
    canceledAtMs: bigint('canceled_at_ms', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sim_orders_status_check', sql`${t.status} IN ('Pending', 'In progress', 'Processing', 'Completed', 'Partial', 'Canceled')`),
    index('sim_orders_account_idx').on(t.accountId),
  ],
);

export const simRefills = pgTable(
  'sim_refills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 501 }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => simOrders.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => simAccounts.id, { onDelete: 'cascade' }),
    requestedAtMs: bigint('requested_at_ms', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_refills_order_idx').on(t.orderId)],
);
