import { defineTableSpec } from '../columns';

/**
 * Pricing incentives: coupons with their usage statistics, discounts, grades
 * (the loyalty program) and the price preview. No zod here: the console's entry reads it.
 */

export const COUPON_STATUSES = ['active', 'archived'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = { active: 'Active', archived: 'Archived' };

/** What the coupon is used on: an order's payment or a balance top-up. */
export const COUPON_PAYMENT_TYPES = ['order', 'top_up'] as const;
export type CouponPaymentType = (typeof COUPON_PAYMENT_TYPES)[number];
export const COUPON_PAYMENT_TYPE_LABELS: Record<CouponPaymentType, string> = { order: 'Order payment', top_up: 'Balance top-up' };

/** What the customer gets: money off what they pay, or a bonus credited to their balance. */
export const COUPON_BONUS_TYPES = ['discount', 'balance_bonus'] as const;
export type CouponBonusType = (typeof COUPON_BONUS_TYPES)[number];
export const COUPON_BONUS_TYPE_LABELS: Record<CouponBonusType, string> = { discount: 'Discount', balance_bonus: 'Balance bonus' };

/** How the bonus is worked out: a percentage of the amount or a fixed amount. */
export const COUPON_CALCULATION_TYPES = ['percent', 'fixed'] as const;
export type CouponCalculationType = (typeof COUPON_CALCULATION_TYPES)[number];
export const COUPON_CALCULATION_TYPE_LABELS: Record<CouponCalculationType, string> = { percent: 'Percentage', fixed: 'Fixed amount' };

/** Discounts: running (active), ended early or by date (completed), hidden (archived). */
export const DISCOUNT_STATUSES = ['active', 'completed', 'archived'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = { active: 'Active', completed: 'Completed', archived: 'Archived' };

/** Where a discount applies: every customer, or customers of its countries. */
export const DISCOUNT_SCOPES = ['global', 'local'] as const;
export const DISCOUNT_SCOPE_LABELS: Record<(typeof DISCOUNT_SCOPES)[number], string> = { global: 'Everyone', local: 'Some countries' };

export const GRADE_ARCHIVE_STATES = ['active', 'archived'] as const;
export const GRADE_ARCHIVE_STATE_LABELS: Record<(typeof GRADE_ARCHIVE_STATES)[number], string> = { active: 'Active', archived: 'Archived' };

export const COUPON_STATISTICS_GROUPS = ['date', 'coupon'] as const;
export type CouponStatisticsGroup = (typeof COUPON_STATISTICS_GROUPS)[number];

/** What a price-preview line is: the steps of the pricing function (docs/pricing.md). */
export const PRICE_LINE_KINDS = ['userService', 'discount', 'grade', 'personal', 'coupon', 'freeTrial'] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];

export const COUPONS_TABLE = defineTableSpec({
  search: 'id, name, code or referral manager e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    code: { filter: 'text', sortable: true },
    paymentType: { filter: 'multiSelect', options: COUPON_PAYMENT_TYPES, sortable: true },
    bonusAmountCalculationType: { filter: 'multiSelect', options: COUPON_CALCULATION_TYPES, sortable: true },
    bonusType: { filter: 'multiSelect', options: COUPON_BONUS_TYPES, sortable: true },
    validFrom: { filter: 'dateRange', sortable: true },
    validTo: { filter: 'dateRange', sortable: true },
    usageLimit: { filter: 'numberRange', sortable: true },
    minAmount: { filter: 'numberRange', sortable: true },
    bonusAmount: { filter: 'numberRange', sortable: true },
    bonusPercentage: { sortable: true },
    'affiliate.email': { filter: 'text', sortable: true },
    status: { filter: 'multiSelect', options: COUPON_STATUSES, sortable: true },
    usagesCount: { sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});

export const DISCOUNTS_TABLE = defineTableSpec({
  search: 'id or name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    validFrom: { filter: 'dateRange', sortable: true },
    validTo: { filter: 'dateRange', sortable: true },
    status: { filter: 'multiSelect', options: DISCOUNT_STATUSES, sortable: true },
    scope: { filter: 'select', options: DISCOUNT_SCOPES },
    servicesCount: { sortable: true },
  },
});

export const GRADES_TABLE = defineTableSpec({
  search: 'id or name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    spendingGoal: { filter: 'numberRange', sortable: true },
    discountPercent: { sortable: true },
    thumbnailPeriod: { sortable: true },
    consultationChatPeriod: { sortable: true },
    availableClosedSales: { filter: 'boolean', sortable: true },
    availablePersonalManager: { filter: 'boolean', sortable: true },
    archive: { filter: 'select', options: GRADE_ARCHIVE_STATES },
    usersCount: { sortable: true },
  },
});
