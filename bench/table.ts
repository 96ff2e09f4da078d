/**
 * Table builder benchmark: the users list (src/server/areas/users/table.ts) on in-memory PGlite
 * with the demo seed, optionally scaled by copying the seeded users. Prints the median and p95 of
 * typical table requests (warm); the total column is the filtered count each answer carried.
 *
 *   npx tsx bench/table.ts [copies=1] [runs=20]
 *
 * copies=10 gives 50,000 users. Figures only: nothing here asserts a time.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '../src/contract/permissions';
import { tableRequestSchema, type TableRequest } from '../src/contract/table';
import { usersTable } from '../src/server/areas/users/table';
import { openDatabase, one } from '../src/server/db/client';
import { runSeed } from '../src/server/seed';

const COPIES = Math.min(Math.max(Number(process.argv[2] ?? 1), 1), 40);
const RUNS = Math.min(Math.max(Number(process.argv[3] ?? 20), 3), 200);

const ctx = { permissions: new Set(PERMISSIONS) };

async function main() {
  let t = performance.now();
  const database = await openDatabase({ dataDir: 'memory://' });
  const { db } = database;
  await runSeed(db, { demo: true });
  console.log(`open + migrate + demo seed: ${(performance.now() - t).toFixed(0)} ms`);

  if (COPIES > 1) {
    t = performance.now();
    await db.execute(sql`
      INSERT INTO users (name, email, telegram_username, balance, spent, current_grade_id, messengers, affiliate_code,
        referrer_id, seller_id, seller_status, contact_step_id, marketing_subid, status, frozen_at, deactivated_at,
        discount_percent, created_at, updated_at)
      SELECT name, 'c' || k || '.' || email, telegram_username, balance, spent, current_grade_id, messengers,
        affiliate_code || '-' || k, referrer_id, seller_id, seller_status, contact_step_id, marketing_subid, status,
        frozen_at, deactivated_at, discount_percent, created_at - k * interval '1 hour', updated_at
      FROM users CROSS JOIN generate_series(1, ${COPIES - 1}) AS k`);
    await db.execute(sql`ANALYZE`);
    console.log(`copied users x${COPIES}: ${(performance.now() - t).toFixed(0)} ms`);
  }
  const total = (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`))!.n;
  const seller = (await one<{ id: number }>(db, sql`SELECT id FROM staff_members WHERE email = 'manager@example.com'`))!.id;
  console.log(`users: ${total}, runs per case: ${RUNS}\n`);

  const cases: [string, TableRequest][] = [
    ['default page (id desc, 30)', {}],
    ['status = active (console default)', { headers: [{ value: 'status', filter: ['active'] }] }],
    ['search "maya"', { search: 'maya' }],
    ['search by id', { search: '1234' }],
    ['sort by affiliates desc', { options: { page: 1, itemsPerPage: 30, sortBy: ['affiliates'], sortDesc: [true] } }],
    ['sort by balance, page 50', { options: { page: 50, itemsPerPage: 30, sortBy: ['balance'], sortDesc: [true] } }],
    [
      'balance >= 100 and created in 2025',
      {
        headers: [
          { value: 'balance', filter: { from: 100 } },
          { value: 'createdAt', filter: { from: '2025-01-01', to: '2025-12-31' } },
        ],
      },
    ],
    [
      'seller = manager, status new/paid',
      {
        headers: [
          { value: 'seller.email', filter: seller },
          { value: 'sellerStatus', filter: ['new', 'paid'] },
        ],
      },
    ],
    ['has custom prices', { headers: [{ value: 'userServiceExists', filter: true }] }],
  ];

  console.log('case'.padEnd(40), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'total'.padStart(8));
  for (const [name, request] of cases) {
    const parsed = tableRequestSchema.parse(request);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 2; i++) {
      const start = performance.now();
      const res = await usersTable.query(db, parsed, ctx);
      if (i >= 2) times.push(performance.now() - start); // the first two runs warm the plan cache
      count = res.totalItemsCount;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
    console.log(name.padEnd(40), median.toFixed(1).padStart(10), p95.toFixed(1).padStart(8), String(count).padStart(8));
  }
  await database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
