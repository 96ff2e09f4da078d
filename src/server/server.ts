import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createApp } from './app';
import { resolveJwtSecret } from './auth/secret';
import type { readConfig, ServerConfig } from './config';
import { openDatabase } from './db/client';
import { runSeed } from './db/seed';
import type { AppDeps, AppEnv } from './http/context';
import { attachChannelServer, createChannelServer, mountChannels } from './channels';
import { createPublisher } from './realtime/publisher';
import { mountProviderSim, startOrderWorker } from './provider-sim';
import { withPusherSecret } from './realtime/secret';
import { startJobWorkers } from './jobs';
import { serverAreas } from './areas';

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
  /** Stops accepting requests, then closes the database (PGlite flushes to disk). */
  close(): Promise<void>;
}

/** Opens (and migrates) the database, seeds it, and serves the app on config.port (0: any free port). */
export async function startServer(config: StartConfig, options: { hostname?: string } = {}): Promise<RunningServer> {
  // A bad environment value must stop the start, not surface later as tokens that never verify.
  if (!Number.isInteger(config.tokenTtlSeconds) || config.tokenTtlSeconds < 60 || config.tokenTtlSeconds > 1800) {
    throw new Error(`TOKEN_TTL_SECONDS must be a whole number of seconds between 60 and 1800 (got ${config.tokenTtlSeconds})`);
  }
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) throw new Error(`PORT is not a valid port: ${config.port}`);
  // Migrations and the seed (index builds, the demo order book) may run far longer than a request
  // may: on PostgreSQL they run on a pool of their own, without the statement timeout that guards
  // the requests' pool.
  const guarded = withStatementTimeout(config.databaseUrl, config.statementTimeoutMs);
  if (guarded !== config.databaseUrl) {
    const setup = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      await runSeed(setup.db, { demo: config.demo });
    } finally {
      await setup.close();
    }
  }
  const database = await openDatabase({ databaseUrl: guarded, dataDir: config.dataDir });
  try {
    if (guarded === config.databaseUrl) await runSeed(database.db, { demo: config.demo });
    const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
    const pusher = withPusherSecret(config.pusher, jwtSecret);
    const fullConfig: ServerConfig = { ...config, jwtSecret, pusher };
    const publishers = createPublisherHub();
    // The built-in Pusher-protocol server; when PUSHER_HOST is set the publisher posts to that
    // external service instead and the built-in one simply has no subscribers.
    const channels = createChannelServer(pusher);
    publishers.add(createPublisher({ pusher }, channels).publish);
    const deps: AppDeps = { database, config: fullConfig, publish: publishers.publish };
    const app = createApp(deps, [(a) => mountChannels(a, { ...deps, channels }), (a) => mountProviderSim(a, deps)]);

    const { httpServer, port } = await listen(app, config.port, options.hostname);
    attachChannelServer(httpServer as never, { channels });
    // Moves in-processing orders through the simulated provider (nothing starts with SIMULATOR=off).
    const worker = startOrderWorker(deps, { intervalMs: 2000, simulatorBaseUrl: `http://127.0.0.1:${port}` });
    // Durable jobs of every area (webhook deliveries…), stopped before the database closes.
    const jobs = await startJobWorkers(deps, serverAreas.flatMap((area) => area.jobs ?? []), serverAreas.flatMap((area) => area.tasks ?? []));
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await worker.stop();
        await jobs.stop();
        await channels.close();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          // Keep-alive sockets would hold close() open until they time out.
          if ('closeAllConnections' in httpServer) httpServer.closeAllConnections();
        });
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

function listen(app: Hono<AppEnv>, port: number, hostname?: string): Promise<{ httpServer: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const httpServer = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
      httpServer.off('error', reject);
      resolve({ httpServer, port: info.port });
    });
    httpServer.once('error', reject);
  });
}
