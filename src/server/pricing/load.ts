import { sql } from 'drizzle-orm';
import { one, rows, type Queryable } from '../db/client';
import type { PricingCoupon, PricingCustomer, PricingDiscount, PricingGrade, PricingService } from './price';

/**
 * Reads the pricing function's inputs from the database: a service, a customer (custom price,
 * grade, personal discount), the discounts naming the service, a coupon by code with its usage
 * count. The bulk readers serve the demo order generator, which prices many orders at once.
 */

interface CouponDbRow {
  id: number;
  code: string;
  name: string;
  status: PricingCoupon['status'];
  payment_type: PricingCoupon['paymentType'];
  bonus_type: PricingCoupon['bonusType'];
  bonus_amount_calculation_type: PricingCoupon['calculationType'];
  bonus_percentage: string | null;
  bonus_amount: string | null;
  min_amount: string;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
  usage_limit: number | null;
  usages_count: number;
  work_with_service_discount: boolean;
  work_with_user_custom_price: boolean;
  use_with_only_unpaid_orders: boolean;
  work_with_balance: boolean;
}

const asDate = (v: string | Date | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

const couponSelect = sql`SELECT c.id, c.code, c.name, c.status, c.payment_type, c.bonus_type, c.bonus_amount_calculation_type,
    c.bonus_percentage::text AS bonus_percentage, c.bonus_amount::text AS bonus_amount, c.min_amount::text AS min_amount,
    c.valid_from, c.valid_to, c.usage_limit,
    (SELECT count(*)::int FROM coupon_usages u WHERE u.coupon_id = c.id) AS usages_count,
    c.work_with_service_discount, c.work_with_user_custom_price, c.use_with_only_unpaid_orders, c.work_with_balance
  FROM coupons c`;

const toCoupon = (r: CouponDbRow): PricingCoupon => ({
  id: r.id,
  code: r.code,
  name: r.name,
  status: r.status,
  paymentType: r.payment_type,
  bonusType: r.bonus_type,
  calculationType: r.bonus_amount_calculation_type,
  bonusPercentage: r.bonus_percentage,
  bonusAmount: r.bonus_amount,
  minAmount: r.min_amount,
  validFrom: asDate(r.valid_from),
  validTo: asDate(r.valid_to),
  usageLimit: r.usage_limit,
  usagesCount: Number(r.usages_count),
  workWithServiceDiscount: r.work_with_service_discount,
  workWithUserCustomPrice: r.work_with_user_custom_price,
  useWithOnlyUnpaidOrders: r.use_with_only_unpaid_orders,
  workWithBalance: r.work_with_balance,
});

/** The coupon with this code (case-insensitive), or null. */
export async function loadCoupon(q: Queryable, code: string): Promise<PricingCoupon | null> {
  const r = await one<CouponDbRow>(q, sql`${couponSelect} WHERE c.code = ${code.trim().toUpperCase()}`);
  return r ? toCoupon(r) : null;
}

/** Every coupon by code (the demo generator). */
export async function loadCoupons(q: Queryable): Promise<Map<string, PricingCoupon>> {
  const list = await rows<CouponDbRow>(q, sql`${couponSelect} ORDER BY c.id`);
  return new Map(list.map((r) => [r.code, toCoupon(r)]));
}

export async function loadService(q: Queryable, serviceId: number): Promise<PricingService | null> {
  const r = await one<{ id: number; name: string; default_price: string; pricing_per: number; min_price: string }>(
    q,
    sql`SELECT id, name, default_price::text AS default_price, pricing_per, min_price::text AS min_price FROM services WHERE id = ${serviceId}`,
  );
  return r ? { id: r.id, name: r.name, defaultPrice: r.default_price, pricingPer: r.pricing_per, minPrice: r.min_price } : null;
}

interface DiscountDbRow {
  id: number;
  name: string;
  status: PricingDiscount['status'];
  valid_from: string | Date;
  valid_to: string | Date;
  countries: string[];
  service_id: number;
  discount_percent: string;
}
const discountSelect = sql`SELECT d.id, d.name, d.status, d.valid_from, d.valid_to, d.countries, ds.service_id, ds.discount_percent::text AS discount_percent
  FROM discounts d JOIN discount_services ds ON ds.discount_id = d.id`;
const toDiscount = (r: DiscountDbRow): PricingDiscount => ({
  id: r.id,
  name: r.name,
  status: r.status,
  validFrom: asDate(r.valid_from)!,
  validTo: asDate(r.valid_to)!,
  countries: r.countries ?? [],
  discountPercent: r.discount_percent,
});

/** Discounts naming the service that are not archived (archived ones never apply and are not worth a reason). */
export async function loadDiscounts(q: Queryable, serviceId: number): Promise<PricingDiscount[]> {
  return (await rows<DiscountDbRow>(q, sql`${discountSelect} WHERE ds.service_id = ${serviceId} AND d.status <> 'archived' ORDER BY d.id`)).map(toDiscount);
}

/** Every active discount by service id (the demo generator). */
export async function loadDiscountsByService(q: Queryable): Promise<Map<number, PricingDiscount[]>> {
  const byService = new Map<number, PricingDiscount[]>();
  for (const r of await rows<DiscountDbRow>(q, sql`${discountSelect} WHERE d.status = 'active' ORDER BY d.id`)) {
    const list = byService.get(r.service_id) ?? [];
    list.push(toDiscount(r));
    byService.set(r.service_id, list);
  }
  return byService;
}

interface GradeDbRow {
  id: number;
  name: string;
  discount_percent: string;
  is_archived: boolean;
}
const toGrade = (g: GradeDbRow): PricingGrade => ({ id: g.id, name: g.name, discountPercent: g.discount_percent, isArchived: g.is_archived });

export async function loadGrade(q: Queryable, gradeId: number): Promise<PricingGrade | null> {
  const g = await one<GradeDbRow>(q, sql`SELECT id, name, discount_percent::text AS discount_percent, is_archived FROM grades WHERE id = ${gradeId}`);
  return g ? toGrade(g) : null;
}

/** A customer as the pricing function sees them for one service; null when there is no such user. */
export async function loadCustomer(
  q: Queryable,
  userId: number,
  serviceId: number,
  country: string | null,
): Promise<(PricingCustomer & { email: string }) | null> {
  const u = await one<{
    id: number;
    email: string;
    discount_percent: string;
    grade_id: number | null;
    grade_name: string | null;
    grade_percent: string | null;
    grade_archived: boolean | null;
    custom_price: string | null;
  }>(
    q,
    sql`SELECT u.id, u.email, u.discount_percent::text AS discount_percent, g.id AS grade_id, g.name AS grade_name,
          g.discount_percent::text AS grade_percent, g.is_archived AS grade_archived,
          (SELECT us.price::text FROM user_services us WHERE us.user_id = u.id AND us.service_id = ${serviceId}) AS custom_price
        FROM users u LEFT JOIN grades g ON g.id = u.current_grade_id WHERE u.id = ${userId}`,
  );
  if (!u) return null;
  return {
    userId: u.id,
    email: u.email,
    country,
    customPrice: u.custom_price,
    grade: u.grade_id === null ? null : { id: u.grade_id, name: u.grade_name!, discountPercent: u.grade_percent!, isArchived: !!u.grade_archived },
    personalDiscountPercent: u.discount_percent,
  };
}

/** Customers by id with their grade, personal discount and custom prices (the demo generator). */
export async function loadCustomers(q: Queryable): Promise<Map<number, { grade: PricingGrade | null; personal: string; customPrices: Map<number, string> }>> {
  const customers = new Map<number, { grade: PricingGrade | null; personal: string; customPrices: Map<number, string> }>();
  const grades = new Map(
    (await rows<GradeDbRow>(q, sql`SELECT id, name, discount_percent::text AS discount_percent, is_archived FROM grades`)).map((g) => [g.id, toGrade(g)]),
  );
  for (const u of await rows<{ id: number; grade_id: number | null; discount_percent: string }>(
    q,
    sql`SELECT id, current_grade_id AS grade_id, discount_percent::text AS discount_percent FROM users`,
  )) {
    customers.set(u.id, { grade: u.grade_id === null ? null : (grades.get(u.grade_id) ?? null), personal: u.discount_percent, customPrices: new Map() });
  }
  for (const p of await rows<{ user_id: number; service_id: number; price: string }>(
    q,
    sql`SELECT user_id, service_id, price::text AS price FROM user_services`,
  )) {
    customers.get(p.user_id)?.customPrices.set(p.service_id, p.price);
  }
  return customers;
}
