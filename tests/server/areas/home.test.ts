import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../../src/server/db/client';
import { periodOf } from '../../../src/server/areas/home/dashboard';
import { createTestApp, type TestApp, type TestMember } from '../helpers/testServer';

/**
 * The dashboard's statistics: the roll-up the triggers keep equals the orders it summarises after
 * inserts, updates (status, provider, refunds) and deletes; each chart's endpoint answers one point
 * per day and hides money from members without viewFinances.
 */

let t: TestApp;
let viewer: TestMember;
let accountant: TestMember;

const today = () => new Date().toISOString().slice(0, 10);

/** The roll-up recomputed from orders: what the triggers must have kept. */
const recomputed = sql`SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, coalesce(service_id, 0) AS service_id,
    coalesce(provider_id, 0) AS provider_id, status, count(*)::int AS orders, sum(price)::numeric(18, 4)::text AS revenue,
    sum(cost)::numeric(18, 4)::text AS cost, sum(refund_amount)::numeric(18, 4)::text AS refunded
  FROM orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
const kept = sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, service_id, provider_id, status, orders, revenue::text, cost::text, refunded::text
  FROM order_stats_daily WHERE orders <> 0 OR revenue <> 0 OR cost <> 0 OR refunded <> 0 ORDER BY 1, 2, 3, 4`;

async function expectRollupExact() {
  expect(await rows(t.db, kept)).toEqual(await rows(t.db, recomputed));
}

/** A Postgres array literal (drizzle spreads a JS array into a row). */
const pgArray = (ids: number[]) => `{${ids.join(',')}}`;

let serviceId: number;
let providerId: number;
let userId: number;

/** Inserts orders placed today through plain SQL (the triggers see every writer, not only the API). */
async function placeOrders(count: number, price: string, extra: { status?: string; providerId?: number | null } = {}): Promise<number[]> {
  const inserted = await rows<{ id: number }>(
    t.db,
    sql`INSERT INTO orders (status, user_id, service_id, provider_id, price, cost, quantity, is_paid)
        SELECT ${extra.status ?? 'in_processing'}, ${userId}, ${serviceId}, ${extra.providerId === undefined ? providerId : extra.providerId},
               ${price}::numeric, 1.25, 100, ${extra.status !== 'unpaid'}
          FROM generate_series(1, ${count}) RETURNING id::int AS id`,
  );
  return inserted.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.memberWith(['viewOrders', 'viewUsers']);
  accountant = await t.memberWith(['viewOrders', 'viewFinances', 'manageExternalPanels']);
  const [ids] = await rows<{ service_id: number; provider_id: number; user_id: number }>(
    t.db,
    sql`SELECT (SELECT min(id) FROM services) AS service_id, (SELECT min(id) FROM providers) AS provider_id, (SELECT min(id) FROM users) AS user_id`,
  );
  ({ service_id: serviceId, provider_id: providerId, user_id: userId } = ids!);
});

afterAll(async () => {
  await t.close();
});

describe('the roll-up of orders', () => {
  it('holds the demo orders the migration backfilled and the seed inserted', async () => {
    const [count] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(count!.n).toBeGreaterThan(0);
    await expectRollupExact();
  });

  it('follows inserts, status changes, provider changes, refunds and deletes, in bulk and one by one', async () => {
    const ids = await placeOrders(40, '10.5000');
    await expectRollupExact();

    await t.db.execute(sql`UPDATE orders SET status = 'canceled', refund_amount = price WHERE id = ANY(${pgArray(ids.slice(0, 10))}::bigint[])`);
    await t.db.execute(sql`UPDATE orders SET status = 'completed' WHERE id = ${ids[10]!}`);
    await t.db.execute(sql`UPDATE orders SET provider_id = NULL WHERE id = ANY(${pgArray(ids.slice(11, 15))}::bigint[])`);
    // An update that changes none of the summed columns leaves the roll-up as it was.
    await t.db.execute(sql`UPDATE orders SET current_quantity = 50, comment = 'progress' WHERE id = ANY(${pgArray(ids)}::bigint[])`);
    await expectRollupExact();

    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE orders SET refund_amount = 2 WHERE id = ${ids[20]!}`);
      await tx.execute(sql`DELETE FROM orders WHERE id = ANY(${pgArray(ids.slice(30))}::bigint[])`);
    });
    await expectRollupExact();
  });

  it('forgets what a rolled-back transaction did', async () => {
    const before = await rows(t.db, kept);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE orders SET status = 'canceled' WHERE status = 'in_processing'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows(t.db, kept)).toEqual(before);
  });
});

describe('the chart endpoints', () => {
  it('give one point per day of the period, today last, and count today’s new orders', async () => {
    const before = await t.ok('ordersDailyStatistics', { query: { days: 7 } }, accountant);
    expect(before.days).toHaveLength(7);
    expect(before.to).toBe(today());
    expect(before.days.map((d) => d.date)).toEqual(periodOf(7).dates);

    await placeOrders(3, '2.0000');
    const after = await t.ok('ordersDailyStatistics', { query: { days: 7 } }, accountant);
    expect(after.days.at(-1)!.orders).toBe(before.days.at(-1)!.orders + 3);
    expect(Number(after.days.at(-1)!.revenue)).toBeCloseTo(Number(before.days.at(-1)!.revenue) + 6, 4);
    expect(after.totals.orders).toBe(after.days.reduce((s, d) => s + d.orders, 0));
  });

  it('count revenue net of refunds, without unpaid orders', async () => {
    const before = await t.ok('ordersDailyStatistics', { query: { days: 7 } }, accountant);
    const [paid] = await placeOrders(1, '100.0000');
    await placeOrders(1, '50.0000', { status: 'unpaid' });
    await t.db.execute(sql`UPDATE orders SET refund_amount = 40 WHERE id = ${paid!}`);
    const after = await t.ok('ordersDailyStatistics', { query: { days: 7 } }, accountant);
    expect(Number(after.days.at(-1)!.revenue) - Number(before.days.at(-1)!.revenue)).toBeCloseTo(60, 4);
    expect(after.days.at(-1)!.orders - before.days.at(-1)!.orders).toBe(2);
  });

  it('hide money from a member without viewFinances and rank services by orders instead', async () => {
    const stats = await t.ok('ordersDailyStatistics', { query: { days: 30 } }, viewer);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.every((d) => d.revenue === null)).toBe(true);
    expect(stats.totals.revenue).toBeNull();
    const refunds = await t.ok('dashboardRefunds', { query: { days: 30 } }, viewer);
    expect(refunds.days.every((d) => d.refunded === null)).toBe(true);
    const top = await t.ok('dashboardTopServices', { query: { days: 30 } }, viewer);
    expect(top.rankedBy).toBe('orders');
    expect(top.services.every((s) => s.revenue === null)).toBe(true);
    const orders = top.services.map((s) => s.orders);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
  });

  it('rank the top services by revenue, at most ten, with their names', async () => {
    const top = await t.ok('dashboardTopServices', { query: { days: 90 } }, accountant);
    expect(top.rankedBy).toBe('revenue');
    expect(top.services.length).toBeGreaterThan(0);
    expect(top.services.length).toBeLessThanOrEqual(10);
    const revenue = top.services.map((s) => Number(s.revenue));
    expect(revenue).toEqual([...revenue].sort((a, b) => b - a));
    expect(top.services.every((s) => s.name.length > 0)).toBe(true);
  });

  it('count today’s cancellations and refunds on the day the orders were placed', async () => {
    const before = await t.ok('dashboardRefunds', { query: { days: 7 } }, accountant);
    const ids = await placeOrders(2, '8.0000');
    await t.db.execute(sql`UPDATE orders SET status = 'canceled', refund_amount = 8 WHERE id = ANY(${pgArray(ids)}::bigint[])`);
    const after = await t.ok('dashboardRefunds', { query: { days: 7 } }, accountant);
    expect(after.days.at(-1)!.canceled - before.days.at(-1)!.canceled).toBe(2);
    expect(Number(after.days.at(-1)!.refunded) - Number(before.days.at(-1)!.refunded)).toBeCloseTo(16, 4);
  });

  it('give every status, with the counts of all orders now', async () => {
    const { statuses } = await t.ok('dashboardOrderStatuses', {}, viewer);
    expect(statuses.map((s) => s.status)).toEqual(['in_processing', 'in_moderation', 'completed', 'stopped', 'canceled', 'unpaid']);
    const [direct] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'completed'`);
    expect(statuses.find((s) => s.status === 'completed')!.orders).toBe(direct!.n);
  });

  it('give the spend per provider to members who manage providers only', async () => {
    const spend = await t.ok('dashboardProviderSpend', { query: { days: 7 } }, accountant);
    const mine = spend.providers.find((p) => p.providerId === providerId);
    expect(mine).toBeDefined();
    expect(Number(mine!.spend)).toBeGreaterThan(0);
    expect((await t.call('dashboardProviderSpend', { query: { days: 7 } }, viewer)).status).toBe(403);
  });

  it('count the users registered today', async () => {
    const before = await t.ok('dashboardNewUsers', { query: { days: 7 } }, viewer);
    await t.db.execute(sql`INSERT INTO users (email, name) VALUES ('dash-new-1@example.com', 'Dash One'), ('dash-new-2@example.com', 'Dash Two')`);
    const after = await t.ok('dashboardNewUsers', { query: { days: 7 } }, viewer);
    expect(after.days.at(-1)!.users - before.days.at(-1)!.users).toBe(2);
    expect((await t.call('dashboardNewUsers', { query: { days: 7 } }, accountant)).status).toBe(403);
  });

  it('refuse a period other than 7, 30 or 90 days with a 422 on days', async () => {
    const reply = await t.call('ordersDailyStatistics', { query: { days: 12 as never } }, viewer);
    expect(reply.status).toBe(422);
    expect(reply.ok ? null : reply.body.errors).toHaveProperty('days');
  });
});
