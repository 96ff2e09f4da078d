import {
  DASHBOARD_TOP_SERVICES,
  type DashboardNewUsers,
  type DashboardOrderStatuses,
  type DashboardProviderSpend,
  type DashboardRefunds,
  type DashboardTopServices,
  type OrdersStatistics,
} from '../../../contract/home';
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/orders/columns';
import { rows, sql, type Queryable } from '../../db/client';

/**
 * The dashboard's figures. Orders are read from the roll-up order_stats_daily (./schema.ts), never
 * from orders itself: a period of 90 days reads at most 90 × services × providers × statuses small
 * rows, whatever the number of orders.
 *
 * Revenue is what customers paid for the orders placed that day less what was refunded on them;
 * unpaid orders count as orders but bring no revenue. Spend is the cost the orders carry at their
 * provider. Money is summed in SQL (numeric) and returned as decimal strings.
 */

const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
  dates: string[];
}

/** The last `days` UTC days ending on the day of `now`. */
export function periodOf(days: number, now: Date = new Date()): Period {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { from: dates[0]!, to: dates[dates.length - 1]!, dates };
}

/** One value per date of the period, `empty` where the query had no row. */
function perDay<R extends { date: string }, T>(period: Period, found: R[], pick: (row: R | undefined, date: string) => T): T[] {
  const byDate = new Map(found.map((r) => [r.date, r]));
  return period.dates.map((date) => pick(byDate.get(date), date));
}

const inPeriod = (p: Period) => sql`s.day BETWEEN ${p.from}::date AND ${p.to}::date`;
const netRevenue = sql`sum(CASE WHEN s.status = 'unpaid' THEN 0 ELSE s.revenue - s.refunded END)`;

export async function ordersStatistics(q: Queryable, period: Period, withMoney: boolean): Promise<OrdersStatistics> {
  const found = await rows<{ date: string; orders: number; revenue: string }>(
    q,
    sql`SELECT to_char(s.day, 'YYYY-MM-DD') AS date, sum(s.orders)::int AS orders, ${netRevenue}::numeric(18, 4)::text AS revenue
          FROM order_stats_daily s WHERE ${inPeriod(period)} GROUP BY s.day`,
  );
  const days = perDay(period, found, (r, date) => ({ date, orders: r?.orders ?? 0, revenue: withMoney ? (r?.revenue ?? '0.0000') : null }));
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  let totalRevenue: string | null = null;
  if (withMoney) {
    const [total] = await rows<{ revenue: string }>(
      q,
      sql`SELECT coalesce(${netRevenue}, 0)::numeric(18, 4)::text AS revenue FROM order_stats_daily s WHERE ${inPeriod(period)}`,
    );
    totalRevenue = total?.revenue ?? '0.0000';
  }
  return { from: period.from, to: period.to, days, totals: { orders: totalOrders, revenue: totalRevenue } };
}

export async function refundsPerDay(q: Queryable, period: Period, withMoney: boolean): Promise<DashboardRefunds> {
  const found = await rows<{ date: string; canceled: number; refunded: string }>(
    q,
    sql`SELECT to_char(s.day, 'YYYY-MM-DD') AS date,
               coalesce(sum(s.orders) FILTER (WHERE s.status = 'canceled'), 0)::int AS canceled,
               sum(s.refunded)::numeric(18, 4)::text AS refunded
          FROM order_stats_daily s WHERE ${inPeriod(period)} GROUP BY s.day`,
  );
  const days = perDay(period, found, (r, date) => ({
    date,
    canceled: r?.canceled ?? 0,
    refunded: withMoney ? (r?.refunded ?? '0.0000') : null,
  }));
  return { from: period.from, to: period.to, days };
}

export async function orderStatuses(q: Queryable): Promise<DashboardOrderStatuses> {
  const found = await rows<{ status: OrderStatus; orders: number }>(
    q,
    sql`SELECT s.status, sum(s.orders)::int AS orders FROM order_stats_daily s GROUP BY s.status`,
  );
  const byStatus = new Map(found.map((r) => [r.status, r.orders]));
  return { statuses: ORDER_STATUSES.map((status) => ({ status, orders: byStatus.get(status) ?? 0 })) };
}

export async function topServices(q: Queryable, period: Period, withMoney: boolean): Promise<DashboardTopServices> {
  const rankedBy = withMoney ? 'revenue' : 'orders';
  const found = await rows<{ serviceId: number; name: string; orders: number; revenue: string }>(
    q,
    sql`SELECT t.service_id AS "serviceId", coalesce(v.name, 'Service ' || t.service_id) AS name, t.orders, t.revenue::text AS revenue
          FROM (SELECT s.service_id, sum(s.orders)::int AS orders, ${netRevenue}::numeric(18, 4) AS revenue
                  FROM order_stats_daily s
                 WHERE ${inPeriod(period)} AND s.service_id <> 0
                 GROUP BY s.service_id
                 ORDER BY ${withMoney ? sql`revenue DESC, orders DESC` : sql`orders DESC`}, s.service_id
                 LIMIT ${DASHBOARD_TOP_SERVICES}) t
          LEFT JOIN services v ON v.id = t.service_id
         ORDER BY ${withMoney ? sql`t.revenue DESC, t.orders DESC` : sql`t.orders DESC`}, t.service_id`,
  );
  return {
    from: period.from,
    to: period.to,
    rankedBy,
    services: found.map((r) => ({ ...r, revenue: withMoney ? r.revenue : null })),
  };
}

export async function providerSpend(q: Queryable, period: Period): Promise<DashboardProviderSpend> {
  const providers = await rows<{ providerId: number; name: string; orders: number; spend: string }>(
    q,
    sql`SELECT t.provider_id AS "providerId", coalesce(p.name, 'Provider ' || t.provider_id) AS name, t.orders, t.spend::text AS spend
          FROM (SELECT s.provider_id, sum(s.orders)::int AS orders,
                       sum(CASE WHEN s.status = 'unpaid' THEN 0 ELSE s.cost END)::numeric(18, 4) AS spend
                  FROM order_stats_daily s
                 WHERE ${inPeriod(period)} AND s.provider_id <> 0
                 GROUP BY s.provider_id) t
          LEFT JOIN providers p ON p.id = t.provider_id
         ORDER BY t.spend DESC, t.provider_id`,
  );
  return { from: period.from, to: period.to, providers };
}

export async function newUsersPerDay(q: Queryable, period: Period): Promise<DashboardNewUsers> {
  // An index range scan of users_created_at_idx over the period.
  const found = await rows<{ date: string; users: number }>(
    q,
    sql`SELECT to_char((u.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS users
          FROM users u
         WHERE u.created_at >= (${period.from}::date)::timestamp AT TIME ZONE 'UTC'
           AND u.created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC')
         GROUP BY 1`,
  );
  return { from: period.from, to: period.to, days: perDay(period, found, (r, date) => ({ date, users: r?.users ?? 0 })) };
}
