import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { SECRET_KEY_NAMES } from '../../contract/logs/columns';
import type { AppContext, AppEnv } from './context';

/**
 * Structured JSON logs (docs/operations.md, "Logs"): one line per request and the pipeline's
 * warnings and errors, each with the request's id. Only the route's pattern is logged, never the
 * raw path or query: a path can carry a secret (`/set-password/<token>`), and patterns keep the
 * lines groupable.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Whatever a line might carry that must never reach a log: the one redaction list of the contract
 * (SECRET_KEY_NAMES: credentials in headers, passwords and hashes, tokens, API keys, webhook and
 * payment-method secrets, two-factor secrets, recovery codes), at the top level and one object down
 * (pino's redaction matches these paths; `*` stands for one key).
 */
const SECRET_KEYS = SECRET_KEY_NAMES;
export const REDACT_PATHS: string[] = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-api-key"]',
];

/** LOG_LEVEL when set; otherwise info, and silent under vitest so test output stays readable. */
export function defaultLogLevel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOG_LEVEL) return env.LOG_LEVEL;
  return env.VITEST ? 'silent' : 'info';
}

export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  const level = options.level ?? defaultLogLevel();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${level}")`);
  }
  return pino(
    {
      level,
      base: { service: 'panel-server' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous: a line written just before the process exits (a crash, shutdown) is not lost.
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/* ---------- request ids ---------- */

const requestIds = new WeakMap<Request, string>();

/** A client's id is kept when it is a plain token (no spaces or control characters that could forge lines). */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id (X-Request-Id as sent, or the one generated for it). */
export const requestIdOf = (c: AppContext): string | undefined => requestIds.get(c.req.raw);

/**
 * The route pattern that answered (the endpoint table's path, `*` for the console's files), or
 * `unmatched` when no route did: bounded, unlike raw URLs.
 */
export function routePatternOf(c: AppContext): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  // Middleware (app.use) is registered for ALL methods; the answering routes name theirs.
  if (!route || route.method === 'ALL') return 'unmatched';
  return route.path;
}

export interface RequestRecord {
  method: string;
  route: string;
  status: number;
  durationSeconds: number;
}

/** Routes probed every few seconds by orchestrators: their lines go at debug, not to fill the log. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Outermost middleware: takes or makes the request id, echoes it on the answer, writes the access
 * line (method, route pattern, status, duration, request id, staff id when known) and hands the
 * figures to `observe` (the metrics).
 */
export function requestLogging(logger: Logger, observe?: (record: RequestRecord) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header('x-request-id');
    const requestId = sent && ACCEPTED_ID.test(sent) ? sent : randomUUID();
    requestIds.set(c.req.raw, requestId);
    await next();
    const durationSeconds = (performance.now() - started) / 1000;
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch {
      // Immutable headers (a WebSocket upgrade): nothing to echo on.
    }
    const route = routePatternOf(c);
    const status = c.res.status;
    observe?.({ method: c.req.method, route, status, durationSeconds });
    const staffId = c.get('staff')?.id;
    const line = { requestId, method: c.req.method, route, status, durationMs: Math.round(durationSeconds * 10_000) / 10, ...(staffId ? { staffId } : {}) };
    if (QUIET_ROUTES.has(route)) logger.debug(line, 'request');
    else logger.info(line, 'request');
  };
}
