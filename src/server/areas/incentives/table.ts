import { sql } from 'drizzle-orm';
import { COUPONS_TABLE, DISCOUNTS_TABLE, GRADES_TABLE, type CouponRow, type DiscountRow, type GradeRow } from '../../../contract/incentives';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';
import { defineTable, utcText, type TableContext } from '../../table';
import { archiveCoupon, archiveDiscount, completeDiscount, unarchiveCoupon, unarchiveDiscount } from './records';

/**
 * The coupon, discount and grade lists on the generic table builder; the same definitions answer
 * one row after an action and for the show endpoints, so every surface shows the same flags.
 */

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

// ---------------------------------------------------------------- coupons

interface CouponDbRow extends Record<string, unknown> {
  id: number;
  status: CouponRow['status'];
  displayable: boolean;
  name: string;
  description: string;
  translations: CouponRow['translations'] | string;
  code: string;
  payment_type: CouponRow['paymentType'];
  bonus_type: CouponRow['bonusType'];
  calc: CouponRow['bonusAmountCalculationType'];
  bonus_percentage: string | null;
  bonus_amount: string | null;
  min_amount: string;
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  affiliate_id: number | null;
  affiliate_email: string | null;
  wsd: boolean;
  wucp: boolean;
  wuo: boolean;
  wb: boolean;
  usages_count: number;
  received: string;
  spent: string;
  created_at: string;
}

const usage = sql`(SELECT count(*)::int AS n, COALESCE(sum(received), 0)::numeric(14,4)::text AS received, COALESCE(sum(spent), 0)::numeric(14,4)::text AS spent
  FROM coupon_usages cu WHERE cu.coupon_id = c.id)`;
const usagesCount = sql`(SELECT count(*)::int FROM coupon_usages cu WHERE cu.coupon_id = c.id)`;
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
/** '0.1500' -> '0.15': the stored fraction to the decimals its form allows (the column keeps 4). */
const toDecimals = (text: string, n: number): string => {
  const [int, frac = ''] = text.split('.');
  return `${int}.${frac.padEnd(n, '0').slice(0, n)}`;
};

export const couponsTable = defineTable(COUPONS_TABLE, {
  from: sql`coupons c LEFT JOIN users a ON a.id = c.affiliate_id CROSS JOIN LATERAL ${usage} st`,
  select: sql`c.id, c.status, c.displayable, c.name, c.description, c.translations, c.code, c.payment_type, c.bonus_type,
    c.bonus_amount_calculation_type AS calc, c.bonus_percentage::text AS bonus_percentage, c.bonus_amount::text AS bonus_amount,
    c.min_amount::text AS min_amount, ${utcText(sql`c.valid_from`)} AS valid_from, ${utcText(sql`c.valid_to`)} AS valid_to, c.usage_limit,
    a.id AS affiliate_id, a.email AS affiliate_email, c.work_with_service_discount AS wsd, c.work_with_user_custom_price AS wucp,
    c.use_with_only_unpaid_orders AS wuo, c.work_with_balance AS wb, st.n AS usages_count, st.received, st.spent,
    ${utcText(sql`c.created_at`)} AS created_at`,
  id: sql`c.id`,
  columns: {
    id: { sql: sql`c.id` },
    name: { sql: sql`c.name` },
    code: { sql: sql`c.code` },
    paymentType: { sql: sql`c.payment_type` },
    bonusAmountCalculationType: { sql: sql`c.bonus_amount_calculation_type` },
    bonusType: { sql: sql`c.bonus_type` },
    validFrom: { sql: sql`c.valid_from`, nullable: true },
    validTo: { sql: sql`c.valid_to`, nullable: true },
    usageLimit: { sql: sql`c.usage_limit`, nullable: true },
    minAmount: { sql: sql`c.min_amount` },
    bonusAmount: { sql: sql`c.bonus_amount`, nullable: true },
    bonusPercentage: { sql: sql`c.bonus_percentage`, nullable: true },
    'affiliate.email': { sql: sql`a.email`, nullable: true },
    status: { sql: sql`c.status` },
    usagesCount: { sql: usagesCount },
    createdAt: { sql: sql`c.created_at` },
  },
  search: [sql`c.name`, sql`c.code`, sql`a.email`],
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: CouponDbRow, ctx): CouponRow => ({
    id: r.id,
    status: r.status,
    displayable: r.displayable,
    name: r.name,
    description: r.description,
    translations: json(r.translations),
    code: r.code,
    paymentType: r.payment_type,
    bonusType: r.bonus_type,
    bonusAmountCalculationType: r.calc,
    bonusPercentage: r.bonus_percentage === null ? null : toDecimals(r.bonus_percentage, 2),
    bonusAmount: r.bonus_amount,
    minAmount: r.min_amount,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    usageLimit: r.usage_limit,
    affiliate: r.affiliate_id === null ? null : { id: r.affiliate_id, email: r.affiliate_email! },
    workWithServiceDiscount: r.wsd,
    workWithUserCustomPrice: r.wucp,
    useWithOnlyUnpaidOrders: r.wuo,
    workWithBalance: r.wb,
    usagesCount: Number(r.usages_count),
    received: r.received,
    spent: r.spent,
    createdAt: r.created_at,
    actions: {
      archivable: archiveCoupon.allows(r.status, ctx.permissions),
      restore: unarchiveCoupon.allows(r.status, ctx.permissions),
      editable: r.status === 'active' && ctx.permissions.has('manageCoupons'),
    },
  }),
});

export async function findCouponRow(q: Queryable, id: number, ctx: TableContext): Promise<CouponRow | undefined> {
  return (await couponsTable.query(q, ONE_ROW, ctx, { where: sql`c.id = ${id}` })).items[0];
}

// ---------------------------------------------------------------- discounts

interface DiscountDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  status: DiscountRow['status'];
  created_at: string;
  valid_from: string;
  valid_to: string;
  countries: string[];
  services: DiscountRow['services'] | string;
  running: boolean;
}

const discountServicesJson = sql`(SELECT COALESCE(json_agg(json_build_object('id', s.id, 'name', s.name, 'discountPercent', ds.discount_percent::text) ORDER BY ds.position, s.id), '[]'::json)
  FROM discount_services ds JOIN services s ON s.id = ds.service_id WHERE ds.discount_id = d.id)`;
const servicesCount = sql`(SELECT count(*)::int FROM discount_services ds WHERE ds.discount_id = d.id)`;

export const discountsTable = defineTable(DISCOUNTS_TABLE, {
  from: sql`discounts d`,
  select: sql`d.id, d.name, d.status, ${utcText(sql`d.created_at`)} AS created_at, ${utcText(sql`d.valid_from`)} AS valid_from,
    ${utcText(sql`d.valid_to`)} AS valid_to, d.countries, ${discountServicesJson} AS services,
    (d.status = 'active' AND d.valid_from <= now() AND d.valid_to > now()) AS running`,
  id: sql`d.id`,
  columns: {
    id: { sql: sql`d.id` },
    name: { sql: sql`d.name` },
    createdAt: { sql: sql`d.created_at` },
    validFrom: { sql: sql`d.valid_from` },
    validTo: { sql: sql`d.valid_to` },
    status: { sql: sql`d.status` },
    scope: { sql: sql`CASE WHEN cardinality(d.countries) > 0 THEN 'local' ELSE 'global' END` },
    servicesCount: { sql: servicesCount },
  },
  search: [sql`d.name`],
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: DiscountDbRow, ctx): DiscountRow => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    status: r.status,
    isRunning: r.running,
    countries: r.countries ?? [],
    services: json(r.services),
    actions: {
      archivable: archiveDiscount.allows(r.status, ctx.permissions),
      unarchivable: unarchiveDiscount.allows(r.status, ctx.permissions),
      completable: completeDiscount.allows(r.status, ctx.permissions),
      editable: r.status !== 'archived' && ctx.permissions.has('manageDiscounts'),
    },
  }),
});

export async function findDiscountRow(q: Queryable, id: number, ctx: TableContext): Promise<DiscountRow | undefined> {
  return (await discountsTable.query(q, ONE_ROW, ctx, { where: sql`d.id = ${id}` })).items[0];
}

// ---------------------------------------------------------------- grades

interface GradeDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  translations: Record<string, { name: string }> | string;
  icon: string | null;
  spending_goal: string;
  discount_percent: string;
  thumbnail_period: number | null;
  consultation_chat_period: number | null;
  acs: boolean;
  apm: boolean;
  is_archived: boolean;
  users_count: number;
  created_at: string;
}

const usersCount = sql`(SELECT count(*)::int FROM users u WHERE u.current_grade_id = g.id)`;

export const gradesTable = defineTable(GRADES_TABLE, {
  from: sql`grades g`,
  select: sql`g.id, g.name, g.translations, g.icon, g.spending_goal::text AS spending_goal, g.discount_percent::text AS discount_percent,
    g.thumbnail_period, g.consultation_chat_period, g.available_closed_sales AS acs, g.available_personal_manager AS apm, g.is_archived,
    ${usersCount} AS users_count, ${utcText(sql`g.created_at`)} AS created_at`,
  id: sql`g.id`,
  columns: {
    id: { sql: sql`g.id` },
    name: { sql: sql`g.name` },
    spendingGoal: { sql: sql`g.spending_goal` },
    discountPercent: { sql: sql`g.discount_percent` },
    thumbnailPeriod: { sql: sql`g.thumbnail_period`, nullable: true },
    consultationChatPeriod: { sql: sql`g.consultation_chat_period`, nullable: true },
    availableClosedSales: { sql: sql`g.available_closed_sales` },
    availablePersonalManager: { sql: sql`g.available_personal_manager` },
    archive: { sql: sql`CASE WHEN g.is_archived THEN 'archived' ELSE 'active' END` },
    usersCount: { sql: usersCount },
  },
  search: [sql`g.name`],
  defaultSort: [{ key: 'spendingGoal', desc: false }],
  map: (r: GradeDbRow, ctx): GradeRow => {
    const manage = ctx.permissions.has('manageGrades');
    return {
      id: r.id,
      name: r.name,
      translations: json(r.translations),
      icon: r.icon,
      spendingGoal: r.spending_goal,
      discountPercent: toDecimals(r.discount_percent, 3),
      thumbnailPeriod: r.thumbnail_period,
      consultationChatPeriod: r.consultation_chat_period,
      availableClosedSales: r.acs,
      availablePersonalManager: r.apm,
      isArchived: r.is_archived,
      usersCount: Number(r.users_count),
      createdAt: r.created_at,
      actions: { editable: manage && !r.is_archived, archivable: manage && !r.is_archived, restorable: manage && r.is_archived },
    };
  },
});

export async function findGradeRow(q: Queryable, id: number, ctx: TableContext): Promise<GradeRow | undefined> {
  return (await gradesTable.query(q, ONE_ROW, ctx, { where: sql`g.id = ${id}` })).items[0];
}
