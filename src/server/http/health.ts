import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { MIGRATIONS_FOLDER, one, sql } from '../db/client';
import type { AppEnv } from './context';
import type { AppDeps } from '../deps';
import type { OpsSources } from './metrics';

/**
 * GET /healthz (the process answers) and GET /readyz (it can serve: not shutting down, the database
 * answers, every migration is applied, the job workers run). Unauthenticated, cheap, never cached;
 * readiness answers 503 with the reason when not ready (docs/operations.md, "Health").
 */

let notReadyReason: string | null = null;

/**
 * Readiness answers 503 from now on. Graceful shutdown calls it first, so the load balancer stops
 * sending requests while the ones in flight finish.
 */
export function markNotReady(reason = 'shutting down'): void {
  notReadyReason = reason;
}

/** Undoes markNotReady (a test, or a process that recovered). */
export function markReady(): void {
  notReadyReason = null;
}

/** A database that does not answer within this is as good as down for a probe. */
const DATABASE_PROBE_TIMEOUT_MS = 2_000;

/** `unknown`: not checked, since the database it needs did not answer. */
type Check = 'ok' | 'failed' | 'unknown' | 'not watched';

/** The newest migration this build ships (drizzle records its `when` as created_at). */
let newestMigration: number | undefined;
function newestShippedMigration(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function mountHealth(app: Hono<AppEnv>, deps: AppDeps, sources: OpsSources, logger: Logger): void {
  // Once every migration is seen applied it stays so for the life of the process.
  let migrationsApplied = false;

  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });

  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const checks: { database: Check; migrations: Check; jobs: Check } = { database: 'ok', migrations: 'ok', jobs: 'not watched' };
    const reasons: string[] = [];
    if (notReadyReason) reasons.push(notReadyReason);
    try {
      await withTimeout(one(deps.database.db, sql`SELECT 1`), DATABASE_PROBE_TIMEOUT_MS);
    } catch (err) {
      checks.database = 'failed';
      reasons.push('database unreachable');
      logger.warn({ err: { message: (err as Error).message } }, 'readiness: database unreachable');
    }
    if (checks.database === 'ok' && !migrationsApplied) {
      try {
        const row = await withTimeout(
          one<{ newest: string | number | null }>(deps.database.db, sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`),
          DATABASE_PROBE_TIMEOUT_MS,
        );
        migrationsApplied = Number(row?.newest ?? 0) >= newestShippedMigration();
      } catch (err) {
        logger.warn({ err: { message: (err as Error).message } }, 'readiness: migrations table unreadable');
      }
      if (!migrationsApplied) {
        checks.migrations = 'failed';
        reasons.push('migrations not applied');
      }
    } else if (checks.database !== 'ok') checks.migrations = 'unknown';
    if (sources.jobsRunning) {
      checks.jobs = sources.jobsRunning() ? 'ok' : 'failed';
      if (checks.jobs === 'failed') reasons.push('job workers not running');
    }
    if (reasons.length) return c.json({ status: 'not ready', reason: reasons.join('; '), checks }, 503);
    return c.json({ status: 'ready', checks });
  });
}
