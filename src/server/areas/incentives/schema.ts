import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CouponBonusType, CouponCalculationType, CouponPaymentType, CouponStatus, DiscountStatus } from '../../../contract/incentives/columns';
import { services } from '../../db/schema/catalogue';
import { users } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

/**
 * Pricing incentives: coupons and their usages, discounts and their services.
 * Grades stay in db/schema/customers.ts beside users (users.current_grade_id refers to them).
 * Money is numeric(14,4); percentages are fractions (0.15 is 15 %).
 */

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<CouponStatus>().notNull().default('active'),
    displayable: boolean('displayable').notNull().default(true),
    /** The English name (it becomes the main name). */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    translations: jsonb('translations').$type<Record<string, { name: string; description: string }>>().notNull().default(sql`'{}'::jsonb`),
    /** Stored upper case; unique. */
    code: text('code').notNull(),
    paymentType: text('payment_type').$type<CouponPaymentType>().notNull(),
    bonusType: text('bonus_type').$type<CouponBonusType>().notNull(),
    bonusAmountCalculationType: text('bonus_amount_calculation_type').$type<CouponCalculationType>().notNull(),
    bonusPercentage: numeric('bonus_percentage', { precision: 6, scale: 4 }),
    bonusAmount: numeric('bonus_amount', { precision: 14, scale: 4 }),
    minAmount: numeric('min_amount', { precision: 14, scale: 4 }).notNull().default('0'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    /** The referral manager: the customer the coupon is credited to. */
    affiliateId: integer('affiliate_id').references(() => users.id, { onDelete: 'set null' }),
    workWithServiceDiscount: boolean('work_with_service_discount').notNull().default(false),
    workWithUserCustomPrice: boolean('work_with_user_custom_price').notNull().default(false),
    useWithOnlyUnpaidOrders: boolean('use_with_only_unpaid_orders').notNull().default(false),
    workWithBalance: boolean('work_with_balance').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check('coupons_status_check', sql`${t.status} IN ('active', 'archived')`),
    check('coupons_bonus_percentage_check', sql`${t.bonusPercentage} IS NULL OR (${t.bonusPercentage} >= 0 AND ${t.bonusPercentage} <= 1)`),
  ],
);

/** One use of a coupon: on an order's payment or a balance top-up. */
export const couponUsages = pgTable(
  'coupon_usages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    /** The top-up's transaction (transactions.id) for top-up coupons. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    kind: text('kind').$type<CouponPaymentType>().notNull(),
    /** What the customer paid with the coupon. */
    spent: numeric('spent', { precision: 14, scale: 4 }).notNull(),
    /** What the coupon gave: money off, or the bonus credited. */
    received: numeric('received', { precision: 14, scale: 4 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_usages_coupon_idx').on(t.couponId, t.createdAt), index('coupon_usages_created_at_idx').on(t.createdAt)],
);

export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').$type<DiscountStatus>().notNull().default('active'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** ISO alpha-2 codes; empty: a global discount. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('discounts_status_check', sql`${t.status} IN ('active', 'completed', 'archived')`), index('discounts_status_idx').on(t.status, t.validTo)],
);

export const discountServices = pgTable(
  'discount_services',
  {
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** A fraction: 0.15 is 15 %. */
    discountPercent: numeric('discount_percent', { precision: 6, scale: 4 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.serviceId] }),
    index('discount_services_service_idx').on(t.serviceId),
    check('discount_services_percent_check', sql`${t.discountPercent} > 0 AND ${t.discountPercent} <= 1`),
  ],
);
