/**
 * CSV export benchmark: the orders list exported through the real app (POST
 * /api/v1/admin/orders/table/export: auth, permission, keyset batches of the shared table builder,
 * CSV formatting, the streamed answer read to its end), with every order and the list's usual
 * columns. Prints rows per second, the time, the file size and the peak memory above the memory
 * at rest (process RSS and V8 heap, sampled on every chunk; and the heap still held after a full
 * collection, every 50 chunks), for:
 *
 *   - PGlite with 200,000 orders (as `npm start` seeds it);
 *   - PostgreSQL with 200,000, then 1,000,000 orders (a database of its own on 127.0.0.1:5432,
 *     dropped at the end; PG_BENCH_URL overrides the server).
 *
 *   npx tsx bench/export-csv.ts            (BENCH_ENGINE=pglite|postgres for one of them)
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '../src/contract/permissions';
import { endpoints } from '../src/contract/endpoints';
import { tableExportPath, type TableExportRequest } from '../src/contract/table';
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

const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const MB = 1024 * 1024;
// A full collection on demand: V8 reclaims dead batches lazily, so the raw peak above rest counts
// garbage too; the heap after a collection (every 50 chunks) is what the export really holds.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

// The test kit's server configuration, signed with this benchmark's secret.
const config = (databaseUrl?: string) => testConfig({ databaseUrl, demo: false, jwtSecret: SECRET, trustProxy: false });

const EXPORT: TableExportRequest = {
  request: { headers: [], options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] }, search: '' },
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'status', header: 'Status' },
    { key: 'createdAt', header: 'Created' },
    { key: 'user.email', header: 'User' },
    { key: 'service.name', header: 'Service' },
    { key: 'url', header: 'Link' },
    { key: 'quantity', header: 'Quantity' },
    { key: 'price', header: 'Price' },
    { key: 'cost', header: 'Cost' },
    { key: 'source', header: 'Source' },
  ],
};

interface Figure {
  engine: string;
  orders: number;
  rows: number;
  seconds: number;
  megabytes: number;
  rssPeak: number;
  heapPeak: number;
  heldPeak: number;
}
const figures: Figure[] = [];

async function seeded(database: Database, orders: number) {
  process.env.SEED_ORDERS = String(orders);
  await seedBase(database.db);
  for (const step of seedSteps) {
    if (step.kind !== 'demo') continue;
    await database.db.transaction((tx) => step.run(tx));
    if (step.name === 'orders-and-providers') break;
  }
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

async function exportOnce(engine: string, database: Database, databaseUrl?: string) {
  const [{ n }] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
  const app = createApp({ database, config: config(databaseUrl), publish: () => {} });
  const token = await tokenOf(database);
  collect();
  const rest = process.memoryUsage();
  let rssPeak = 0;
  let heapPeak = 0;
  let heldPeak = 0;
  let chunks = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss - rest.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed - rest.heapUsed);
  };
  const start = performance.now();
  const res = await app.request(tableExportPath(endpoints.ordersTable.path), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(EXPORT),
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    // No cell of these columns holds a line break: every LF ends a row.
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    sample();
    if (++chunks % 50 === 0) {
      collect();
      heldPeak = Math.max(heldPeak, process.memoryUsage().heapUsed - rest.heapUsed);
    }
  }
  const seconds = (performance.now() - start) / 1000;
  const figure = {
    engine,
    orders: n,
    rows: lines - 1,
    seconds,
    megabytes: bytes / MB,
    rssPeak: rssPeak / MB,
    heapPeak: heapPeak / MB,
    heldPeak: heldPeak / MB,
  };
  if (figure.rows !== n) throw new Error(`${engine}: exported ${figure.rows} rows of ${n}`);
  figures.push(figure);
  console.log(
    `  ${engine} ${n.toLocaleString('en')} orders: ${Math.round(figure.rows / seconds).toLocaleString('en')} rows/s, ${seconds.toFixed(1)} s, ` +
      `${figure.megabytes.toFixed(1)} MB; peak above rest: RSS ${figure.rssPeak.toFixed(1)} MB, heap ${figure.heapPeak.toFixed(1)} MB; ` +
      `heap held (after a collection) ${figure.heldPeak.toFixed(1)} MB`,
  );
}

async function pglite() {
  console.log('PGlite: seeding 200,000 orders (as the first start does)…');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seeded(database, 200_000);
    await exportOnce('PGlite', database);
  } finally {
    await database.close();
  }
}

async function postgres() {
  const scratch = await createScratchDatabase('This benchmark', SERVER);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    console.log('PostgreSQL: seeding 200,000 orders…');
    await seeded(database, 200_000);
    await database.db.execute(sql`VACUUM ANALYZE orders`);
    await exportOnce('PostgreSQL', database, scratch.url);
    console.log('PostgreSQL: adding 800,000 orders (1,000,000 in all)…');
    await database.db.transaction((tx) => seedDemoOrders(tx, 800_000));
    await database.db.execute(sql`VACUUM ANALYZE orders`);
    await exportOnce('PostgreSQL', database, scratch.url);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

async function main() {
  console.log(
    `CSV export benchmark: the orders list, ${EXPORT.columns.length} columns, newest first; ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
  );
  const only = process.env.BENCH_ENGINE;
  if (!only || only === 'pglite') await pglite();
  if (!only || only === 'postgres') await postgres();

  const header = ['engine', 'orders', 'rows/s', 'seconds', 'file MB', 'peak RSS +MB', 'peak heap +MB', 'heap held +MB'];
  const table = figures.map((f) => [
    f.engine,
    f.orders.toLocaleString('en'),
    Math.round(f.rows / f.seconds).toLocaleString('en'),
    f.seconds.toFixed(1),
    f.megabytes.toFixed(1),
    f.rssPeak.toFixed(1),
    f.heapPeak.toFixed(1),
    f.heldPeak.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of table) console.log(line(r));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
