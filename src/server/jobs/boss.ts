import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/client';
import { clientExecutor } from './executors';
import { JOB_SCHEMA } from '../db/jobSchema';

/** One pg-boss per database, and this process's running workers by queue (to wake them after an enqueue). */

interface BossEntry {
  boss: PgBoss;
  /** In-process wake-up of the workers of each queue after an enqueue. */
  workerIds: Map<string, string[]>;
}
const bosses = new WeakMap<object, BossEntry>();

function clientOf(q: Queryable): object {
  // A transaction has no $client; its session's database is the same one the caller opened.
  const client = (q as unknown as { $client?: object }).$client;
  return client ?? (q as object);
}

export function bossFor(db: Db): BossEntry {
  const key = clientOf(db);
  let entry = bosses.get(key);
  if (!entry) {
    const boss = new PgBoss({
      db: clientExecutor(db),
      schema: JOB_SCHEMA,
      // The server runs the maintenance (expiry, archive) only where workers run.
      supervise: true,
      schedule: false,
      migrate: true,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (error) => console.error('[jobs]', error instanceof Error ? error.message : error));
    entry = { boss, workerIds: new Map() };
    bosses.set(key, entry);
  }
  return entry;
}

/** The enqueue side, for a handle that may be a transaction: the boss of its database. */
let defaultSender: BossEntry | undefined;
export function senderFor(q: Queryable): BossEntry {
  const client = (q as unknown as { $client?: object }).$client;
  if (client) return bossFor(q as Db);
  // Inside a transaction only the SQL matters (pg-boss builds it the same for every instance).
  if (!defaultSender) {
    defaultSender = {
      boss: new PgBoss({ db: { executeSql: async () => ({ rows: [] }) }, schema: JOB_SCHEMA } as PgBoss.ConstructorOptions),
      workerIds: new Map(),
    };
  }
  return defaultSender;
}

/** Every running queue's workers, by queue name, to wake after an enqueue in this process. */
export const liveWorkers = new Map<string, Set<{ boss: PgBoss; ids: string[] }>>();

/** Tells this process's idle workers of a queue to look now instead of at their next poll (after the caller's commit). */
export function wake(queue: string): void {
  const running = liveWorkers.get(queue);
  if (!running) return;
  // The job is visible once the caller's transaction commits; a short delay lets that happen first.
  setTimeout(() => {
    for (const { boss, ids } of running) for (const id of ids) boss.notifyWorker(id);
  }, 5);
}
