/**
 * The services list (catalogue): p50/p95 of every filter of the list on the demo catalogue
 * (SEED_SERVICES, 2,000 services by default here), through the table builder the API answers with
 * (count + page + row mapping, no HTTP), on the embedded PGlite and on PostgreSQL (a database of
 * its own on 127.0.0.1:5432, dropped at the end; PG_BENCH_URL overrides the server) in one run.
 *
 *   npx tsx bench/services-list.ts [runs=40]
 *
 * Figures only: nothing here asserts a time.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '../src/contract/permissions';
import { tableRequestSchema, type TableRequest } from '../src/contract/table';
import { servicesTable } from '../src/server/areas/catalogue/table';
import { one, openDatabase, sql, type Database } from '../src/server/db/client';
import { runSeed } from '../src/server/seed';
import { createScratchDatabase } from '../tests/server/helpers/postgres';

process.env.SEED_SERVICES ??= '2000';
process.env.SEED_ORDERS ??= '2000';
process.env.SEED_USERS ??= '500';
process.env.SEED_HISTORY ??= '0';

const RUNS = Math.max(10, Number(process.argv[2] ?? 40));
const WARMUP = 3;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ctx = { permissions: new Set(PERMISSIONS) };
const page = { page: 1, itemsPerPage: 30, sortBy: [] as string[], sortDesc: [] as boolean[] };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function cases(database: Database): Promise<[string, TableRequest][]> {
  const { db } = database;
  const id = async (query: ReturnType<typeof sql>) => (await one<{ id: number }>(db, query))?.id ?? 1;
  const network = await id(sql`SELECT id FROM networks ORDER BY id LIMIT 1`);
  const type = await id(sql`SELECT id FROM service_types ORDER BY id LIMIT 1`);
  const provider = await id(sql`SELECT external_panel_id AS id FROM provider_services ORDER BY id LIMIT 1`);
  const label = await id(sql`SELECT label_id AS id FROM service_labels ORDER BY service_id LIMIT 1`);
  const h = (value: string, filter: unknown): TableRequest => ({ options: page, headers: [{ value, filter: filter as never }] });
  return [
    ['default view (not archived)', h('isArchived', false)],
    ['page 20', { options: { ...page, page: 20 } }],
    ['search "followers"', { options: page, search: 'followers' }],
    ['search by id', { options: page, search: '1234' }],
    ['network', h('network.name', network)],
    ['service type', h('serviceType.name', type)],
    ['provider', h('providers', provider)],
    ['label', h('labels', label)],
    ['enabled', h('isEnabled', true)],
    ['refill', h('hasRefill', true)],
    ['drip-feed', h('dripFeedIsAllowed', true)],
    ['API access', h('apiAccess', true)],
    ['price 1-10', h('defaultPrice', { from: 1, to: 10 })],
    ['min quantity ≥ 100', h('minQuantity', { from: 100 })],
    ['missing French texts', h('translations', 'fr')],
    ['name contains "likes"', h('name', 'likes')],
    ['sort by price desc', { options: { ...page, sortBy: ['defaultPrice'], sortDesc: [true] } }],
    [
      'network + enabled + refill',
      {
        options: page,
        headers: [
          { value: 'network.name', filter: network },
          { value: 'isEnabled', filter: true },
          { value: 'hasRefill', filter: true },
        ],
      },
    ],
  ];
}

async function measure(label: string, database: Database): Promise<Map<string, number>> {
  const count = (await one<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM services`))!.n;
  console.log(`\n${label}: ${count.toLocaleString('en')} services, ${RUNS} runs each`);
  console.log(`  ${'case'.padEnd(32)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'total'.padStart(7)}`);
  const p95s = new Map<string, number>();
  for (const [name, request] of await cases(database)) {
    const parsed = tableRequestSchema.parse(request);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const start = performance.now();
      const answer = await servicesTable.query(database.db, parsed, ctx);
      if (i >= WARMUP) times.push(performance.now() - start);
      total = answer.totalItemsCount;
    }
    times.sort((a, b) => a - b);
    p95s.set(name, percentile(times, 95));
    console.log(
      `  ${name.padEnd(32)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(total).padStart(7)}`,
    );
  }
  return p95s;
}

async function main() {
  let t = performance.now();
  const embedded = await openDatabase({ dataDir: 'memory://' });
  await runSeed(embedded.db, { demo: true });
  console.log(`PGlite seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const lite = await measure('PGlite (embedded)', embedded);
  await embedded.close();

  const scratch = await createScratchDatabase('This benchmark', SERVER);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    t = performance.now();
    await runSeed(database.db, { demo: true });
    await database.db.execute(sql`ANALYZE`);
    console.log(`\nPostgreSQL seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const postgres = await measure('PostgreSQL', database);
    console.log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('\n| case | PGlite p95 ms | PostgreSQL p95 ms |\n|---|---:|---:|');
    for (const [k, v] of lite) console.log(`| ${k} | ${v.toFixed(1)} | ${(postgres.get(k) ?? NaN).toFixed(1)} |`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
