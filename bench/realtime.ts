/**
 * Realtime benchmark: the channel server in this process, 1,000 concurrent raw WebSocket clients
 * in a child process (so this process's memory is the server's alone), each subscribed to a private
 * channel through /broadcasting/auth. While events are published, a slice of the clients keeps
 * disconnecting and reconnecting (churn). Prints event-to-receipt latency (p50/p95/p99) on
 * loopback and memory per connection. Bounded: it stops by itself; 127.0.0.1 only.
 *
 *   npx tsx bench/realtime.ts [clients=1000] [events=200] [interval-ms=100] [churn-fraction=0.01]
 */
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { spawn } from 'node:child_process';
import { startStandaloneChannelServer } from '../src/server/channels/standalone';
import { createPublisher } from '../src/server/realtime/publisher';
import type { StaffContext } from '../src/server/deps';
import { HttpError } from '../src/server/http/errors';

const CLIENTS = Math.min(Number(process.argv[2] ?? 1000), 5000);
const EVENTS = Math.min(Number(process.argv[3] ?? 200), 2000);
/** The counters channel carries at most 10 events a second (the notifier coalesces 100 ms bursts). */
const EVENT_INTERVAL_MS = Math.max(Number(process.argv[4] ?? 100), 5);
/** Churn: 1% of the clients drop and reconnect (auth + subscribe again) every 250 ms, 4% a second. */
const CHURN_EVERY_MS = 250;
const CHURN_FRACTION = Math.min(Number(process.argv[5] ?? 0.01), 0.5);
const HARD_STOP_MS = 180_000;
const CHANNEL = 'private-admin.counters';
const TOKEN = 'bench-token';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const hardStop = setTimeout(() => {
  console.error('benchmark did not finish in time; stopping');
  process.exit(1);
}, HARD_STOP_MS);
hardStop.unref();

/** The client side, run in a child process: plain JS so it needs no TypeScript loader. */
const CLIENT_SOURCE = `
const workerData = JSON.parse(process.env.BENCH_CLIENT_CONFIG);
const parentPort = { postMessage: (m) => process.send(m), on: (e, f) => process.on(e, f) };
const { performance } = require('node:perf_hooks');
const WebSocket = require('node:module').createRequire(workerData.base)('ws');
const { port, key, token, channel, clients, churnEveryMs, churnFraction } = workerData;
const now = () => performance.timeOrigin + performance.now();
const latencies = [];
let received = 0, reconnects = 0, authFailures = 0, churning = false, closing = false;
const sockets = new Array(clients).fill(null);

function connect(i) {
  return new Promise((resolve) => {
    const ws = new WebSocket('ws://127.0.0.1:' + port + '/app/' + key + '?protocol=7&client=bench');
    sockets[i] = ws;
    ws.on('message', async (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.event === 'bench.tick') {
        received++;
        latencies.push(now() - JSON.parse(frame.data).sentAt);
      } else if (frame.event === 'pusher:connection_established') {
        const socketId = JSON.parse(frame.data).socket_id;
        const res = await fetch('http://127.0.0.1:' + port + '/broadcasting/auth', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer ' + token },
          body: 'socket_id=' + encodeURIComponent(socketId) + '&channel_name=' + encodeURIComponent(channel),
        });
        if (res.status !== 200) { authFailures++; ws.close(); return resolve(); }
        const { auth } = await res.json();
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        resolve();
      } else if (frame.event === 'pusher:ping') {
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      }
    });
    ws.on('error', () => resolve());
  });
}

async function connectAll() {
  const batch = 100;
  for (let i = 0; i < clients; i += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, clients - i) }, (_, k) => connect(i + k)));
  }
}

async function churnOnce() {
  if (churning || closing) return;
  churning = true;
  const count = Math.max(1, Math.floor(clients * churnFraction));
  const picks = new Set();
  while (picks.size < count) picks.add(Math.floor(Math.random() * clients));
  await Promise.all([...picks].map(async (i) => {
    const old = sockets[i];
    await new Promise((resolve) => { old.once('close', resolve); old.close(); });
    await connect(i);
    reconnects++;
  }));
  churning = false;
}

let churnTimer = null;
parentPort.on('message', async (msg) => {
  if (msg === 'churn') churnTimer = setInterval(() => void churnOnce(), churnEveryMs);
  if (msg === 'report') {
    closing = true;
    clearInterval(churnTimer);
    while (churning) await new Promise((r) => setTimeout(r, 10));
    for (const ws of sockets) ws && ws.terminate();
    process.send({ type: 'report', latencies, received, reconnects, authFailures }, () => process.exit(0));
  }
});

connectAll().then(() => parentPort.postMessage({ type: 'ready', authFailures }));
`;

const staff: StaffContext = { id: 1, email: 'bench@example.test', name: 'Bench', permissions: new Set(), tokenVersion: 0 };
const credentials = { appId: 'bench-app', key: 'bench-key', secret: 'bench-secret' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startStandaloneChannelServer({
    credentials,
    authenticate: async (c) => {
      if (c.req.header('authorization') !== `Bearer ${TOKEN}`) throw new HttpError(401, 'Unauthenticated.');
      return staff;
    },
  });
  const publisher = createPublisher({ pusher: credentials }, server.channels);

  gc();
  const before = { heap: process.memoryUsage().heapUsed + process.memoryUsage().external, rss: process.memoryUsage().rss };

  const config = {
    base: join(process.cwd(), 'package.json'),
    port: server.port,
    key: credentials.key,
    token: TOKEN,
    channel: CHANNEL,
    clients: CLIENTS,
    churnEveryMs: CHURN_EVERY_MS,
    churnFraction: CHURN_FRACTION,
  };
  const worker = spawn(process.execPath, ['-e', CLIENT_SOURCE], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_CLIENT_CONFIG: JSON.stringify(config) },
  });
  const fromWorker = (type: string) =>
    new Promise<any>((resolve, reject) => {
      const onMessage = (msg: any) => {
        if (msg?.type !== type) return;
        worker.off('message', onMessage);
        resolve(msg);
      };
      worker.on('message', onMessage);
      worker.once('exit', (code) => code && reject(new Error(`client process exited with ${code}`)));
    });

  const connectStart = performance.now();
  const ready = await fromWorker('ready');
  const connectMs = performance.now() - connectStart;
  const subscribed = server.channels.subscriptionCount(CHANNEL);

  gc();
  const usage = process.memoryUsage();
  const after = { heap: usage.heapUsed + usage.external, rss: usage.rss };

  worker.send('churn');
  let deliveredByServer = 0;
  const fanoutMs: number[] = [];
  const fanoutCpuMs: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const cpu = process.cpuUsage();
    const sentAt = performance.timeOrigin + performance.now();
    deliveredByServer += server.channels.subscriptionCount(CHANNEL);
    publisher.publish(CHANNEL, 'bench.tick', { seq: i, sentAt });
    // publish() hands every frame to its socket synchronously: this is the server's share.
    fanoutMs.push(performance.timeOrigin + performance.now() - sentAt);
    const spent = process.cpuUsage(cpu);
    fanoutCpuMs.push((spent.user + spent.system) / 1000);
    await new Promise((resolve) => setTimeout(resolve, EVENT_INTERVAL_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const reportPromise = fromWorker('report');
  worker.send('report');
  const report = await reportPromise;
  worker.kill();
  await server.close();

  const sorted = (report.latencies as number[]).sort((a, b) => a - b);
  const fanout = fanoutMs.sort((a, b) => a - b);
  const fanoutCpu = fanoutCpuMs.sort((a, b) => a - b);
  const lines = [
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
    `clients ${CLIENTS} (subscribed ${subscribed}, auth failures ${ready.authFailures + report.authFailures}); connect + authorise + subscribe all: ${connectMs.toFixed(0)} ms`,
    `events ${EVENTS} every ${EVENT_INTERVAL_MS} ms; churn ${Math.round(CLIENTS * CHURN_FRACTION)} clients every ${CHURN_EVERY_MS} ms (${report.reconnects} reconnects)`,
    `receipts ${report.received} of ${deliveredByServer} subscriber-deliveries at publish time`,
    `latency publish -> receipt: p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms`,
    `server fan-out per event (publish to all sockets written): p50 ${percentile(fanout, 50).toFixed(2)} ms, p95 ${percentile(fanout, 95).toFixed(2)} ms wall; CPU p50 ${percentile(fanoutCpu, 50).toFixed(2)} ms`,
    `server heap+external: ${mb(after.heap - before.heap)} for ${subscribed} connections = ${kb((after.heap - before.heap) / Math.max(1, subscribed))} per connection`,
    `server process RSS: ${mb(after.rss - before.rss)} = ${kb((after.rss - before.rss) / Math.max(1, subscribed))} per connection`,
    `goal p95 < 50 ms with 1,000 clients: ${percentile(sorted, 95) < 50 ? 'met' : 'NOT met'}`,
  ];
  console.log(lines.join('\n'));
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
