/**
 * Orders table benchmark: p50/p95 of the orders list query as the API answers it (the shared table
 * builder: count + page + row mapping, no HTTP) on the demo order book:
 *
 *   - default view: status in_processing, page 1 of 30, newest first, with its total;
 *   - search by url: a customer's handle (contains), through the trigram index;
 *   - filter by user: one customer's orders by id.
 *
 * On PGlite with 200,000 orders (as `npm start` seeds it), then on PostgreSQL with 200,000 and
 * 1,000,000 orders (a database of its own on 127.0.0.1:5432, dropped at the end; PG_BENCH_URL
 * overrides the server). Prints one table of figures.
 *
 *   npx tsx bench/orders-table.ts [runs=60]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '../src/contract/permissions';
import { tableRequestSchema, type TableRequest } from '../src/contract/table';
import { COUNT_ESTIMATE_ABOVE, ordersTable } from '../src/server/areas/orders/table';
import { openDatabase, rows, sql, type Database } from '../src/server/db/client';
import { seedBase, seedSteps } from '../src/server/seed';
import { seedDemoOrders } from '../src/server/areas/orders/seed';
import { createScratchDatabase } from '../tests/server/helpers/postgres';

const RUNS = Math.max(10, Number(process.argv[2] ?? 60));
const WARMUP = 5;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ctx = { permissions: new Set(PERMISSIONS) };

interface Figure {
  engine: string;
  orders: number;
  scenario: string;
  p50: number;
  p95: number;
  total: string;
}
const figures: Figure[] = [];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(engine: string, database: Database, orders: number, scenario: string, request: (i: number) => TableRequest) {
  const times: number[] = [];
  let total = '';
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const parsed = tableRequestSchema.parse(request(i));
    const start = performance.now();
    const answer = await ordersTable.query(database.db, parsed, ctx);
    const elapsed = performance.now() - start;
    if (i >= WARMUP) times.push(elapsed);
    total = `${answer.totalIsEstimate ? '~' : ''}${answer.totalItemsCount}`;
  }
  times.sort((a, b) => a - b);
  figures.push({ engine, orders, scenario, p50: percentile(times, 50), p95: percentile(times, 95), total });
  console.log(
    `  ${engine} ${orders.toLocaleString('en')} ${scenario}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (total ${total})`,
  );
}

async function scenarios(engine: string, database: Database) {
  const [{ n }] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
  // Handles and users that have orders, so every search and filter finds something.
  const handles = (
    await rows<{ handle: string }>(
      database.db,
      sql`SELECT DISTINCT replace(split_part(u.email, '@', 1), '.', '_') AS handle FROM users u
           WHERE EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id) ORDER BY 1 LIMIT 40`,
    )
  ).map((r) => r.handle);
  const users = (await rows<{ id: number }>(database.db, sql`SELECT DISTINCT user_id AS id FROM orders WHERE user_id IS NOT NULL ORDER BY 1 LIMIT 40`)).map(
    (r) => r.id,
  );

  await measure(engine, database, n, 'default view (in_processing, page 1, count)', () => ({
    headers: [{ value: 'status', filter: ['in_processing'] }],
    options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] },
  }));
  await measure(engine, database, n, 'search by url (contains)', (i) => ({
    search: handles[i % handles.length],
    options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] },
  }));
  await measure(engine, database, n, 'filter by user', (i) => ({
    headers: [{ value: 'user.email', filter: users[i % users.length] }],
    options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] },
  }));
}

/** The base seed and the demo steps the order book needs (staff, customers, catalogue, providers, orders). */
async function seeded(database: Database, orders: number) {
  process.env.SEED_ORDERS = String(orders);
  await seedBase(database.db);
  for (const step of seedSteps) {
    if (step.kind !== 'demo') continue;
    await database.db.transaction((tx) => step.run(tx));
    if (step.name === 'orders-and-providers') break;
  }
}

async function pglite() {
  console.log('PGlite: seeding 200,000 orders (as the first start does)…');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const start = performance.now();
    await seeded(database, 200_000);
    console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    await scenarios('PGlite', database);
  } finally {
    await database.close();
  }
}

async function postgres() {
  const scratch = await createScratchDatabase('This benchmark', SERVER);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    console.log('PostgreSQL: seeding 200,000 orders…');
    let start = performance.now();
    await seeded(database, 200_000);
    await database.db.execute(sql`VACUUM ANALYZE orders`);
    console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    await scenarios('PostgreSQL', database);

    console.log('PostgreSQL: adding 800,000 orders (1,000,000 in all)…');
    start = performance.now();
    await database.db.transaction((tx) => seedDemoOrders(tx, 800_000));
    // What autovacuum does after a bulk load: visibility map (index-only counts) and statistics.
    await database.db.execute(sql`VACUUM ANALYZE orders`);
    console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    await scenarios('PostgreSQL', database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

async function main() {
  console.log(
    `Orders table benchmark: ${RUNS} runs per scenario after ${WARMUP} warm-up runs; ` +
      `${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; estimated counts above ${COUNT_ESTIMATE_ABOVE.toLocaleString('en')} rows.`,
  );
  const only = process.env.BENCH_ENGINE;
  if (!only || only === 'pglite') await pglite();
  if (!only || only === 'postgres') await postgres();

  const header = ['engine', 'orders', 'scenario', 'p50 ms', 'p95 ms', 'total'];
  const table = figures.map((f) => [f.engine, f.orders.toLocaleString('en'), f.scenario, f.p50.toFixed(1), f.p95.toFixed(1), f.total]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of table) console.log(line(r));
  console.log('("~" marks an estimated total: the console shows "about".)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
