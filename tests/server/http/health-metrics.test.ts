import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { openDatabase, type Database } from '../../../src/server/db/client';
import type { AppDeps } from '../../../src/server/deps';
import { markNotReady, markReady } from '../../../src/server/http/health';
import { tokenMatches } from '../../../src/server/http/metrics';
import { defineJobKind, enqueue, installJobQueue } from '../../../src/server/jobs';
import { readConfig } from '../../../src/server/config';
import { testConfig } from '../helpers/testServer';
import { type ScratchDatabase } from '../helpers/postgres';
import { openPreparedDatabase } from '../helpers/preparedDatabase';
import { createMigratedDatabase } from '../helpers/postgres';

/**
 * GET /healthz, /readyz and /metrics (docs/operations.md): the probes' answers and their cache
 * policy, readiness going 503 on shutdown and when the database is gone, the metrics token, and
 * every family of the exposition.
 */

const METRICS_TOKEN = 'metrics-token-0123456789';
const probeKind = defineJobKind<{ n: number }>({ name: 'ops-metrics-probe', run: async () => {} });

let database: Database;
let deps: AppDeps;
let jobsRunning = true;
const channels = { connectionCount: () => 3 };

const build = (overrides: Parameters<typeof testConfig>[0] = {}) =>
  createApp({ ...deps, config: testConfig(overrides) }, [], { channels, jobsRunning: () => jobsRunning });

beforeAll(async () => {
  database = await openPreparedDatabase({ demo: false });
  await installJobQueue(database.db, [probeKind]);
  await enqueue(database.db, probeKind, { n: 1 });
  await enqueue(database.db, probeKind, { n: 2 });
  deps = { database, config: testConfig({ metricsToken: METRICS_TOKEN }), publish: () => {} };
}, 60_000);

afterAll(async () => {
  markReady();
  await database?.close();
});

describe('health', () => {
  it('GET /healthz answers 200 without a token and is never cached', async () => {
    const res = await build().request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /readyz answers ready when the database answers, migrations are applied and jobs run', async () => {
    const res = await build().request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
  });

  it('answers 503 with the reason after markNotReady (shutdown), and ready again after markReady', async () => {
    const app = build();
    markNotReady();
    try {
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body.status).toBe('not ready');
      expect(body.reason).toBe('shutting down');
      // Liveness is not readiness: the process still answers.
      expect((await app.request('/healthz')).status).toBe(200);
    } finally {
      markReady();
    }
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('answers 503 when the job workers are not running', async () => {
    jobsRunning = false;
    try {
      const res = await build().request('/readyz');
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.checks.jobs).toBe('failed');
      expect(body.reason).toContain('job workers not running');
    } finally {
      jobsRunning = true;
    }
  });

  it('answers 503 "database unreachable" once the database is closed', async () => {
    const own = await openDatabase({ dataDir: 'memory://' });
    const app = createApp({ database: own, config: testConfig(), publish: () => {} });
    expect((await app.request('/readyz')).status).toBe(200);
    await own.close();
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.reason).toContain('database unreachable');
    expect(body.checks.database).toBe('failed');
    expect((await app.request('/healthz')).status).toBe(200);
  });
});

describe('metrics', () => {
  it('answers 404 "not configured" without METRICS_TOKEN, even with a bearer token', async () => {
    const app = build({ metricsToken: undefined });
    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/not configured/);
  });

  it('answers 401 without a token and 403 with a wrong one', async () => {
    const app = build({ metricsToken: METRICS_TOKEN });
    const none = await app.request('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await app.request('/metrics', { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('panel_http_requests_total');
  });

  it('compares tokens of any length without throwing', () => {
    expect(tokenMatches('a', 'a-much-longer-token')).toBe(false);
    expect(tokenMatches('same', 'same')).toBe(true);
  });

  it('exposes requests by route pattern and status, latency buckets, websocket, job and pool gauges', async () => {
    const app = build({ metricsToken: METRICS_TOKEN });
    // An endpoint with a path parameter, unauthenticated: 401 under its pattern.
    expect((await app.request('/api/v1/admin/users/12/affiliates')).status).toBe(401);
    expect((await app.request('/api/v1/admin/users/13/affiliates')).status).toBe(401);
    expect((await app.request('/healthz')).status).toBe(200);

    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();

    expect(text).toContain('panel_http_requests_total{method="GET",route="/api/v1/admin/users/:userId/affiliates",status="401"} 2');
    expect(text).toContain('panel_http_requests_total{method="GET",route="/healthz",status="200"} 1');
    // Never the raw URL.
    expect(text).not.toContain('/users/12/');
    expect(text).toMatch(/panel_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\} \d/);
    expect(text).toContain('panel_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"} 1');
    expect(text).toContain('panel_http_request_duration_seconds_count{method="GET",route="/api/v1/admin/users/:userId/affiliates",status="401"} 2');

    expect(text).toContain('panel_websocket_connections 3');
    expect(text).toContain('panel_jobs{queue="ops-metrics-probe",state="created"} 2');
    expect(text).toContain('panel_jobs{queue="ops-metrics-probe",state="failed"} 0');
    expect(text).toContain('panel_db_pool_connections{state="total"} 1');
    // Process figures come along.
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('reads the token and the log level from the environment', () => {
    const config = readConfig({ METRICS_TOKEN: 'x-token', LOG_LEVEL: 'debug' }, []);
    expect(config.metricsToken).toBe('x-token');
    expect(config.logLevel).toBe('debug');
    const bare = readConfig({}, []);
    expect(bare.metricsToken).toBeUndefined();
    expect(bare.logLevel).toBeUndefined();
  });
});

describe('on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let pgDatabase: Database;

  beforeAll(async () => {
    scratch = await createMigratedDatabase('The metrics suite', { seed: 'none' });
    pgDatabase = await openDatabase({ databaseUrl: scratch.url, poolSize: 3 });
  }, 60_000);

  afterAll(async () => {
    await pgDatabase?.close();
    await scratch?.drop();
  });

  it("is ready, and reports the pool's connections by state", async () => {
    const app = createApp({ database: pgDatabase, config: testConfig({ metricsToken: METRICS_TOKEN }), publish: () => {} });
    expect((await app.request('/readyz')).status).toBe(200);
    // Hold one connection while the metrics are read: it counts as total, not idle.
    const pool = (pgDatabase.db as unknown as { $client: import('pg').Pool }).$client;
    const held = await pool.connect();
    try {
      const text = await (await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const total = Number(/panel_db_pool_connections\{state="total"\} (\d+)/.exec(text)?.[1]);
      const idle = Number(/panel_db_pool_connections\{state="idle"\} (\d+)/.exec(text)?.[1]);
      expect(total).toBe(pool.totalCount);
      expect(total).toBeGreaterThanOrEqual(1);
      expect(idle).toBeLessThan(total);
      expect(text).toContain('panel_db_pool_connections{state="waiting"} 0');
    } finally {
      held.release();
    }
  });
});
