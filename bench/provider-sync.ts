/**
 * Provider sync benchmark: a staged sync of a 6,000-service catalogue — fetch (the SMM client
 * parsing the provider's JSON answer), diff against the accepted mirror with the change set and the
 * compressed raw answer written in one transaction, then apply of every change in one transaction —
 * on embedded PGlite and on PostgreSQL (a scratch database on 127.0.0.1:5432, user postgres,
 * dropped at the end; PG_TEST_URL overrides the server), in one run.
 *
 * Two rounds per database: the first sync (all 6,000 services new, so the largest change set) and a
 * sync after 5 % of the catalogue drifted (prices up and down, renames, min/max, removals, new
 * services), as a scheduled sync usually finds. Goal: under 3 s to produce the diff.
 *
 *   npx tsx bench/provider-sync.ts [services=6000]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { applyChanges } from '../src/server/areas/provider-sync/apply';
import { loadHealth, loadServiceHealth } from '../src/server/areas/provider-sync/queries';
import { queueRun, runSync, setSyncClientFactory } from '../src/server/areas/provider-sync/sync';
import { one, openDatabase, rows, sql, type Database } from '../src/server/db/client';
import { runSeed } from '../src/server/seed';
import type { ServerConfig } from '../src/server/config';
import { createSmmClient } from '../src/server/upstream/client';
import { createScratchDatabase } from '../tests/server/helpers/postgres';

const SIZE = Math.max(100, Number(process.argv[2] ?? 6000));
const actor = { staffId: null, ip: null, userAgent: 'bench' };

interface Service {
  service: number;
  name: string;
  type: string;
  category: string;
  rate: string;
  min: string;
  max: string;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

function catalogue(size: number): Service[] {
  return Array.from({ length: size }, (_, i) => ({
    service: i + 1,
    name: `Service ${i + 1} [HQ] #${i % 40}`,
    type: 'Default',
    category: `Category ${i % 60}`,
    rate: (0.05 + ((i * 7919) % 10000) / 1000).toFixed(4),
    min: String([10, 50, 100, 500][i % 4]),
    max: String([10000, 100000, 1000000][i % 3]),
    refill: i % 3 === 0,
    cancel: i % 4 === 0,
    dripfeed: i % 5 === 0,
  }));
}

/** 5 % of the services change: 4 % modified (price up, price down, renamed, min/max in turn), 0.5 % removed, 0.5 % new. */
function drift(list: Service[]): Service[] {
  const out = list.map((s) => ({ ...s }));
  for (let i = 0; i < out.length; i += 25) {
    const s = out[i];
    switch ((i / 25) % 4) {
      case 0:
        s.rate = (Number(s.rate) * 2).toFixed(4);
        break;
      case 1:
        s.rate = (Number(s.rate) * 0.8).toFixed(4);
        break;
      case 2:
        s.name = `${s.name} v2`;
        break;
      default:
        s.min = String(Number(s.min) * 2);
    }
  }
  const removed = new Set(out.filter((_, i) => i % 200 === 7).map((s) => s.service));
  const added = Array.from({ length: removed.size }, (_, i) => ({ ...out[0], service: list.length + 1 + i, name: `New service ${i + 1}` }));
  return [...out.filter((s) => !removed.has(s.service)), ...added];
}

interface Figures {
  database: string;
  round: string;
  services: number;
  changes: number;
  fetchMs: number;
  diffMs: number;
  applyMs: number;
}

async function bench(label: string, database: Database): Promise<Figures[]> {
  const { db } = database;
  await runSeed(db, { demo: false });
  const provider = (await one<{ id: number }>(
    db,
    sql`INSERT INTO providers (name, endpoint, api_token, type) VALUES ('Bench', 'https://bench.example/api/v2', 'k', 'perfect_panel') RETURNING id`,
  ))!.id;
  // A tenth of the services have a provider service of ours (so the apply updates them too).
  await db.execute(sql`INSERT INTO provider_services (name, external_panel_id, external_panel_service_id, source_price)
    SELECT 'Ours ' || i, ${provider}, i::text, 1 FROM generate_series(1, ${Math.floor(SIZE / 10)}) AS i`);
  const deps = { database, config: { simulator: false, port: 0 } as ServerConfig };
  const out: Figures[] = [];
  let answer = '';
  let fetchMs = 0;
  setSyncClientFactory(() => {
    const client = createSmmClient({
      endpoint: 'https://bench.example/api/v2',
      apiKey: 'k',
      fetch: (async (_url: string, init?: RequestInit) => {
        const action = new URLSearchParams(String(init?.body)).get('action');
        return new Response(action === 'balance' ? '{"balance":"100","currency":"USD"}' : answer);
      }) as typeof fetch,
    });
    return {
      ...client,
      serviceList: async () => {
        const started = performance.now();
        const list = await client.serviceList();
        fetchMs = performance.now() - started;
        return list;
      },
    };
  });
  const first = catalogue(SIZE);
  for (const [round, list] of [
    ['first sync (all new)', first],
    ['after 5 % drift', drift(first)],
  ] as const) {
    answer = JSON.stringify(list);
    const runId = await db.transaction((tx) => queueRun(tx, provider, 'manual', null));
    const started = performance.now();
    const result = await runSync(deps, runId, { lastAttempt: true });
    const syncMs = performance.now() - started;
    if (result.status !== 'review') throw new Error(`${label}: the run ended ${result.status}`);
    const applyStarted = performance.now();
    const applied = await db.transaction((tx) => applyChanges(tx, actor, runId, { all: true }));
    const applyMs = performance.now() - applyStarted;
    out.push({ database: label, round, services: list.length, changes: applied.decided, fetchMs, diffMs: syncMs - fetchMs, applyMs });
  }
  setSyncClientFactory(null);
  return out;
}

/** Provider health over 200,000 attempts (the demo's order book) at 5 providers: median of 5 runs of the list. */
async function benchHealth(label: string, database: Database): Promise<{ database: string; attempts: number; listMs: number; servicesMs: number }> {
  const { db } = database;
  const ATTEMPTS = 200_000;
  const network = (await one<{ id: number }>(db, sql`INSERT INTO networks (name, network) VALUES ('Bench', 'bench') RETURNING id`))!.id;
  const type = (await one<{ id: number }>(db, sql`INSERT INTO service_types (name, network_id, type) VALUES ('Bench', ${network}, 'views') RETURNING id`))!.id;
  const service = (await one<{ id: number }>(db, sql`INSERT INTO services (name, service_type_id, default_price) VALUES ('Bench', ${type}, '1') RETURNING id`))!
    .id;
  const user = (await one<{ id: number }>(db, sql`INSERT INTO users (name, email) VALUES ('Bench', 'bench@example.test') RETURNING id`))!.id;
  await db.execute(sql`INSERT INTO providers (name, endpoint, api_token, type, balance)
    SELECT 'Health ' || i, 'https://health' || i || '.example/api/v2', 'k', 'perfect_panel', 100 * i FROM generate_series(1, 5) AS i`);
  const providers = await rows<{ id: number }>(db, sql`SELECT id FROM providers WHERE name LIKE 'Health %' ORDER BY id`);
  const ids = sql.raw(`ARRAY[${providers.map((r) => r.id).join(',')}]::int[]`);
  await db.execute(sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, created_at)
    SELECT 'completed', ${user}, ${service}, 'Bench', 'https://x.test', 1, 0.5, 1000, true, now() - (i % 90) * interval '1 day'
      FROM generate_series(1, ${ATTEMPTS}) AS i`);
  await db.execute(sql`INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, url, charge, sent_at, created_at, updated_at)
    SELECT o.id, (${ids})[1 + o.id % 5], (o.id % 40)::text,
           CASE WHEN o.id % 20 = 0 THEN 'partial' WHEN o.id % 33 = 0 THEN 'canceled' ELSE 'completed' END,
           1000, 'https://x.test', 0.5, o.created_at, o.created_at, o.created_at + (o.id % 240) * interval '1 minute'
      FROM orders o WHERE o.user_id = ${user}`);
  await db.execute(sql`ANALYZE external_panel_orders`);
  const median = async (fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      await fn();
      if (i > 0) times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2];
  };
  return {
    database: label,
    attempts: ATTEMPTS,
    listMs: await median(() => loadHealth(db, 30)),
    servicesMs: await median(() => loadServiceHealth(db, providers[0].id, 30)),
  };
}

const results: Figures[] = [];
const health: Awaited<ReturnType<typeof benchHealth>>[] = [];
const pglite = await openDatabase({ dataDir: 'memory://' });
try {
  results.push(...(await bench('PGlite', pglite)));
  health.push(await benchHealth('PGlite', pglite));
} finally {
  await pglite.close();
}
const scratch = await createScratchDatabase('bench/provider-sync.ts');
const pg = await openDatabase({ databaseUrl: scratch.url });
try {
  results.push(...(await bench('PostgreSQL', pg)));
  health.push(await benchHealth('PostgreSQL', pg));
} finally {
  await pg.close();
  await scratch.drop();
}

const ms = (n: number) => `${Math.round(n)} ms`.padStart(9);
console.log(`\nProvider sync of a ${SIZE.toLocaleString('en-US')}-service catalogue — ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}\n`);
console.log(
  `${'database'.padEnd(11)}${'round'.padEnd(22)}${'services'.padStart(9)}${'changes'.padStart(9)}${'fetch'.padStart(9)}${'diff'.padStart(9)}${'to diff'.padStart(9)}${'apply'.padStart(9)}`,
);
for (const r of results) {
  console.log(
    `${r.database.padEnd(11)}${r.round.padEnd(22)}${String(r.services).padStart(9)}${String(r.changes).padStart(9)}${ms(r.fetchMs)}${ms(r.diffMs)}${ms(r.fetchMs + r.diffMs)}${ms(r.applyMs)}`,
  );
}
const worst = Math.max(...results.map((r) => r.fetchMs + r.diffMs));
console.log(`\nfetch: the SMM client reading the answer; diff: mirror read, comparison, change set + raw answer written (one transaction).`);
console.log(`Goal: under 3,000 ms to produce the diff — worst ${Math.round(worst)} ms: ${worst < 3000 ? 'met' : 'NOT met'}.`);
console.log(`\nProvider health over ${health[0]?.attempts.toLocaleString('en-US')} attempts (30 days of 90), median of 5:`);
for (const h of health) console.log(`${h.database.padEnd(11)} list of providers ${ms(h.listMs)}   one provider's services ${ms(h.servicesMs)}`);
