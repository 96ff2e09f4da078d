import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { dateTime, fraction, id, isoDate, money, moneyInputWith, positiveId, translationsSchema, utcDateTime, refSchema, wholeNumberInput } from '../fields';
import { priceModificationSchema } from '../orders';
import { tableEndpoint, tableListEndpoint } from '../table';
import {
  COUPON_BONUS_TYPES,
  COUPON_CALCULATION_TYPES,
  COUPON_PAYMENT_TYPES,
  COUPON_STATISTICS_GROUPS,
  COUPON_STATUSES,
  COUPONS_TABLE,
  DISCOUNT_STATUSES,
  DISCOUNTS_TABLE,
  GRADES_TABLE,
  PRICE_LINE_KINDS,
} from './columns';

export * from './columns';

/**
 * Pricing incentives (coupons, discounts, grades: their records, state changes, rules,
 * permissions and calls) and the price preview, which answers from the same pricing function that
 * prices orders (src/server/pricing, docs/pricing.md).
 *
 * - Coupons need manageCoupons; discounts manageDiscounts; grades are read with manageGrades or
 *   viewGrades and written with manageGrades; the price preview takes any of viewServices,
 *   manageCoupons, manageDiscounts, manageGrades, viewGrades.
 * - Money travels as decimal strings; percentages as fractions (coupon 2 decimals, grade 3,
 *   discount 4), shown ×100 by the console.
 * - The discount body is snake_case as the spec's PUT names it (name, valid_from, valid_to,
 *   countries, services of service_id and discount_percent), so a 422 on
 *   `services.2.discount_percent` lands on that row.
 */

const userRef = z.object({ id, email: z.string() });
const required = (what: string) => ({ error: `The ${what} field is required.` });
const name = z.string(required('name')).trim().min(1, 'The name field is required.').max(255, 'The name may have at most 255 characters.');

// ---------------------------------------------------------------- coupons

export const couponRowSchema = z.object({
  id,
  status: z.enum(COUPON_STATUSES),
  displayable: z.boolean(),
  name: z.string(),
  description: z.string(),
  translations: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
  code: z.string(),
  paymentType: z.enum(COUPON_PAYMENT_TYPES),
  bonusType: z.enum(COUPON_BONUS_TYPES),
  bonusAmountCalculationType: z.enum(COUPON_CALCULATION_TYPES),
  /** A fraction with 2 decimals ('0.15' is 15 %); null for fixed coupons. */
  bonusPercentage: z.string().nullable(),
  bonusAmount: money.nullable(),
  minAmount: money,
  validFrom: dateTime.nullable(),
  validTo: dateTime.nullable(),
  usageLimit: z.number().int().nullable(),
  /** The referral manager: the customer whose referral code the coupon carries. */
  affiliate: userRef.nullable(),
  workWithServiceDiscount: z.boolean(),
  workWithUserCustomPrice: z.boolean(),
  useWithOnlyUnpaidOrders: z.boolean(),
  workWithBalance: z.boolean(),
  usagesCount: z.number().int(),
  received: money,
  spent: money,
  createdAt: dateTime,
  actions: z.object({ archivable: z.boolean(), restore: z.boolean(), editable: z.boolean() }),
});
export type CouponRow = z.infer<typeof couponRowSchema>;

const CODE = /^[A-Za-z0-9_-]+$/;

export const couponBodySchema = z
  .object({
    translations: translationsSchema(['name', 'description'], { required: ['en'], requiredFields: ['name'], max: 5000, dropWithout: 'name' }),
    code: z
      .string(required('code'))
      .trim()
      .min(3, 'The code must have at least 3 characters.')
      .max(64, 'The code may have at most 64 characters.')
      .regex(CODE, 'The code may hold only letters, digits, - and _.')
      .transform((v) => v.toUpperCase()),
    displayable: z.boolean().default(true),
    paymentType: z.enum(COUPON_PAYMENT_TYPES, { error: 'Choose what the coupon is used on.' }),
    bonusType: z.enum(COUPON_BONUS_TYPES, { error: 'Choose what the coupon gives.' }),
    bonusAmountCalculationType: z.enum(COUPON_CALCULATION_TYPES, { error: 'Choose how the bonus is worked out.' }),
    bonusPercentage: fraction(2).nullable().optional(),
    /** The coupon amount input accepts only digits. */
    bonusAmount: moneyInputWith(0).nullable().optional(),
    minAmount: moneyInputWith(2).default('0'),
    validFrom: utcDateTime.nullable().optional(),
    validTo: utcDateTime.nullable().optional(),
    usageLimit: wholeNumberInput('usage limit', { min: 1, max: 10_000_000 }).nullable().optional(),
    affiliateId: positiveId.nullable().optional(),
    workWithServiceDiscount: z.boolean().default(false),
    workWithUserCustomPrice: z.boolean().default(false),
    useWithOnlyUnpaidOrders: z.boolean().default(false),
    workWithBalance: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.bonusAmountCalculationType === 'percent') {
      if (!v.bonusPercentage || Number(v.bonusPercentage) <= 0)
        ctx.addIssue({ code: 'custom', path: ['bonusPercentage'], message: 'Enter a percentage above 0.' });
    } else if (!v.bonusAmount || Number(v.bonusAmount) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['bonusAmount'], message: 'Enter an amount above 0.' });
    }
    if (v.validFrom && v.validTo && v.validTo <= v.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'The end must be after the start.' });
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const couponResultSchema = z.object({ message: z.string(), coupon: couponRowSchema });

const option = z.object({ value: z.string(), label: z.string() });
export const couponCollectionsSchema = z.object({
  paymentTypes: z.array(option),
  bonusTypes: z.array(option),
  calculationTypes: z.array(option),
});
export type CouponCollections = z.infer<typeof couponCollectionsSchema>;

export const couponStatisticsBodySchema = z
  .object({
    group_by: z.enum(COUPON_STATISTICS_GROUPS).default('date'),
    start_date: isoDate,
    end_date: isoDate,
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must not be before the start date.' });
    else if (Date.parse(v.end_date) - Date.parse(v.start_date) > 366 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Choose at most a year.' });
    }
  });
export type CouponStatisticsBody = z.input<typeof couponStatisticsBodySchema>;

export const couponStatisticsRowSchema = z.object({
  /** The day (UTC) when grouped by date; null when grouped by coupon. */
  date: z.string().nullable(),
  coupon: z.object({ id, name: z.string(), code: z.string() }),
  received: money,
  spent: money,
  usages: z.number().int(),
  referralManager: userRef.nullable(),
});
export type CouponStatisticsRow = z.infer<typeof couponStatisticsRowSchema>;

export const couponStatisticsSchema = z.object({
  items: z.array(couponStatisticsRowSchema),
  /** One point per day of the range (zeros included), for the chart. */
  days: z.array(z.object({ date: z.string(), received: money, spent: money, usages: z.number().int() })),
  totals: z.object({ received: money, spent: money, usages: z.number().int() }),
});
export type CouponStatistics = z.infer<typeof couponStatisticsSchema>;

export const couponUsageSchema = z.object({
  id,
  coupon: z.object({ id, name: z.string(), code: z.string() }),
  user: userRef.nullable(),
  orderId: id.nullable(),
  transactionId: id.nullable(),
  kind: z.enum(COUPON_PAYMENT_TYPES),
  spent: money,
  received: money,
  createdAt: dateTime,
});
export type CouponUsage = z.infer<typeof couponUsageSchema>;

export const couponUsagesSchema = z.object({ items: z.array(couponUsageSchema), total: z.number().int() });

// ---------------------------------------------------------------- discounts

export const discountServiceSchema = z.object({ id, name: z.string(), discountPercent: z.string() });

export const discountRowSchema = z.object({
  id,
  name: z.string(),
  createdAt: dateTime,
  validFrom: dateTime,
  validTo: dateTime,
  status: z.enum(DISCOUNT_STATUSES),
  /** Whether it applies now: active and within its dates. */
  isRunning: z.boolean(),
  /** Empty: a global discount; otherwise it applies to customers of these countries only. */
  countries: z.array(z.string()),
  services: z.array(discountServiceSchema),
  actions: z.object({ archivable: z.boolean(), unarchivable: z.boolean(), completable: z.boolean(), editable: z.boolean() }),
});
export type DiscountRow = z.infer<typeof discountRowSchema>;

const COUNTRY = /^[A-Z]{2}$/;
export const discountBodySchema = z
  .object({
    name,
    valid_from: utcDateTime,
    valid_to: utcDateTime,
    countries: z.array(z.string().regex(COUNTRY, 'Choose countries from the list.')).max(300).default([]),
    services: z
      .array(
        z.object({
          service_id: positiveId.nullable().refine((v) => v !== null, 'Choose a service.'),
          discount_percent: fraction(4).refine((v) => Number(v) > 0, 'The discount must be above 0 %.'),
        }),
      )
      .min(1, 'Add at least one service.')
      .max(500, 'A discount may name at most 500 services.'),
  })
  .superRefine((v, ctx) => {
    if (v.valid_to <= v.valid_from) ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'The end must be after the start.' });
    const seen = new Map<number, number>();
    v.services.forEach((s, i) => {
      if (s.service_id === null) return;
      if (seen.has(s.service_id))
        ctx.addIssue({ code: 'custom', path: ['services', i, 'service_id'], message: `This service is already on row ${seen.get(s.service_id)! + 1}.` });
      else seen.set(s.service_id, i);
    });
  });
export type DiscountBody = z.input<typeof discountBodySchema>;

export const discountResultSchema = z.object({ message: z.string(), discount: discountRowSchema });

// ---------------------------------------------------------------- grades

export const gradeRowSchema = z.object({
  id,
  name: z.string(),
  translations: z.record(z.string(), z.object({ name: z.string() })),
  icon: z.string().nullable(),
  spendingGoal: money,
  /** A fraction with 3 decimals ('0.075' is 7.5 %). */
  discountPercent: z.string(),
  /** Days. */
  thumbnailPeriod: z.number().int().nullable(),
  consultationChatPeriod: z.number().int().nullable(),
  availableClosedSales: z.boolean(),
  availablePersonalManager: z.boolean(),
  isArchived: z.boolean(),
  usersCount: z.number().int(),
  createdAt: dateTime,
  actions: z.object({ editable: z.boolean(), archivable: z.boolean(), restorable: z.boolean() }),
});
export type GradeRow = z.infer<typeof gradeRowSchema>;

const days = wholeNumberInput('period', { max: 3650, minMessage: 'The period cannot be negative.', maxMessage: 'The period may be at most 3650 days.' })
  .nullable()
  .optional();
export const gradeBodySchema = z.object({
  translations: translationsSchema(['name'], { required: ['en'], max: 255 }),
  icon: z.string().trim().max(500, 'The icon may have at most 500 characters.').nullable().optional(),
  spendingGoal: moneyInputWith(2),
  discountPercent: fraction(3),
  thumbnailPeriod: days,
  consultationChatPeriod: days,
  availableClosedSales: z.boolean().default(false),
  availablePersonalManager: z.boolean().default(false),
});
export type GradeBody = z.input<typeof gradeBodySchema>;

export const gradeResultSchema = z.object({ message: z.string(), grade: gradeRowSchema });

// ---------------------------------------------------------------- price preview

export const pricePreviewBodySchema = z
  .object({
    /** A customer: their custom price, grade and personal discount apply. */
    userId: positiveId.nullable().optional(),
    /** Without a customer: price as a customer of this grade would pay. */
    gradeId: positiveId.nullable().optional(),
    /** The customer's country (local discounts), ISO alpha-2. */
    country: z.string().regex(COUNTRY, 'Choose a country from the list.').nullable().optional(),
    serviceId: positiveId.nullable().refine((v) => v !== null, 'Choose a service.'),
    quantity: wholeNumberInput('quantity', { min: 1, max: 100_000_000 }),
    couponCode: z.string().trim().max(64, 'The code may have at most 64 characters.').nullable().optional(),
    /** When the order is placed (UTC); now when absent. Discount and coupon dates are read at this moment. */
    at: utcDateTime.nullable().optional(),
    /** Paid from the balance (true) or through a payment method. */
    payingWithBalance: z.boolean().default(true),
    /** Paying for an order left unpaid (coupons for unpaid orders only). */
    unpaidOrder: z.boolean().default(false),
    freeTrial: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.userId && v.gradeId) ctx.addIssue({ code: 'custom', path: ['gradeId'], message: 'Choose a customer or a grade, not both.' });
  });
export type PricePreviewBody = z.input<typeof pricePreviewBodySchema>;

export const priceLineSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  name: z.string(),
  /** 0–100 scale with 2 decimals, null for fixed amounts. */
  percent: z.string().nullable(),
  /** Taken off the price (negative when a custom price is above the list price). */
  amount: money,
  /** The price after this line. */
  priceAfter: money,
  local: z.boolean().optional(),
});
export type PriceLine = z.infer<typeof priceLineSchema>;

export const pricePreviewSchema = z.object({
  service: z.object({ id, name: z.string(), defaultPrice: money, pricingPer: z.number().int(), minPrice: money }),
  quantity: z.number().int(),
  /** quantity / pricingPer × default price. */
  listPrice: money,
  /** The list price raised to the service's minimum price when below it. */
  basePrice: money,
  minPriceApplied: z.boolean(),
  lines: z.array(priceLineSchema),
  price: money,
  /** Credited to the balance after payment (balance-bonus coupons). */
  balanceBonus: money,
  /** Incentives that were considered and did not apply, with why. */
  skipped: z.array(z.object({ kind: z.enum(PRICE_LINE_KINDS), name: z.string(), reason: z.string() })),
  /** What an order placed now would store. */
  priceModifications: z.array(priceModificationSchema),
  customer: z.object({ user: userRef.nullable(), grade: refSchema.nullable(), country: z.string().nullable() }),
});
export type PricePreview = z.infer<typeof pricePreviewSchema>;

export const pricePreviewOptionsSchema = z.object({
  services: z.array(refSchema.extend({ minQuantity: z.number().int(), pricingPer: z.number().int() })),
  grades: z.array(refSchema),
  coupons: z.array(z.object({ id, code: z.string(), name: z.string() })),
});
export type PricePreviewOptions = z.infer<typeof pricePreviewOptionsSchema>;

export const incentiveUserSchema = z.object({ id, email: z.string(), name: z.string() });

// ---------------------------------------------------------------- endpoints

const couponParams = z.object({ id: pathId('Coupon') });
const discountParams = z.object({ discountId: pathId('Discount') });
const gradeParams = z.object({ gradeId: pathId('Grade') });
const GRADES_READ = ['manageGrades', 'viewGrades'] as const;
const PREVIEW = ['viewServices', 'manageCoupons', 'manageDiscounts', 'manageGrades', 'viewGrades'] as const;

export const incentivesEndpoints = {
  couponsList: tableListEndpoint({
    path: `${ADMIN}/coupons`,
    permission: 'manageCoupons',
    row: couponRowSchema,
    table: COUPONS_TABLE,
    flags: ['is_all'],
    summary: 'Coupons as the API lists them: GET, q=<JSON>; archived ones only with is_all=1',
  }),
  couponsTable: tableEndpoint({
    path: `${ADMIN}/coupons/table`,
    permission: 'manageCoupons',
    row: couponRowSchema,
    table: COUPONS_TABLE,
    summary: 'The coupon table',
  }),
  couponsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/coupons/collections`,
    permission: 'manageCoupons',
    response: couponCollectionsSchema,
    summary: 'Payment types, bonus types and calculation types of coupons',
  }),
  couponsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/coupons/:id`,
    permission: 'manageCoupons',
    params: couponParams,
    response: couponRowSchema,
    summary: 'One coupon',
  }),
  couponsUsages: endpoint({
    method: 'GET',
    path: `${ADMIN}/coupons/:id/usages`,
    permission: 'manageCoupons',
    params: couponParams,
    query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
    response: couponUsagesSchema,
    summary: "A coupon's usages, newest first, 30 a page",
  }),
  couponsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/coupons`,
    permission: 'manageCoupons',
    body: couponBodySchema,
    response: couponResultSchema,
    summary: 'Create a coupon (422 on the fields)',
  }),
  couponsUpdate: endpoint({
    method: 'PATCH',
    path: `${ADMIN}/coupons/:id`,
    permission: 'manageCoupons',
    params: couponParams,
    body: couponBodySchema,
    response: couponResultSchema,
    summary: 'Change a coupon that is not archived (422 on the fields)',
  }),
  couponsArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/coupons/:id/archive`,
    permission: 'manageCoupons',
    params: couponParams,
    response: couponResultSchema,
    summary: 'Archive a coupon: it stops applying',
  }),
  couponsUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/coupons/:id/unarchive`,
    permission: 'manageCoupons',
    params: couponParams,
    response: couponResultSchema,
    summary: 'Bring an archived coupon back',
  }),
  couponsStatistics: endpoint({
    method: 'POST',
    path: `${ADMIN}/coupons/statistics`,
    permission: 'manageCoupons',
    body: couponStatisticsBodySchema,
    response: couponStatisticsSchema,
    summary: 'Coupon usage (received, spent, usages) between two days, grouped by date or coupon',
  }),
  couponsStatisticByDate: endpoint({
    method: 'POST',
    path: `${ADMIN}/coupons/statistic-by-date`,
    permission: 'manageCoupons',
    body: z.object({ statistic_date: isoDate }),
    response: couponUsagesSchema,
    summary: 'Every coupon usage of one day (UTC)',
  }),
  incentivesUsers: endpoint({
    method: 'GET',
    path: `${ADMIN}/incentives/users`,
    permission: ['manageCoupons', 'viewUsers'],
    query: z.object({ search: z.string().max(255).default('') }),
    // Customers' e-mails: for members who manage coupons (the referral manager) or see users, not for every price-preview reader.
    response: z.array(incentiveUserSchema),
    summary: 'Up to 20 customers by id, e-mail or name, for the referral-manager and price-preview pickers',
  }),

  discountsList: tableListEndpoint({
    path: `${ADMIN}/discounts`,
    permission: 'manageDiscounts',
    row: discountRowSchema,
    table: DISCOUNTS_TABLE,
    flags: ['is_all'],
    summary: 'Discounts as the API lists them: GET, q=<JSON>; archived ones only with is_all=1',
  }),
  discountsTable: tableEndpoint({
    path: `${ADMIN}/discounts/table`,
    permission: 'manageDiscounts',
    row: discountRowSchema,
    table: DISCOUNTS_TABLE,
    summary: 'The discount table',
  }),
  discountServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/discounts/services`,
    permission: 'manageDiscounts',
    response: z.array(refSchema.extend({ defaultPrice: money, pricingPer: z.number().int() })),
    summary: 'Services a discount may name (not archived)',
  }),
  discountsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/discounts/:discountId`,
    permission: 'manageDiscounts',
    params: discountParams,
    response: discountRowSchema,
    summary: 'One discount with its services',
  }),
  discountsStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/discounts`,
    permission: 'manageDiscounts',
    body: discountBodySchema,
    response: discountResultSchema,
    summary: 'Create a discount (422 on the fields and service rows)',
  }),
  discountsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/discounts/:discountId`,
    permission: 'manageDiscounts',
    params: discountParams,
    body: discountBodySchema,
    response: discountResultSchema,
    summary: 'Change an active discount (422 on the fields and service rows; 409 otherwise)',
  }),
  discountsComplete: endpoint({
    method: 'POST',
    path: `${ADMIN}/discounts/:discountId/complete`,
    permission: 'manageDiscounts',
    params: discountParams,
    response: discountResultSchema,
    summary: 'End an active discount now',
  }),
  discountsArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/discounts/:discountId/archive`,
    permission: 'manageDiscounts',
    params: discountParams,
    response: discountResultSchema,
    summary: 'Hide a discount (it stops applying)',
  }),
  discountsUnarchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/discounts/:discountId/unarchive`,
    permission: 'manageDiscounts',
    params: discountParams,
    response: discountResultSchema,
    summary: 'Bring an archived discount back, completed (edit its dates to run it again)',
  }),

  gradesList: tableListEndpoint({
    path: `${ADMIN}/grades`,
    permission: [...GRADES_READ],
    row: gradeRowSchema,
    table: GRADES_TABLE,
    flags: ['is_archived'],
    summary: 'Grades as the API lists them: GET, q=<JSON>; is_archived=1 the archived ones, 0 the others, absent all',
  }),
  gradesTable: tableEndpoint({
    path: `${ADMIN}/grades/table`,
    permission: [...GRADES_READ],
    row: gradeRowSchema,
    table: GRADES_TABLE,
    summary: 'The grade table (the loyalty program)',
  }),
  gradesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/grades/:gradeId`,
    permission: [...GRADES_READ],
    params: gradeParams,
    response: gradeRowSchema,
    summary: 'One grade',
  }),
  gradesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/grades`,
    permission: 'manageGrades',
    body: gradeBodySchema,
    response: gradeResultSchema,
    summary: 'Create a grade (422 on the fields)',
  }),
  gradesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/grades/:gradeId`,
    permission: 'manageGrades',
    params: gradeParams,
    body: gradeBodySchema,
    response: gradeResultSchema,
    summary: 'Change a grade (422 on the fields)',
  }),
  gradesArchive: endpoint({
    method: 'POST',
    path: `${ADMIN}/grades/:gradeId/archive`,
    permission: 'manageGrades',
    params: gradeParams,
    response: gradeResultSchema,
    summary: 'Archive a grade: its customers keep it, nobody new reaches it',
  }),
  gradesRestore: endpoint({
    method: 'POST',
    path: `${ADMIN}/grades/:gradeId/unarchive`,
    permission: 'manageGrades',
    params: gradeParams,
    response: gradeResultSchema,
    summary: 'Bring an archived grade back',
  }),

  pricePreview: endpoint({
    method: 'POST',
    path: `${ADMIN}/price-preview`,
    permission: [...PREVIEW],
    body: pricePreviewBodySchema,
    response: pricePreviewSchema,
    summary: 'What a customer (or a grade and country) pays for a service and quantity, line by line',
  }),
  pricePreviewOptions: endpoint({
    method: 'GET',
    path: `${ADMIN}/price-preview/options`,
    permission: [...PREVIEW],
    response: pricePreviewOptionsSchema,
    summary: 'Services, grades and active coupons the price preview offers',
  }),
};
