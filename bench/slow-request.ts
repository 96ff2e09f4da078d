/**
 * Does a slow request delay everyone else? (issue: hardening, finding 2)
 *
 * On PostgreSQL (a database of its own on 127.0.0.1:5432, dropped at the end; PG_BENCH_URL
 * overrides the server) with the demo order book, the real app answers GET /settings:
 *   1. alone — the baseline;
 *   2. while CLIENTS members keep asking for the heaviest orders table the API still allows
 *      ("All" rows, capped at ALL_ROWS_CAP, with a contains filter of MAX_FILTER_TEXT characters on
 *      the URL and the search box filled);
 *   3. while a runaway statement (pg_sleep past the statement timeout) holds a connection — it
 *      must be answered 503 with a message when the timeout cancels it.
 * It prints p50/p95/max of GET /settings in each case and what the heavy requests cost. The
 * figures are for reading, not asserting (tests/server/http/hardening-postgres.test.ts proves the order
 * of the answers).
 *
 *   npx tsx bench/slow-request.ts [orders=200000] [settingsRequests=200]
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ALL_ROWS_CAP, MAX_FILTER_TEXT } from '../src/contract/table';
import { createApp } from '../src/server/app';
import { createStaffMember } from '../src/server/auth/accounts';
import { openSession } from '../src/server/auth/sessions';
import { signAccessToken } from '../src/server/auth/tokens';
import { readConfig, type ServerConfig } from '../src/server/config';
import { openDatabase, sql, type Database } from '../src/server/db/client';
import { seedBase, seedSteps } from '../src/server/seed';
import type { AppDeps } from '../src/server/deps';
import { withStatementTimeout } from '../src/server/server';
import { createScratchDatabase } from '../tests/server/helpers/postgres';

const ORDERS = Math.max(10_000, Number(process.argv[2] ?? 200_000));
const SETTINGS_REQUESTS = Math.max(50, Number(process.argv[3] ?? 200));
const CLIENTS = 4;
const POOL = 10;
const STATEMENT_TIMEOUT_MS = 3000;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} requests)`;
};

async function seeded(database: Database) {
  process.env.SEED_ORDERS = String(ORDERS);
  await seedBase(database.db);
  for (const step of seedSteps) {
    if (step.kind !== 'demo') continue;
    await database.db.transaction((tx) => step.run(tx));
    if (step.name === 'orders-and-providers') break;
  }
}

async function main() {
  const scratch = await createScratchDatabase('This benchmark', SERVER);
  console.log(`PostgreSQL: seeding ${ORDERS.toLocaleString('en')} orders…`);
  let start = performance.now();
  // Seeded without the statement timeout, as the server seeds (src/server/server.ts).
  const setup = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await seeded(setup);
  await setup.close();
  console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  const database = await openDatabase({ databaseUrl: withStatementTimeout(scratch.url, STATEMENT_TIMEOUT_MS), poolSize: POOL });
  try {
    const base = readConfig({}, []);
    const config: ServerConfig = { ...base, jwtSecret: randomBytes(32).toString('hex'), statementTimeoutMs: STATEMENT_TIMEOUT_MS, staticDir: '/nonexistent' };
    const deps: AppDeps = { database, config, publish: () => {} };
    let runawayRunning = false;
    const app = createApp(deps, [
      (a) =>
        a.get('/bench/runaway', async (c) => {
          await database.db.execute(sql`SELECT pg_sleep(60)`);
          return c.json({ message: 'finished' });
        }),
    ]);
    const staffId = await createStaffMember(database.db, { email: 'bench@example.test', name: 'Bench', password: 'password', roles: ['Administrator'] });
    const sessionId = await openSession(database.db, staffId, { staffId, ip: null, userAgent: 'bench' }, config.tokenTtlSeconds);
    const token = await signAccessToken(config.jwtSecret, { staffId, tokenVersion: 0, sessionId }, config.tokenTtlSeconds);

    const settingsTimes = async (count: number, keepGoing: () => boolean = () => true) => {
      const times: number[] = [];
      for (let i = 0; i < count && keepGoing(); i++) {
        const begin = performance.now();
        const res = await app.request('/settings');
        await res.text();
        if (res.status !== 200) throw new Error(`GET /settings answered ${res.status}`);
        times.push(performance.now() - begin);
      }
      return times;
    };

    const heavyBody = JSON.stringify({
      headers: [
        { value: 'id' },
        { value: 'status' },
        { value: 'url', filter: 'x'.repeat(MAX_FILTER_TEXT) },
        { value: 'user.email' },
        { value: 'service.name' },
      ],
      options: { page: 1, itemsPerPage: -1, sortBy: ['url'], sortDesc: [true] },
      search: 'y'.repeat(MAX_FILTER_TEXT),
      draw: 1,
    });
    const allRowsBody = JSON.stringify({
      headers: [{ value: 'id' }, { value: 'url' }, { value: 'user.email' }],
      options: { page: 1, itemsPerPage: -1 },
      search: '',
      draw: 1,
    });
    const heavy = async (body: string) => {
      const begin = performance.now();
      const res = await app.request('/api/v1/admin/orders/table', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      const text = await res.text();
      return { ms: performance.now() - begin, status: res.status, bytes: text.length };
    };

    await settingsTimes(20); // warm-up
    const alone = await settingsTimes(SETTINGS_REQUESTS);
    console.log(`GET /settings alone: ${figures(alone)}`);

    for (const [label, body] of [
      [`the heaviest filtered table (All rows, ${MAX_FILTER_TEXT}-character filter and search)`, heavyBody],
      [`All rows (at most ${ALL_ROWS_CAP.toLocaleString('en')}) with no filter`, allRowsBody],
    ] as const) {
      let stop = false;
      const heavyTimes: number[] = [];
      const statuses = new Map<number, number>();
      let largest = 0;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (!stop) {
          const r = await heavy(body);
          heavyTimes.push(r.ms);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          largest = Math.max(largest, r.bytes);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const during = await settingsTimes(SETTINGS_REQUESTS);
      stop = true;
      await Promise.all(clients);
      console.log(`GET /settings while ${CLIENTS} members ask for ${label}: ${figures(during)}`);
      console.log(
        `  those requests: ${figures(heavyTimes)}; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; largest answer ${(largest / 1024).toFixed(0)} KB`,
      );
    }

    start = performance.now();
    runawayRunning = true;
    const runaway = Promise.resolve(app.request('/bench/runaway')).then(async (res: Response) => {
      runawayRunning = false;
      return { status: res.status, body: await res.text(), ms: performance.now() - start };
    });
    const duringRunaway = await settingsTimes(100_000, () => runawayRunning);
    const answered = await runaway;
    console.log(`GET /settings while a runaway statement holds a connection: ${figures(duringRunaway)}`);
    console.log(
      `  the runaway request: ${answered.status} after ${answered.ms.toFixed(0)} ms (statement timeout ${STATEMENT_TIMEOUT_MS} ms): ${answered.body}`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
