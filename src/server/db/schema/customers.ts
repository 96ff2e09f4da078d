import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SellerStatus, UserStatus } from '../../../contract/users';
import { services } from './catalogue';
import { staffMembers } from './staff';

/**
 * The panel's customers ("users") and what several areas read of them: grades (loyalty levels),
 * contact steps of the sales funnel, custom prices. Customer roles and permissions, verification
 * documents and the payment methods a user may use are the users area's own
 * (src/server/areas/users/schema.ts).
 */
/** Messenger handles a customer left: { telegram: '@bob', whatsapp: '+1…' }; "any set" shows as true. */
export type Messengers = Record<string, string | null>;

/** Loyalty levels; a user reaches one by spending `spending_goal`. */
export const grades = pgTable('grades', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Per-locale names: { en: { name }, ru: { name } }. */
  translations: jsonb('translations').$type<Record<string, { name: string }>>().notNull().default(sql`'{}'::jsonb`),
  icon: text('icon'),
  spendingGoal: numeric('spending_goal', { precision: 14, scale: 4 }).notNull().default('0'),
  /** A fraction: 0.05 is 5 %. */
  discountPercent: numeric('discount_percent', { precision: 6, scale: 4 }).notNull().default('0'),
  /** Days. */
  thumbnailPeriod: integer('thumbnail_period'),
  consultationChatPeriod: integer('consultation_chat_period'),
  availableClosedSales: boolean('available_closed_sales').notNull().default(false),
  availablePersonalManager: boolean('available_personal_manager').notNull().default(false),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Steps of a manager's contact funnel with a customer. */
export const contactSteps = pgTable('contact_steps', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sorting: integer('sorting').notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    /** Stored lowercased, so the unique index is case-insensitive too. */
    email: text('email').notNull(),
    telegramUsername: text('telegram_username'),
    /** Always the sum of the user's 'main' transactions. */
    balance: numeric('balance', { precision: 14, scale: 4 }).notNull().default('0'),
    spent: numeric('spent', { precision: 14, scale: 4 }).notNull().default('0'),
    currentGradeId: integer('current_grade_id').references(() => grades.id, { onDelete: 'set null' }),
    messengers: jsonb('messengers').$type<Messengers>(),
    affiliateCode: text('affiliate_code'),
    /** Who referred this user; the referrer's "affiliates" are the users pointing at them. */
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The manager (a staff member) who looks after this customer. */
    sellerId: integer('seller_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    sellerStatus: text('seller_status').$type<SellerStatus>(),
    contactStepId: integer('contact_step_id').references(() => contactSteps.id, { onDelete: 'set null' }),
    marketingSubid: text('marketing_subid'),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The user's personal discount, a fraction (0.1 is 10 %). */
    discountPercent: numeric('discount_percent', { precision: 6, scale: 4 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_affiliate_code_unique').on(t.affiliateCode),
    // The default list is "status = active, newest first".
    index('users_status_id_idx').on(t.status, t.id),
    index('users_seller_idx').on(t.sellerId),
    index('users_referrer_idx').on(t.referrerId),
    index('users_current_grade_idx').on(t.currentGradeId),
    index('users_created_at_idx').on(t.createdAt),
    check('users_status_check', sql`${t.status} IN ('active', 'frozen', 'deactivated')`),
    check('users_seller_status_check', sql`${t.sellerStatus} IS NULL OR ${t.sellerStatus} IN ('new', 'in_progress', 'paid', 'cancel')`),
    check('users_discount_percent_check', sql`${t.discountPercent} >= 0 AND ${t.discountPercent} <= 1`),
  ],
);

/** Custom prices: a user pays `price` (per the service's `pricing_per`) instead of its default price. */
export const userServices = pgTable(
  'user_services',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_services_user_service_unique').on(t.userId, t.serviceId), index('user_services_service_idx').on(t.serviceId)],
);

/**
 * A customer's API key for the customer API (src/server/customer-api): one per customer, kept only
 * as its SHA-256 (a key is 64 random hex digits, so a plain hash cannot be guessed back), shown once
 * when issued. `hint` is its last four characters, for telling keys apart on screen.
 */
export const customerApiKeys = pgTable(
  'customer_api_keys',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_api_keys_hash_unique').on(t.keyHash)],
);
