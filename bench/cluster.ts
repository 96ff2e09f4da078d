/**
 * Scale-out benchmark: one, two and three real server processes (src/server/main.ts) on one
 * throwaway PostgreSQL database (the test kit's, on PG_TEST_URL's server).
 *
 * 1. Orders-table throughput: CONCURRENCY clients send the orders list's default view (in
 *    processing, page 1 with its count) over keep-alive connections, spread evenly over the first
 *    N processes, for SECONDS each; prints requests per second, p50 and p95 for N = 1, 2, 3. On a
 *    2-core machine the curve flattens past two processes (PostgreSQL and the load generator share
 *    the cores).
 * 2. Event fan-out: CLIENTS websocket clients spread over the three processes subscribe to one
 *    channel; events posted to process A's events API reach them; prints the event-to-receipt
 *    latency p50/p95/p99 for clients on A and on the other processes (LISTEN/NOTIFY hop).
 *
 *   npx tsx bench/cluster.ts [seconds=8] [concurrency=16] [clients=1000] [orders=100000]
 */
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { ADMIN } from '../src/contract/paths';
import { signedQuery } from '../src/server/channels/signatures';
import { PUSHER, createOpsFixture, startServerProcess, stopServerProcess, type ServerProcess } from '../tests/server/helpers/serverProcesses';

const SECONDS = Math.min(Number(process.argv[2] ?? 8), 60);
const CONCURRENCY = Math.min(Number(process.argv[3] ?? 16), 128);
const CLIENTS = Math.min(Number(process.argv[4] ?? 1000), 5000);
const ORDERS = Math.min(Number(process.argv[5] ?? 100_000), 2_000_000);
const EVENTS = 100;
const EVENT_INTERVAL_MS = 50;
const PORTS = [8160, 8161, 8162];
const CHANNEL = 'bench-fanout';

const hardStop = setTimeout(() => {
  console.error('benchmark did not finish in time; stopping');
  process.exit(1);
}, 15 * 60_000);
hardStop.unref();

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);
const ms = (n: number) => `${n.toFixed(1)} ms`;

function post(agent: http.Agent, port: number, path: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function throughput(processes: ServerProcess[], token: string): Promise<{ rps: number; p50: number; p95: number; errors: number }> {
  const agents = processes.map(() => new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  const body = JSON.stringify({ headers: [{ value: 'status', filter: ['in_processing'] }], options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] } });
  const path = `${ADMIN}/orders/table`;
  // A short warm-up on every process (connections, plans, the JIT).
  await Promise.all(processes.map((p, i) => Promise.all(Array.from({ length: 20 }, () => post(agents[i], p.port, path, token, body)))));
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const i = worker % processes.length;
      while (performance.now() < until) {
        const start = performance.now();
        const status = await post(agents[i], processes[i].port, path, token, body);
        if (status === 200) latencies.push(performance.now() - start);
        else errors++;
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  latencies.sort((x, y) => x - y);
  return { rps: latencies.length / SECONDS, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors };
}

async function fanout(processes: ServerProcess[]): Promise<{ local: number[]; remote: number[]; missing: number }> {
  const sockets: { ws: WebSocket; remote: boolean; got: number }[] = [];
  const local: number[] = [];
  const remote: number[] = [];
  // Connected in batches of 100, each subscribed before the next batch.
  for (let start = 0; start < CLIENTS; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, CLIENTS - start) }, (_, k) => {
        const i = start + k;
        const p = processes[i % processes.length];
        const ws = new WebSocket(`ws://127.0.0.1:${p.port}/app/${PUSHER.key}?protocol=7&client=bench`);
        const entry = { ws, remote: p !== processes[0], got: 0 };
        sockets.push(entry);
        return new Promise<void>((resolve, reject) => {
          ws.on('error', reject);
          ws.on('message', (raw) => {
            const frame = JSON.parse(raw.toString());
            if (frame.event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
            else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
            else if (frame.event === 'bench.tick') {
              const sent = JSON.parse(frame.data).sent as number;
              (entry.remote ? remote : local).push(performance.timeOrigin + performance.now() - sent);
              entry.got++;
            }
          });
        });
      }),
    );
  }
  const path = `/apps/${PUSHER.appId}/events`;
  for (let e = 0; e < EVENTS; e++) {
    const body = JSON.stringify({ name: 'bench.tick', channel: CHANNEL, data: JSON.stringify({ sent: performance.timeOrigin + performance.now() }) });
    const res = await fetch(`http://127.0.0.1:${processes[0].port}${path}?${signedQuery(PUSHER, 'POST', path, body)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (res.status !== 200) throw new Error(`events API answered ${res.status}: ${await res.text()}`);
    await new Promise((resolve) => setTimeout(resolve, EVENT_INTERVAL_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const missing = sockets.reduce((sum, s) => sum + (EVENTS - s.got), 0);
  for (const s of sockets) s.ws.terminate();
  local.sort((x, y) => x - y);
  remote.sort((x, y) => x - y);
  return { local, remote, missing };
}

async function main() {
  console.log(
    `cluster bench: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${ORDERS.toLocaleString('en')} orders, ${CONCURRENCY} concurrent clients, ${SECONDS} s per step`,
  );
  const fixture = await createOpsFixture('The cluster bench');
  const processes: ServerProcess[] = [];
  try {
    const { db } = fixture.database;
    await db.execute(
      sql`INSERT INTO users (name, email, balance) SELECT 'Customer ' || i, 'customer' || i || '@example.test', 100 FROM generate_series(1, 2000) AS i`,
    );
    await db.execute(sql`
      WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users)
      INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, created_at)
      SELECT (ARRAY['in_processing', 'completed', 'canceled', 'completed', 'completed'])[1 + i % 5],
             u.ids[1 + i % cardinality(u.ids)], ${fixture.serviceId}, 'Followers', 'https://instagram.com/p/' || i,
             (i % 5000) / 100.0 + 1, (i % 3000) / 100.0, 100 + i % 900, true, now() - (i || ' minutes')::interval
        FROM generate_series(1, ${ORDERS}::int) AS i, u`);
    await db.execute(sql`ANALYZE`);
    // Warnings only: an access-log line per request would be part of what is measured.
    for (const port of PORTS) processes.push(await startServerProcess(fixture.scratch.url, port, { LOG_LEVEL: 'warn' }));

    console.log('\norders table, default view (POST /orders/table), spread over the processes');
    console.log('processes | requests/s | p50      | p95      | errors');
    let first = 0;
    for (let n = 1; n <= processes.length; n++) {
      const r = await throughput(processes.slice(0, n), fixture.token);
      if (n === 1) first = r.rps;
      console.log(
        `${String(n).padEnd(9)} | ${r.rps.toFixed(0).padStart(10)} | ${ms(r.p50).padEnd(8)} | ${ms(r.p95).padEnd(8)} | ${r.errors}  (×${(r.rps / first).toFixed(2)})`,
      );
    }

    console.log(`\nevent fan-out: ${CLIENTS} websocket clients over ${processes.length} processes, ${EVENTS} events posted to process A's events API`);
    const f = await fanout(processes);
    console.log('clients on           | received | p50      | p95      | p99');
    console.log(
      `A (same process)     | ${String(f.local.length).padStart(8)} | ${ms(percentile(f.local, 50)).padEnd(8)} | ${ms(percentile(f.local, 95)).padEnd(8)} | ${ms(percentile(f.local, 99))}`,
    );
    console.log(
      `B, C (via NOTIFY)    | ${String(f.remote.length).padStart(8)} | ${ms(percentile(f.remote, 50)).padEnd(8)} | ${ms(percentile(f.remote, 95)).padEnd(8)} | ${ms(percentile(f.remote, 99))}`,
    );
    console.log(`missing deliveries: ${f.missing}`);
  } finally {
    for (const p of processes) await stopServerProcess(p);
    await fixture.database.close();
    await fixture.scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
