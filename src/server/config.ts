import { resolve } from 'node:path';

/**
 * Server configuration, read once from the environment (documented in the README).
 * Secrets are read here and never logged or sent to the client.
 */
export interface ServerConfig {
  port: number;
  /** PostgreSQL connection string; absent -> embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Seed demo data (default on the embedded database, `--demo` on PostgreSQL). */
  demo: boolean;
  /** Signs access tokens (HS256). Generated and kept under dataDir when not set. */
  jwtSecret: string;
  /** Access token lifetime in seconds (30 minutes at most). */
  tokenTtlSeconds: number;
  recaptchaSecret?: string;
  /** Realtime (Pusher protocol): app id, key and secret; an external service's HTTP API when set. */
  /**
   * The realtime app. `host`/`port`: the external service's HTTP API (events are published there);
   * `wsHost`/`wsPort`: where browsers connect, when it differs (Pusher Channels: api-<cluster> vs
   * ws-<cluster>); by default the same as `host`/`port`.
   */
  pusher: { appId: string; key: string; secret: string; host?: string; port?: number; wsHost?: string; wsPort?: number; useTLS?: boolean };
  /** Simulated upstream panels and the order worker (`SIMULATOR=off` turns them off). */
  simulator: boolean;
  /**
   * The simulator's background activity: the order worker and the catalogues' timed drift.
   * `SIMULATOR=api` keeps the simulated panels answering with this off (e2e); absent means on.
   */
  simulatorBackground?: boolean;
  /** Directory of the built console (vite build). */
  staticDir: string;
  /** Believe X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /**
   * PostgreSQL cancels any statement running longer than this (STATEMENT_TIMEOUT_MS, default 15 s;
   * 0 turns it off); the request then answers 503 with a message. PGlite cannot cancel a statement:
   * there the table builder's bounds keep every request's work small (docs/security.md).
   */
  statementTimeoutMs?: number;
  /**
   * Origins allowed to call the API from a browser (CONSOLE_ORIGINS, comma-separated), besides the
   * server's own origin and its `core.` pairing (docs/security.md).
   */
  consoleOrigins?: string[];
  /** Serve the build's source maps (SOURCE_MAPS=on); off by default, since they publish the source. */
  serveSourceMaps?: boolean;
  /** Redis for realtime events between server processes (REDIS_URL); PostgreSQL LISTEN/NOTIFY without it. */
  redisUrl?: string;
  /** Bearer token of GET /metrics (METRICS_TOKEN); without it /metrics answers 404. */
  metricsToken?: string;
  /** fatal, error, warn, info (default), debug, trace or silent (LOG_LEVEL); tests default to silent. */
  logLevel?: string;
  /** Customer API requests per minute and key (CUSTOMER_API_RATE_PER_MINUTE, default 120; docs/customer-api.md). */
  customerApiPerMinute?: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Omit<ServerConfig, 'jwtSecret'> & { jwtSecret?: string } {
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoFlag = argv.includes('--demo');
  return {
    port: Number(env.PORT ?? 8080),
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demo: databaseUrl ? demoFlag : env.DEMO !== 'off',
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: Math.min(Number(env.TOKEN_TTL_SECONDS ?? 1800), 1800),
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    pusher: {
      appId: env.PUSHER_APP_ID ?? 'panel-console',
      key: env.PUSHER_APP_KEY ?? 'panel-console-key',
      secret: env.PUSHER_APP_SECRET ?? '',
      host: env.PUSHER_HOST || undefined,
      port: env.PUSHER_PORT ? Number(env.PUSHER_PORT) : undefined,
      wsHost: env.PUSHER_WS_HOST || undefined,
      wsPort: env.PUSHER_WS_PORT ? Number(env.PUSHER_WS_PORT) : undefined,
      useTLS: env.PUSHER_SCHEME === 'https',
    },
    simulator: env.SIMULATOR !== 'off',
    simulatorBackground: env.SIMULATOR !== 'off' && env.SIMULATOR !== 'api',
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    trustProxy: env.TRUST_PROXY === 'on',
    statementTimeoutMs: env.STATEMENT_TIMEOUT_MS ? Number(env.STATEMENT_TIMEOUT_MS) : 15_000,
    consoleOrigins: (env.CONSOLE_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    serveSourceMaps: env.SOURCE_MAPS === 'on',
    redisUrl: env.REDIS_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    logLevel: env.LOG_LEVEL || undefined,
    customerApiPerMinute: positiveNumber(env.CUSTOMER_API_RATE_PER_MINUTE, 'CUSTOMER_API_RATE_PER_MINUTE'),
  };
}

/** A positive whole number from the environment, or undefined when unset; anything else stops the start. */
function positiveNumber(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number (got "${text}")`);
  return n;
}
