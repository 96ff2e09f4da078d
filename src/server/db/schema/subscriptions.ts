import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BillingType, SubscriptionStatus, SubscriptionType } from '../../../contract/subscriptions';
import { services } from './catalogue';
import { users } from './customers';

/**
 * Subscriptions: a customer follows an account; each new content it publishes is
 * a subscription content, served by one order per subscription service (orders with source_type
 * 'subscription' and source_id = the subscription's id), up to `contents_limit` contents.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    type: text('type').$type<SubscriptionType>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('in_processing'),
    contentsLimit: integer('contents_limit').notNull(),
    billingType: text('billing_type').$type<BillingType>().notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    check('subscriptions_status_check', sql`${t.status} IN ('in_processing', 'completed', 'canceled')`),
    check('subscriptions_type_check', sql`${t.type} IN ('posts', 'reels', 'stories', 'videos', 'live_streams')`),
    check('subscriptions_billing_type_check', sql`${t.billingType} IN ('per_content', 'one_time', 'recurring')`),
    check('subscriptions_contents_limit_check', sql`${t.contentsLimit} > 0`),
    index('subscriptions_status_id_idx').on(t.status, t.id),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_created_at_idx').on(t.createdAt),
  ],
);

/** The services ordered for every content, with quantity, cost per content and targeting. */
export const subscriptionServices = pgTable(
  'subscription_services',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    cost: numeric('cost', { precision: 14, scale: 4 }).notNull(),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('subscription_services_subscription_idx').on(t.subscriptionId), index('subscription_services_service_idx').on(t.serviceId)],
);
