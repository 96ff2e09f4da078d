/**
 * Audit log benchmark: p50/p95 of the audit log list (GET /audits) as the API answers it (the
 * shared table builder: count or estimate + page + row mapping with secrets redacted, no HTTP) on
 * PostgreSQL with 1,000,000 audit entries (a database of its own on 127.0.0.1:5432, dropped at the
 * end; PG_BENCH_URL overrides the server):
 *
 *   - default view: page 1 of 30, newest first, with its (estimated) total;
 *   - filtered by record: one record's entries (record type and id), as a record link opens it;
 *   - filtered by staff member and a date range, and by event.
 *
 * Goal: p95 ≤ 25 ms for the default view and the filter by record. Prints one table of figures.
 *
 *   npx tsx bench/audit-log.ts [runs=60] [entries=1000000]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { auditsTable } from '../src/server/areas/logs/table';
import { openDatabase, rows, sql, type Database } from '../src/server/db/client';
import { seedBase } from '../src/server/seed';
import { createScratchDatabase } from '../tests/server/helpers/postgres';
import { tableFigures } from './tableFigures';

const RUNS = Math.max(10, Number(process.argv[2] ?? 60));
const COUNT = Math.max(10_000, Number(process.argv[3] ?? 1_000_000));
/** Records the entries are about: orders (most), users, payment methods. */
const ORDERS = 200_000;
const WARMUP = 5;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { measure, figures, print } = tableFigures(auditsTable, { runs: RUNS, warmup: WARMUP });

async function seed(database: Database): Promise<number[]> {
  const { db } = database;
  await seedBase(db);
  // Twenty staff members who make the changes (no one signs in: the password cannot match).
  await db.execute(sql`INSERT INTO staff_members (email, name, password_hash)
    SELECT 'staff' || i || '@bench.example', 'Staff ' || i, '!' FROM generate_series(1, 20) AS i`);
  const staff = (await rows<{ id: number }>(db, sql`SELECT id FROM staff_members ORDER BY id`)).map((r) => r.id);
  const staffArray = sql.raw(`ARRAY[${staff.join(',')}]::int[]`);
  // Over two years: order edits and transitions (80 %), user changes (15 %), payment methods (5 %),
  // each with its values before and after; a tenth by the system (no staff member).
  const chunk = 200_000;
  for (let start = 1; start <= COUNT; start += chunk) {
    const end = Math.min(COUNT, start + chunk - 1);
    await db.execute(sql`
      INSERT INTO audit_entries (created_at, staff_id, ip_address, user_agent, event, auditable_type, auditable_id, old_values, new_values)
      SELECT now() - interval '730 days' + (i::float8 / ${COUNT}::float8) * interval '730 days',
             CASE WHEN k % 10 = 0 THEN NULL ELSE (${staffArray})[1 + abs(hashint4(i)) % ${staff.length}] END,
             '10.0.' || (i % 250) || '.' || (k % 250),
             'Mozilla/5.0 (X11; Linux x86_64) Chrome/12' || (k % 10) || '.0',
             CASE WHEN k < 40 THEN 'updated' WHEN k < 60 THEN 'approved' WHEN k < 75 THEN 'canceled' WHEN k < 80 THEN 'created'
                  WHEN k < 95 THEN 'updated' ELSE 'updated' END,
             CASE WHEN k < 80 THEN 'order' WHEN k < 95 THEN 'user' ELSE 'payment_method' END,
             CASE WHEN k < 80 THEN 1 + abs(hashint4(i * 3)) % ${ORDERS} WHEN k < 95 THEN 1 + abs(hashint4(i * 5)) % 20000 ELSE 1 + i % 12 END,
             CASE WHEN k < 40 THEN jsonb_build_object('url', 'https://example.com/p/' || i, 'comment', NULL)
                  WHEN k < 80 THEN jsonb_build_object('status', 'in_processing')
                  WHEN k < 95 THEN jsonb_build_object('status', 'active', 'frozen_at', NULL)
                  ELSE jsonb_build_object('secrets', jsonb_build_object('api_key', 'k' || i), 'fee_percent', '0.0200') END,
             CASE WHEN k < 40 THEN jsonb_build_object('url', 'https://example.com/p/' || i || '?v=2', 'comment', 'moved')
                  WHEN k < 80 THEN jsonb_build_object('status', CASE WHEN k < 60 THEN 'completed' ELSE 'canceled' END)
                  WHEN k < 95 THEN jsonb_build_object('status', 'frozen', 'frozen_at', now()::text)
                  ELSE jsonb_build_object('secrets', jsonb_build_object('api_key', 'k' || (i + 1)), 'fee_percent', '0.0250') END
        FROM (SELECT i, abs(hashint4(i * 7)) % 100 AS k FROM generate_series(${start}::int, ${end}::int) AS i) g`);
    process.stdout.write(`  seeded ${end.toLocaleString('en')} audit entries\r`);
  }
  // A settled table, as autovacuum leaves it.
  await db.execute(sql`VACUUM ANALYZE audit_entries`);
  return staff;
}

async function main() {
  const scratch = await createScratchDatabase('This benchmark', SERVER);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    console.log(`PostgreSQL, ${COUNT.toLocaleString('en')} audit entries, ${RUNS} runs each`);
    const t0 = performance.now();
    const staff = await seed(database);
    console.log(`\n  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const page = { page: 1, itemsPerPage: 30, sortBy: [] as string[], sortDesc: [] as boolean[] };
    const order = (i: number) => 1 + ((i * 7919) % ORDERS);
    const month = (i: number) => {
      const from = new Date(Date.now() - (60 + (i % 300)) * 86_400_000);
      const to = new Date(from.getTime() + 30 * 86_400_000);
      return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
    };
    await measure(database, 'default view (page 1, newest first)', () => ({ options: page }));
    await measure(database, 'default view, page 50', () => ({ options: { ...page, page: 50 } }));
    await measure(database, 'filtered by record (order type and id)', (i) => ({
      options: page,
      headers: [
        { value: 'auditableType', filter: 'order' },
        { value: 'auditableId', filter: order(i) },
      ],
    }));
    await measure(database, 'filtered by record type (payment method)', () => ({
      options: page,
      headers: [{ value: 'auditableType', filter: 'payment_method' }],
    }));
    await measure(database, 'staff member + a month', (i) => ({
      options: page,
      headers: [
        { value: 'user', filter: staff[i % staff.length] },
        { value: 'createdAt', filter: month(i) },
      ],
    }));
    await measure(database, 'event = canceled', () => ({ options: page, headers: [{ value: 'event', filter: ['canceled'] }] }));

    console.log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    print();
    const goal = figures.filter((f) => f.scenario.startsWith('default view (page 1') || f.scenario.startsWith('filtered by record ('));
    console.log(`\ngoal p95 ≤ 25 ms (default view, filtered by record): ${goal.every((f) => f.p95 <= 25) ? 'met' : 'not met'}`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
