import { createHash } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createApp } from './app';
import { resolveJwtSecret } from './auth/secret';
import type { readConfig, ServerConfig } from './config';
import { openDatabase, type Db } from './db/client';
import { runSeed } from './seed';
import type { AppEnv } from './http/context';
import type { AppDeps } from './deps';
import { attachChannelServer, createChannelServer, mountChannels } from './channels';
import { createPublisher } from './realtime/publisher';
import { mountProviderSim, prepareProviderSim } from './provider-sim';
import { startOrderWorker } from './upstream/worker';
import { withPusherSecret } from './realtime/secret';
import { startJobWorkers } from './jobs';
import { serverAreas } from './areas';
import { demoCustomersTask } from './customer-api/demoCustomers';
import { markNotReady } from './http/health';
import { mountOps } from './ops';
import { FANOUT_CHANNEL, startPostgresFanout, startRedisFanout, type Fanout, type RemoteEvent } from './cluster/fanout';
import { startLeaderElection, type LeaderElection } from './cluster/leader';

/** Configuration as read from the environment; the JWT secret may still be missing. */
export type StartConfig = ReturnType<typeof readConfig>;

type Publish = AppDeps['publish'];

/**
 * In-process fan-out for realtime events: handlers call `publish`, and whatever delivers events
 * (the channel server, an external Pusher-compatible service) registers itself with `add`.
 * A failing subscriber is logged and never fails the request that published.
 */
export interface PublisherHub {
  publish: Publish;
  add(subscriber: Publish): () => void;
}

export function createPublisherHub(): PublisherHub {
  const subscribers = new Set<Publish>();
  return {
    publish: (channel, event, data) => {
      for (const subscriber of subscribers) {
        try {
          subscriber(channel, event, data);
        } catch (err) {
          console.error('[realtime] publisher failed for', channel, event, err);
        }
      }
    },
    add: (subscriber) => {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}

export interface RunningServer {
  url: string;
  /** The node HTTP server, for attaching the websocket server (upgrade requests). */
  httpServer: ServerType;
  app: Hono<AppEnv>;
  deps: AppDeps;
  publishers: PublisherHub;
  /**
   * Graceful shutdown: stops accepting, tells websocket clients to reconnect elsewhere, lets the
   * requests in flight finish, stops the background work (releasing the leader lock) and the job
   * workers (running jobs finish), then closes the database (PGlite flushes to disk).
   */
  close(): Promise<void>;
}

/** Opens (and migrates) the database, seeds it, and serves the app on config.port (0: any free port). */
export interface StartOptions {
  hostname?: string;
  /** How often a process that does not lead tries to take the leader lock (ms, default 2000). */
  leaderPollMs?: number;
  /** How long close() waits for requests in flight before cutting them (ms, default 10 s). */
  drainMs?: number;
}

export async function startServer(config: StartConfig, options: StartOptions = {}): Promise<RunningServer> {
  // A bad environment value must stop the start, not surface later as tokens that never verify.
  if (!Number.isInteger(config.tokenTtlSeconds) || config.tokenTtlSeconds < 60 || config.tokenTtlSeconds > 1800) {
    throw new Error(`TOKEN_TTL_SECONDS must be a whole number of seconds between 60 and 1800 (got ${config.tokenTtlSeconds})`);
  }
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) throw new Error(`PORT is not a valid port: ${config.port}`);
  // Migrations and the seed (index builds, the demo order book) may run far longer than a request
  // may: on PostgreSQL they run on a pool of their own, without the statement timeout that guards
  // the requests' pool.
  const guarded = withStatementTimeout(config.databaseUrl, config.statementTimeoutMs);
  // The panel's seed, then the simulator's own tables and its side of the demo (only where it runs).
  const seed = async (db: Db) => {
    await runSeed(db, { demo: config.demo });
    if (config.simulator) await prepareProviderSim(db, { demo: config.demo });
  };
  if (guarded !== config.databaseUrl) {
    const setup = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      await seed(setup.db);
    } finally {
      await setup.close();
    }
  }
  const database = await openDatabase({ databaseUrl: guarded, dataDir: config.dataDir });
  try {
    if (guarded === config.databaseUrl) await seed(database.db);
    const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
    const pusher = withPusherSecret(config.pusher, jwtSecret);
    const fullConfig: ServerConfig = { ...config, jwtSecret, pusher };
    const publishers = createPublisherHub();
    // The built-in Pusher-protocol server; when PUSHER_HOST is set the publisher posts to that
    // external service instead and the built-in one simply has no subscribers.
    const channels = createChannelServer(pusher);
    publishers.add(createPublisher({ pusher }, channels).publish);
    // Several processes on one PostgreSQL: the events of each reach the websocket clients of all
    // (an external Pusher service is shared by every process already).
    let fanout: Fanout | undefined;
    if (database.kind === 'postgres' && config.databaseUrl && !pusher.host) {
      const deliver = (e: RemoteEvent) => channels.publish(e.channel, e.event, e.data);
      // On Redis, one channel per deployment: named after its signing secret, which every process shares.
      const redisChannel = `${FANOUT_CHANNEL}:${createHash('sha256').update(jwtSecret).digest('hex').slice(0, 16)}`;
      fanout = config.redisUrl
        ? await startRedisFanout(config.redisUrl, deliver, { channel: redisChannel })
        : await startPostgresFanout(config.databaseUrl, deliver);
      const sendOut = fanout.send;
      publishers.add((channel, event, data) => sendOut({ channel, event, data: JSON.stringify(data ?? null) }));
    }
    const deps: AppDeps = { database, config: fullConfig, publish: publishers.publish };
    // Events posted to this process's events API reach the other processes' clients too.
    const eventsApi = fanout ? { relay: (channel: string, event: string, data: string) => fanout!.send({ channel, event, data }) } : undefined;
    const app = createApp(deps, [(a) => mountChannels(a, { ...deps, channels, eventsApi }), (a) => mountProviderSim(a, deps), (a) => mountOps(a, deps)]);

    const { httpServer, port } = await listen(app, config.port, options.hostname);
    attachChannelServer(httpServer as never, { channels });
    // Moves in-processing orders through the simulated provider (nothing starts with SIMULATOR=off).
    // On PostgreSQL it runs in one process of the deployment: the holder of the leader lock.
    const startWorker = () => startOrderWorker(deps, { intervalMs: 2000, simulatorBaseUrl: `http://127.0.0.1:${port}` });
    let leader: LeaderElection | undefined;
    let worker: { stop(): Promise<void> } | undefined;
    if (database.kind === 'postgres' && config.databaseUrl) {
      leader = startLeaderElection(config.databaseUrl, startWorker, {
        pollMs: options.leaderPollMs,
        onChange: (leading) =>
          console.log(leading ? '[cluster] this process leads the background work' : '[cluster] this process no longer leads the background work'),
      });
    } else worker = startWorker();
    // Durable jobs of every area (webhook deliveries…), stopped before the database closes.
    const jobs = await startJobWorkers(
      deps,
      serverAreas.flatMap((area) => area.jobs ?? []),
      [
        ...serverAreas.flatMap((area) => area.tasks ?? []),
        // The demo's simulated customers order, ask and write now and then (never in tests: the background is off there).
        ...(config.demo && config.simulatorBackground ? [demoCustomersTask(serverAreas.map((area) => area.customerApi))] : []),
      ],
    );
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        // /readyz answers 503 from now on, so a load balancer stops sending here.
        markNotReady();
        // Stop accepting; requests in flight finish (idle keep-alive connections close now).
        const drained = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        if ('closeIdleConnections' in httpServer) httpServer.closeIdleConnections();
        // Websocket clients are told to reconnect at once (to another process) while requests finish.
        await channels.close();
        const deadline = new Promise<void>((resolve) => setTimeout(resolve, options.drainMs ?? 10_000).unref());
        await Promise.race([drained, deadline]);
        // Whatever is still open past the deadline is cut.
        if ('closeAllConnections' in httpServer) httpServer.closeAllConnections();
        await drained;
        await worker?.stop();
        await leader?.stop();
        // Running jobs finish; the ones not yet started stay queued for the other processes.
        await jobs.stop();
        await fanout?.close();
        await database.close();
      })());
    return { url: `http://localhost:${port}`, httpServer, app, deps, publishers, close };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/**
 * The connection string with `statement_timeout` (milliseconds) for every connection of the pool,
 * unless the string sets its own: PostgreSQL then cancels a runaway statement (57014), which the
 * pipeline answers 503 with a message (http/errors.ts).
 */
export function withStatementTimeout(databaseUrl: string | undefined, timeoutMs: number | undefined): string | undefined {
  if (!databaseUrl || !timeoutMs || timeoutMs <= 0) return databaseUrl;
  if (!Number.isInteger(timeoutMs)) throw new Error(`STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (got ${timeoutMs})`);
  const url = new URL(databaseUrl);
  if (!url.searchParams.has('statement_timeout')) url.searchParams.set('statement_timeout', String(timeoutMs));
  return url.toString();
}

/**
 * How long an idle keep-alive connection stays open: longer than the clients that reuse one (nginx
 * keeps idle upstream connections 60 s, deploy/nginx.conf), so a client never sends a request on a
 * connection this server is closing at that moment (Node's default, 5 s, made that a reset now and
 * then: a 502 behind nginx for a POST). Headers must arrive within a little more.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function listen(app: Hono<AppEnv>, port: number, hostname?: string): Promise<{ httpServer: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const httpServer = serve(
      { fetch: app.fetch, port, hostname, serverOptions: { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, headersTimeout: KEEP_ALIVE_TIMEOUT_MS + 1_000 } },
      (info: AddressInfo) => {
        httpServer.off('error', reject);
        resolve({ httpServer, port: info.port });
      },
    );
    httpServer.once('error', reject);
  });
}
