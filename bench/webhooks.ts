/**
 * Webhook throughput: N events (default 10,000) emitted in the database, each delivered to 3
 * receivers on loopback (HTTP servers in this process answering 200) through the real path — the
 * outbox pump, one durable pg-boss job per delivery, signing, the attempt log. Prints events per
 * second (all deliveries received) and the p50/p95/max delay from an event's commit to its arrival
 * at a receiver.
 *
 *   npx tsx bench/webhooks.ts [events=10000] [pglite|postgres]
 *
 * `postgres` uses a database of its own on 127.0.0.1:5432 (PG_BENCH_URL overrides the server),
 * dropped at the end; `pglite` (default) is the embedded database the server runs by default.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { webhookDeliveryJob } from '../src/server/areas/webhooks/delivery';
import { webhookOutboxTask } from '../src/server/areas/webhooks/pump';
import { newWebhookSecret } from '../src/server/areas/webhooks/signing';
import { openDatabase, one, type Database } from '../src/server/db/client';
import { seedBase } from '../src/server/seed';
import type { AppDeps } from '../src/server/deps';
import { startJobWorkers } from '../src/server/jobs';
import { createScratchDatabase } from '../tests/server/helpers/postgres';

const EVENTS = Math.max(100, Number(process.argv[2] ?? 10_000));
const ENGINE = process.argv[3] === 'postgres' ? 'postgres' : 'pglite';
const RECEIVERS = 3;
const SERVER = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  if (ENGINE === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }
  const scratch = await createScratchDatabase('This benchmark', SERVER);
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}

async function main() {
  await withDatabase(async (database) => {
    await seedBase(database.db);
    const delays: number[] = [];
    const expected = EVENTS * RECEIVERS;
    let received = 0;
    let allReceived: () => void = () => {};
    const done = new Promise<void>((resolve) => (allReceived = resolve));

    const servers = await Promise.all(
      Array.from({ length: RECEIVERS }, async () => {
        const server = http.createServer((req, res) => {
          let body = '';
          req.on('data', (c) => (body += c));
          req.on('end', () => {
            const emittedAt = (JSON.parse(body) as { data: { emitted_at_ms: number } }).data.emitted_at_ms;
            delays.push(Date.now() - emittedAt);
            res.writeHead(200);
            res.end('ok');
            if (++received === expected) allReceived();
          });
        });
        server.keepAliveTimeout = 60_000;
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );

    const type = await one<{ id: number }>(database.db, sql`SELECT id FROM webhook_types WHERE type = 'invoice.paid'`);
    for (const server of servers) {
      const hook = await one<{ id: number }>(
        database.db,
        sql`INSERT INTO webhooks (url, secret, is_active) VALUES (${`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`}, ${newWebhookSecret()}, true) RETURNING id`,
      );
      await database.db.execute(sql`INSERT INTO webhook_subscriptions (webhook_id, webhook_type_id) VALUES (${hook!.id}, ${type!.id})`);
    }

    const deps = { database, config: {} as AppDeps['config'], publish: () => {} } as AppDeps;
    const workers = await startJobWorkers(deps, [webhookDeliveryJob], [webhookOutboxTask]);
    const started = Date.now();
    // Emitted in commits of 100, as busy request traffic would: each event carries its commit time.
    for (let i = 0; i < EVENTS; i += 100) {
      const batch = Math.min(100, EVENTS - i);
      await database.db.execute(
        sql`SELECT webhook_emit('invoice.paid', jsonb_build_object('invoice_id', n, 'emitted_at_ms', ${Date.now()}::bigint)) FROM generate_series(${i + 1}::int, ${i + batch}::int) n`,
      );
    }
    const emittedIn = Date.now() - started;
    const timeout = setTimeout(() => {
      console.error(`Timed out: ${received} of ${expected} deliveries received.`);
      process.exit(1);
    }, 30 * 60_000);
    await done;
    clearTimeout(timeout);
    const elapsed = (Date.now() - started) / 1000;
    await workers.stop();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }

    const failed = await one<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'`);
    delays.sort((a, b) => a - b);
    console.log(`webhooks bench — ${ENGINE}, ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`);
    console.log(`  events: ${EVENTS} × ${RECEIVERS} receivers = ${expected} deliveries (emitted in ${emittedIn} ms)`);
    console.log(`  all received in ${elapsed.toFixed(1)} s: ${(EVENTS / elapsed).toFixed(0)} events/s, ${(expected / elapsed).toFixed(0)} deliveries/s`);
    console.log(`  delay commit -> receiver: p50 ${percentile(delays, 50)} ms, p95 ${percentile(delays, 95)} ms, max ${delays[delays.length - 1]} ms`);
    console.log(`  deliveries not marked delivered at the end: ${failed!.n}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
