/**
 * Transactions table benchmark: p50/p95 of the transactions list (POST /payments) as the API answers
 * it (the shared table builder: count + page + row mapping, no HTTP) on PostgreSQL with 1,000,000
 * transactions over 5,000 users (a database of its own on 127.0.0.1:5432, dropped at the end;
 * PG_BENCH_URL overrides the server):
 *
 *   - default view: page 1 of 30, newest first, with its total;
 *   - search by user: a customer's e-mail typed in the search box;
 *   - search by user id: the id typed in the search box (also matches transaction and order ids);
 *   - filter by user: the list a profile opens (queries.userId).
 *
 * Goal: p95 ≤ 25 ms for the default view and the search by user. Prints one table of figures.
 *
 *   npx tsx bench/finance-transactions.ts [runs=60] [transactions=1000000]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { transactionsTable } from '../src/server/areas/finance/table';
import { openDatabase, rows, sql, type Database } from '../src/server/db/client';
import { seedBase } from '../src/server/seed';
import { createScratchDatabase } from '../tests/server/helpers/postgres';
import { tableFigures } from './tableFigures';

const RUNS = Math.max(10, Number(process.argv[2] ?? 60));
const COUNT = Math.max(10_000, Number(process.argv[3] ?? 1_000_000));
const USERS = 5_000;
const WARMUP = 5;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { measure, figures, print } = tableFigures(transactionsTable, { runs: RUNS, warmup: WARMUP });

async function seed(database: Database) {
  const { db } = database;
  await seedBase(db);
  await db.execute(sql`INSERT INTO payment_methods (name, type, position) VALUES ('Card', 'card', 1), ('USDT', 'crypto', 2), ('PayPal', 'paypal', 3)`);
  await db.execute(sql`INSERT INTO users (name, email, created_at)
    SELECT 'Customer ' || i, 'customer' || i || '@bench.example', now() - interval '2 years' FROM generate_series(1, ${USERS}) AS i`);
  const [{ first }] = await rows<{ first: number }>(db, sql`SELECT min(id) AS first FROM users`);
  // Deposits, order payments, refunds and withdrawals spread over two years; a few heavy users.
  const chunk = 200_000;
  for (let start = 1; start <= COUNT; start += chunk) {
    const end = Math.min(COUNT, start + chunk - 1);
    await db.execute(sql`
      INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, payment_method_id, created_at)
      SELECT ${first} + CASE WHEN i % 10 = 0 THEN i % 50 ELSE abs(hashint4(i)) % ${USERS} END,
             CASE WHEN k < 30 THEN (5 + i % 200)::numeric WHEN k < 85 THEN -(1 + i % 40)::numeric / 4 WHEN k < 95 THEN (i % 20)::numeric / 4 + 0.25 ELSE -(10 + i % 30)::numeric END,
             CASE WHEN k = 99 THEN 'task' WHEN k = 98 THEN 'referral' ELSE 'main' END,
             CASE WHEN k < 30 THEN 'deposit' WHEN k < 85 THEN 'order' WHEN k < 95 THEN 'refund' ELSE 'withdrawal' END,
             CASE WHEN k < 30 OR (k >= 85 AND k < 95) THEN 'income' ELSE 'expense' END,
             CASE WHEN k < 30 THEN 'Balance top-up' WHEN k < 85 THEN 'Order payment' WHEN k < 95 THEN 'Refund' ELSE 'Withdrawal held' END,
             CASE WHEN k < 30 THEN 1 + i % 3 END,
             now() - interval '730 days' + (i::float8 / ${COUNT}::float8) * interval '730 days'
        FROM (SELECT i, abs(hashint4(i * 7)) % 100 AS k FROM generate_series(${start}::int, ${end}::int) AS i) g`);
    process.stdout.write(`  seeded ${end.toLocaleString('en')} transactions\r`);
  }
  await db.execute(sql`ANALYZE users`);
  // A settled table, as autovacuum leaves it: the visibility map lets counts read the indexes only.
  await db.execute(sql`VACUUM ANALYZE transactions`);
  return first;
}

async function main() {
  const scratch = await createScratchDatabase('This benchmark', SERVER);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    console.log(`PostgreSQL, ${COUNT.toLocaleString('en')} transactions over ${USERS.toLocaleString('en')} users, ${RUNS} runs each`);
    const t0 = performance.now();
    const first = await seed(database);
    console.log(`\n  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const page = { page: 1, itemsPerPage: 30, sortBy: [] as string[], sortDesc: [] as boolean[] };
    const heavy = (i: number) => first + (i % 5) * 10;
    const light = (i: number) => first + 100 + ((i * 37) % (USERS - 200));
    await measure(database, 'default view (page 1, newest first)', () => ({ options: page }));
    await measure(database, 'default view, page 50', () => ({ options: { ...page, page: 50 } }));
    await measure(database, 'search by user e-mail (typical user)', (i) => ({ options: page, search: `customer${light(i) - first + 1}@bench.example` }));
    await measure(database, 'search by user e-mail (heavy user)', (i) => ({ options: page, search: `customer${heavy(i) - first + 1}@bench.example` }));
    await measure(database, 'search by user id', (i) => ({ options: page, search: String(light(i)) }));
    await measure(database, 'filter by user (profile link)', (i) => ({ options: page, queries: { userId: light(i) } }));
    await measure(database, 'type = withdrawal, newest first', () => ({ options: page, headers: [{ value: 'transactionType', filter: ['withdrawal'] }] }));

    console.log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    print();
    const goal = figures.filter((f) => f.scenario.startsWith('default view (page 1') || f.scenario.startsWith('search by user e-mail'));
    console.log(`\ngoal p95 ≤ 25 ms (default view, search by user): ${goal.every((f) => f.p95 <= 25) ? 'met' : 'not met'}`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
