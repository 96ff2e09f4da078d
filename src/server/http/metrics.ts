import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rows, sql } from '../db/client';
import { JOB_SCHEMA } from '../db/jobSchema';
import type { AppEnv } from './context';
import type { AppDeps } from '../deps';
import type { RequestRecord } from './logger';

/**
 * Prometheus metrics at GET /metrics (docs/operations.md, "Metrics"), behind a bearer token
 * (METRICS_TOKEN). Without the token configured the route answers 404: never open by default.
 *
 * Requests are labelled by the route's pattern (the endpoint table's path), never the raw URL, so
 * the number of series stays bounded. Each app has a registry of its own (tests build many apps).
 */

/** What the server knows beyond the app's deps; everything is optional (a gauge then reads 0). */
export interface OpsSources {
  /** The built-in channel server (its `connectionCount()`), for the websocket gauge. */
  channels?: { connectionCount(): number };
  /** Whether the job workers run (readiness); absent: not watched. */
  jobsRunning?: () => boolean;
  /** The logger (default: one at config.logLevel, see ./logger.ts). */
  logger?: Logger;
}

export interface Metrics {
  registry: Registry;
  observeRequest(record: RequestRecord): void;
}

/** Queue counts come from a query: read at most this often, however often Prometheus scrapes. */
const JOB_COUNTS_TTL_MS = 5_000;

/** Seconds; from a cached read to a large export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export function createMetrics(deps: AppDeps, sources: OpsSources, logger: Logger): Metrics {
  const registry = new Registry();
  // Process figures (CPU, memory, event-loop lag) only where someone can read them.
  if (deps.config.metricsToken) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'panel_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'panel_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'panel_websocket_connections',
    help: 'Open websocket connections to the built-in channel server.',
    registers: [registry],
    collect() {
      this.set(sources.channels?.connectionCount() ?? 0);
    },
  });

  new Gauge({
    name: 'panel_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; the embedded database is one connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (deps.database.kind === 'postgres') {
        const pool = (deps.database.db as unknown as { $client: PoolLike }).$client;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
        this.set({ state: 'idle' }, 0);
        this.set({ state: 'waiting' }, 0);
      }
    },
  });

  let jobCounts: { at: number; counts: Promise<JobCount[]> } | undefined;
  const readJobCounts = (): Promise<JobCount[]> => {
    if (!jobCounts || Date.now() - jobCounts.at > JOB_COUNTS_TTL_MS) {
      jobCounts = {
        at: Date.now(),
        counts: queryJobCounts(deps).catch((err) => {
          // No queue tables yet, or the database is away: the gauge is left empty, the scrape still answers.
          logger.warn({ err: { message: (err as Error).message } }, 'metrics: job counts unavailable');
          return [];
        }),
      };
    }
    return jobCounts.counts;
  };
  new Gauge({
    name: 'panel_jobs',
    help: `Background jobs by queue and state (pg-boss's current table; refreshed every ${JOB_COUNTS_TTL_MS / 1000} s).`,
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const counts = await readJobCounts();
      this.reset();
      for (const row of counts) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, durationSeconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, durationSeconds);
    },
  };
}

interface JobCount {
  queue: string;
  state: string;
  count: number;
}

/** Every queue with every state (zeros included, so a drained state reads 0 instead of vanishing). */
async function queryJobCounts(deps: AppDeps): Promise<JobCount[]> {
  const schema = sql.identifier(JOB_SCHEMA);
  const found = await rows<{ queue: string; state: string; count: number | string }>(
    deps.database.db,
    sql`SELECT q.name AS queue, s.state::text AS state, count(j.id)::int AS count
          FROM ${schema}.queue q
          CROSS JOIN unnest(enum_range(NULL::${schema}.job_state)) AS s(state)
          LEFT JOIN ${schema}.job j ON j.name = q.name AND j.state = s.state
         GROUP BY q.name, s.state
         ORDER BY q.name, s.state`,
  );
  return found.map((r) => ({ queue: r.queue, state: r.state, count: Number(r.count) }));
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares in constant time (equal-length digests), so the answer's timing says nothing of the token. */
export function tokenMatches(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

export function mountMetrics(app: Hono<AppEnv>, deps: AppDeps, metrics: Metrics): void {
  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    const expected = deps.config.metricsToken;
    if (!expected) return c.json({ message: 'Metrics are not configured (set METRICS_TOKEN).' }, 404);
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json({ message: 'Unauthenticated.' }, 401);
    }
    if (!tokenMatches(match[1].trim(), expected)) return c.json({ message: 'This action is unauthorized.' }, 403);
    const body = await metrics.registry.metrics();
    return c.body(body, 200, { 'Content-Type': metrics.registry.contentType });
  });
}
