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
  /** Simulated upstream provider and its worker (`SIMULATOR=off` turns them off). */
  simulator: boolean;
  /** Directory of the built console (vite build). */
  staticDir: string;
  /** Believe X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
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
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    trustProxy: env.TRUST_PROXY === 'on',
  };
}
