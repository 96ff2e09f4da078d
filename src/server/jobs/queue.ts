import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { SeedStep } from '../db/seed/steps';
import { clientExecutor } from './executors';
import { JOB_SCHEMA } from '../db/jobSchema';
import type { JobKind } from './kinds';

/** The queues: pg-boss's tables and one queue per job kind, installed by a base seed step. */

const queueOptions = (kind: JobKind<any>) => ({
  name: kind.name,
  retryLimit: kind.retryLimit ?? 3,
  retryDelay: kind.retryDelaySeconds ?? 10,
  retryBackoff: kind.retryBackoff ?? true,
  expireInSeconds: kind.expireInSeconds ?? 60,
  // Completed and failed jobs stay visible for a week (pg-boss archives them after that).
  retentionMinutes: 7 * 24 * 60,
});

/** Creates pg-boss's tables (once) and a queue per kind (or updates its retry policy). Idempotent. */
export async function installJobQueue(db: Db, kinds: readonly JobKind<any>[]): Promise<void> {
  const executor = clientExecutor(db);
  const installer = new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true } as PgBoss.ConstructorOptions);
  installer.on('error', (error) => console.error('[jobs]', error instanceof Error ? error.message : error));
  await installer.start();
  try {
    for (const kind of kinds) {
      const options = queueOptions(kind);
      if (await installer.getQueue(kind.name)) await installer.updateQueue(kind.name, options as PgBoss.Queue);
      else await installer.createQueue(kind.name, options as PgBoss.Queue);
    }
  } finally {
    await installer.stop({ graceful: false, close: false, wait: true });
  }
}

/** A base seed step installing the queues of these kinds (an area lists it in its seed). */
export const jobQueueSeedStep = (kinds: readonly JobKind<any>[], name = `job-queues:${kinds.map((k) => k.name).join(',')}`): SeedStep => ({
  name,
  kind: 'base',
  run: (db) => installJobQueue(db as Db, kinds),
});
