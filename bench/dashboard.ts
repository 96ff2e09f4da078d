/**
 * Dashboard benchmark: p50/p95 of each chart's statistics endpoint through the real app (auth,
 * permission, query, JSON), 90-day period, on
 *
 *   - PGlite with 200,000 demo orders (as `npm start` seeds it);
 *   - PostgreSQL with 1,000,000 demo orders (a database of its own on 127.0.0.1:5432, dropped at the
 *     end; PG_BENCH_URL overrides the server).
 *
 * Beside each endpoint ("roll-up"), the same figures computed straight from the orders table
 * ("from orders", what the endpoint would cost without order_stats_daily). And the price of the
 * roll-up: inserting 20,000 orders in one statement and updating 200 orders one statement each,
 * with the roll-up triggers enabled and disabled.
 *
 * Goal: p95 ≤ 50 ms for every endpoint at 1M orders.
 *
 *   npx tsx bench/dashboard.ts [runs=40]        (BENCH_ENGINE=pglite|postgres for one of them)
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildPath } from '../src/contract/endpoint';
import { endpoints } from '../src/contract/endpoints';
import { PERMISSIONS } from '../src/contract/permissions';
import { createApp } from '../src/server/app';
import { createStaffMember } from '../src/server/auth/accounts';
import { openSession } from '../src/server/auth/sessions';
import { signAccessToken } from '../src/server/auth/tokens';
import { openDatabase, rows, sql, type Database } from '../src/server/db/client';
import { permissions, staffPermissions } from '../src/server/db/schema/staff';
import { seedBase, seedSteps } from '../src/server/seed';
import { seedDemoOrders } from '../src/server/areas/orders/seed';
import { createScratchDatabase } from '../tests/server/helpers/postgres';
import { testConfig } from '../tests/server/helpers/testConfig';
import { percentile } from './tableFigures';

const RUNS = Math.max(10, Number(process.argv[2] ?? 40));
const WARMUP = 5;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const ENGINE = process.env.BENCH_ENGINE;

// The test kit's server configuration, signed with this benchmark's secret.
const config = (databaseUrl?: string) => testConfig({ databaseUrl, demo: false, jwtSecret: SECRET, trustProxy: false });

interface Line {
  engine: string;
  chart: string;
  source: 'roll-up' | 'from orders';
  p50: number;
  p95: number;
}
const lines: Line[] = [];
const costs: string[] = [];

async function seeded(database: Database, orders: number) {
  process.env.SEED_ORDERS = String(Math.min(orders, 200_000));
  await seedBase(database.db);
  for (const step of seedSteps) {
    if (step.kind !== 'demo') continue;
    await database.db.transaction((tx) => step.run(tx));
    if (step.name === 'orders-and-providers') break;
  }
  for (let left = orders - 200_000; left > 0; left -= 200_000) {
    await database.db.transaction((tx) => seedDemoOrders(tx, Math.min(left, 200_000)));
  }
  await database.db.execute(sql`ANALYZE`);
}

async function tokenOf(database: Database): Promise<string> {
  const id = await createStaffMember(database.db, { email: `bench.${Date.now()}@example.test`, name: 'Bench', password: 'password', roles: [] });
  const granted = await database.db.select().from(permissions);
  await database.db
    .insert(staffPermissions)
    .values(granted.filter((p) => (PERMISSIONS as readonly string[]).includes(p.name)).map((p) => ({ staffId: id, permissionId: p.id })));
  const sessionId = await openSession(database.db, id, { staffId: id, ip: null, userAgent: 'bench' }, 1800);
  return signAccessToken(SECRET, { staffId: id, tokenVersion: 0, sessionId }, 1800);
}

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    await run();
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50)!, p95: percentile(times, 95)! };
}

/** The charts' figures straight from orders: what each endpoint would cost without the roll-up. */
const FROM_ORDERS: Record<string, ReturnType<typeof sql>> = {
  ordersDailyStatistics: sql`SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*), sum(CASE WHEN status = 'unpaid' THEN 0 ELSE price - refund_amount END)
    FROM orders WHERE created_at >= now() - interval '90 days' GROUP BY 1`,
  dashboardRefunds: sql`SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) FILTER (WHERE status = 'canceled'), sum(refund_amount)
    FROM orders WHERE created_at >= now() - interval '90 days' GROUP BY 1`,
  dashboardOrderStatuses: sql`SELECT status, count(*) FROM orders GROUP BY status`,
  dashboardTopServices: sql`SELECT service_id, count(*), sum(price - refund_amount) AS revenue FROM orders
    WHERE created_at >= now() - interval '90 days' AND status <> 'unpaid' GROUP BY service_id ORDER BY revenue DESC LIMIT 10`,
  dashboardProviderSpend: sql`SELECT provider_id, count(*), sum(cost) FROM orders WHERE created_at >= now() - interval '90 days' AND status <> 'unpaid' GROUP BY provider_id`,
};

async function benchEngine(engine: string, database: Database, orders: number, databaseUrl?: string) {
  let start = performance.now();
  await seeded(database, orders);
  const [{ n }] = (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`)) as [{ n: number }];
  const [{ r }] = (await rows<{ r: number }>(database.db, sql`SELECT count(*)::int AS r FROM order_stats_daily`)) as [{ r: number }];
  console.log(
    `[${engine}] ${n.toLocaleString('en-US')} orders (${r.toLocaleString('en-US')} roll-up rows) seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
  const app = createApp({ database, config: config(databaseUrl), publish: () => {} });
  const token = await tokenOf(database);

  for (const name of [
    'ordersDailyStatistics',
    'dashboardRefunds',
    'dashboardOrderStatuses',
    'dashboardTopServices',
    'dashboardProviderSpend',
    'dashboardNewUsers',
  ] as const) {
    const e = endpoints[name];
    const url = `${buildPath(e.path, {})}${name === 'dashboardOrderStatuses' ? '' : '?days=90'}`;
    const figures = await timed(async () => {
      const res = await app.request(url, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
      await res.json();
    });
    lines.push({ engine: `${engine}, ${n.toLocaleString('en-US')} orders`, chart: name, source: 'roll-up', ...figures });
    const direct = FROM_ORDERS[name];
    if (direct) {
      const before = await timed(() => database.db.execute(direct));
      lines.push({ engine: `${engine}, ${n.toLocaleString('en-US')} orders`, chart: name, source: 'from orders', ...before });
    }
  }

  // What the triggers cost the writers.
  const writes = async (label: string) => {
    start = performance.now();
    await database.db.transaction((tx) => seedDemoOrders(tx, 20_000));
    const insert = performance.now() - start;
    const ids = await rows<{ id: number }>(database.db, sql`SELECT id::int AS id FROM orders WHERE status = 'in_processing' ORDER BY id DESC LIMIT 200`);
    start = performance.now();
    for (const { id } of ids) await database.db.execute(sql`UPDATE orders SET status = 'completed', completed_at = now() WHERE id = ${id}`);
    const updates = (performance.now() - start) / Math.max(1, ids.length);
    costs.push(`| ${engine} | ${label} | ${(insert / 1000).toFixed(2)} s | ${updates.toFixed(2)} ms |`);
  };
  await writes('roll-up triggers on');
  await database.db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_stats_insert`);
  await database.db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_stats_update`);
  await writes('roll-up triggers off');
  await database.db.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_stats_insert`);
  await database.db.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_stats_update`);
}

async function main() {
  console.log(`dashboard bench: ${RUNS} runs after ${WARMUP} warm-up, 90-day period; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  if (ENGINE !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await benchEngine('PGlite', database, 200_000);
    } finally {
      await database.close();
    }
  }
  if (ENGINE !== 'pglite') {
    const scratch = await createScratchDatabase('This benchmark', SERVER);
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await benchEngine('PostgreSQL', database, 1_000_000, scratch.url);
    } finally {
      await database.close();
      await scratch.drop();
    }
  }
  console.log('\n| database | chart endpoint | source | p50 | p95 |\n|---|---|---|---:|---:|');
  for (const l of lines) console.log(`| ${l.engine} | ${l.chart} | ${l.source} | ${l.p50.toFixed(1)} ms | ${l.p95.toFixed(1)} ms |`);
  console.log(
    '\nThe price of the roll-up for writers:\n\n| database | triggers | insert 20,000 orders (one statement) | one status update |\n|---|---|---:|---:|',
  );
  for (const c of costs) console.log(c);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
