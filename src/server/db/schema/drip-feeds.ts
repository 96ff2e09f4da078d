import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DripFeedStatus } from '../../../contract/drip-feeds';
import { services } from './catalogue';
import { users } from './customers';

/**
 * Drip feeds: `runs` orders of `quantity` each, `minutes_between_runs` apart.
 * The runs are orders with source_type 'drip_feed' and source_id = this id.
 */
export const dripFeeds = pgTable(
  'drip_feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    status: text('status').$type<DripFeedStatus>().notNull().default('in_processing'),
    /** Quantity of each run. */
    quantity: integer('quantity').notNull(),
    runs: integer('runs').notNull(),
    minutesBetweenRuns: integer('minutes_between_runs').notNull(),
    /** Price of the whole drip feed. */
    price: numeric('price', { precision: 14, scale: 4 }).notNull().default('0'),
    /** ISO country codes; empty: worldwide. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    promotable: boolean('promotable').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    check('drip_feeds_status_check', sql`${t.status} IN ('in_processing', 'completed', 'canceled')`),
    check('drip_feeds_quantity_check', sql`${t.quantity} > 0 AND ${t.runs} > 0 AND ${t.minutesBetweenRuns} >= 0`),
    index('drip_feeds_status_id_idx').on(t.status, t.id),
    index('drip_feeds_user_idx').on(t.userId),
    index('drip_feeds_service_idx').on(t.serviceId),
    index('drip_feeds_created_at_idx').on(t.createdAt),
  ],
);
