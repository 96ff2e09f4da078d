import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CouponStatistics, CouponUsage, couponStatisticsBodySchema } from '../../../contract/incentives';
import { one, rows, type Queryable } from '../../db/client';
import { utcText } from '../../table';

/**
 * Coupon statistics: received (what the coupons gave), spent (what customers
 * paid with them) and usages between two UTC days, grouped by date (newest first, then coupon
 * name) or by coupon (by name); a day's usages; one coupon's usages. All sums are numeric.
 */

type Body = z.output<typeof couponStatisticsBodySchema>;
const range = (from: string, to: string) =>
  sql`cu.created_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC' AND cu.created_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
const day = sql`to_char(cu.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

interface StatDbRow {
  date: string | null;
  id: number;
  name: string;
  code: string;
  received: string;
  spent: string;
  usages: number;
  affiliate_id: number | null;
  affiliate_email: string | null;
}

export async function couponStatistics(q: Queryable, body: Body): Promise<CouponStatistics> {
  const where = range(body.start_date, body.end_date);
  const byDate = body.group_by === 'date';
  const items = await rows<StatDbRow>(
    q,
    sql`SELECT ${byDate ? day : sql`NULL`} AS date, c.id, c.name, c.code, sum(cu.received)::numeric(14,4)::text AS received,
          sum(cu.spent)::numeric(14,4)::text AS spent, count(*)::int AS usages, a.id AS affiliate_id, a.email AS affiliate_email
        FROM coupon_usages cu JOIN coupons c ON c.id = cu.coupon_id LEFT JOIN users a ON a.id = c.affiliate_id
        WHERE ${where}
        GROUP BY ${byDate ? sql`${day}, ` : sql``}c.id, c.name, c.code, a.id, a.email
        ORDER BY ${byDate ? sql`1 DESC, ` : sql``}c.name, c.id
        LIMIT 5000`,
  );
  const days = await rows<{ date: string; received: string; spent: string; usages: number }>(
    q,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS date, COALESCE(s.received, 0)::numeric(14,4)::text AS received,
          COALESCE(s.spent, 0)::numeric(14,4)::text AS spent, COALESCE(s.usages, 0)::int AS usages
        FROM generate_series(${body.start_date}::date, ${body.end_date}::date, interval '1 day') AS d
        LEFT JOIN (SELECT ${day} AS date, sum(cu.received) AS received, sum(cu.spent) AS spent, count(*) AS usages
                     FROM coupon_usages cu WHERE ${where} GROUP BY 1) s ON s.date = to_char(d, 'YYYY-MM-DD')
        ORDER BY d`,
  );
  const totals = await one<{ received: string; spent: string; usages: number }>(
    q,
    sql`SELECT COALESCE(sum(received), 0)::numeric(14,4)::text AS received, COALESCE(sum(spent), 0)::numeric(14,4)::text AS spent, count(*)::int AS usages
          FROM coupon_usages cu WHERE ${where}`,
  );
  return {
    items: items.map((r) => ({
      date: r.date,
      coupon: { id: r.id, name: r.name, code: r.code },
      received: r.received,
      spent: r.spent,
      usages: Number(r.usages),
      referralManager: r.affiliate_id === null ? null : { id: r.affiliate_id, email: r.affiliate_email! },
    })),
    days: days.map((d) => ({ ...d, usages: Number(d.usages) })),
    totals: { received: totals!.received, spent: totals!.spent, usages: Number(totals!.usages) },
  };
}

interface UsageDbRow {
  id: number | string;
  coupon_id: number;
  name: string;
  code: string;
  user_id: number | null;
  email: string | null;
  order_id: number | string | null;
  transaction_id: number | string | null;
  kind: CouponUsage['kind'];
  spent: string;
  received: string;
  created_at: string;
}

const usageSelect = sql`SELECT cu.id, c.id AS coupon_id, c.name, c.code, u.id AS user_id, u.email, cu.order_id, cu.transaction_id, cu.kind,
    cu.spent::text AS spent, cu.received::text AS received, ${utcText(sql`cu.created_at`)} AS created_at
  FROM coupon_usages cu JOIN coupons c ON c.id = cu.coupon_id LEFT JOIN users u ON u.id = cu.user_id`;

const toUsage = (r: UsageDbRow): CouponUsage => ({
  id: Number(r.id),
  coupon: { id: r.coupon_id, name: r.name, code: r.code },
  user: r.user_id === null ? null : { id: r.user_id, email: r.email! },
  orderId: r.order_id === null ? null : Number(r.order_id),
  transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
  kind: r.kind,
  spent: r.spent,
  received: r.received,
  createdAt: r.created_at,
});

/** Every usage of one UTC day (at most 1000, newest first). */
export async function usagesOfDay(q: Queryable, date: string): Promise<{ items: CouponUsage[]; total: number }> {
  const where = range(date, date);
  const items = (await rows<UsageDbRow>(q, sql`${usageSelect} WHERE ${where} ORDER BY cu.created_at DESC, cu.id DESC LIMIT 1000`)).map(toUsage);
  const total = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM coupon_usages cu WHERE ${where}`);
  return { items, total: Number(total!.n) };
}

export const USAGES_PAGE = 30;

export async function usagesOfCoupon(q: Queryable, couponId: number, page: number): Promise<{ items: CouponUsage[]; total: number }> {
  const items = (
    await rows<UsageDbRow>(
      q,
      sql`${usageSelect} WHERE cu.coupon_id = ${couponId} ORDER BY cu.created_at DESC, cu.id DESC LIMIT ${USAGES_PAGE} OFFSET ${(page - 1) * USAGES_PAGE}`,
    )
  ).map(toUsage);
  const total = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM coupon_usages WHERE coupon_id = ${couponId}`);
  return { items, total: Number(total!.n) };
}
