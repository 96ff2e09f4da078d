import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import type { SeedStep } from '../db/seed/steps';
import type { AppDeps } from '../http/context';

/**
 * Durable background jobs (DESIGN.md §9) on pg-boss 10, in the application's own database — the
 * embedded PGlite or PostgreSQL — so a job survives a restart, is retried with backoff, and is
 * claimed with SKIP LOCKED by whichever server process polls first.
 *
 * One queue per job kind. An area declares its kinds and lists them in its ServerArea (`jobs`), adds
 * `jobQueueSeedStep(kinds)` to its seed (the queue tables exist wherever the seed ran, tests
 * included), and enqueues with `enqueue(tx, kind, data)` inside the transaction of the change that
 * causes the job: the job exists exactly when the change committed, and the request only pays for
 * one INSERT. The server starts the workers (`startJobWorkers`) and stops them before the database
 * closes.
 *
 *   export const syncProvider = defineJobKind<{ providerId: number }>({
 *     name: 'provider-sync', retryLimit: 5, retryDelaySeconds: 30,
 *     run: async (job, { deps }) => { ... },   // throw to retry
 *   });
 *   await enqueue(tx, syncProvider, { providerId: 12 });
 */

export interface JobContext {
  deps: AppDeps;
  /** The pg-boss job id (stable across retries). */
  jobId: string;
  /** 0 on the first run, then 1, 2… on retries. */
  retryCount: number;
  /** Retries this job may have in all (retryCount === retryLimit: this is the last run). */
  retryLimit: number;
}

export interface JobKind<T = unknown> {
  /** The queue's name: letters, digits, dashes, dots, underscores. */
  name: string;
  /** Retries after the first run (default 3). */
  retryLimit?: number;
  /** Delay before the first retry, in whole seconds; doubled (with jitter) on each next one when `retryBackoff` (default 10). */
  retryDelaySeconds?: number;
  /** Exponential backoff (default true). */
  retryBackoff?: boolean;
  /** A run that takes longer is failed (and retried) — default 60 s. */
  expireInSeconds?: number;
  /** Jobs fetched per poll and run side by side (default 10). */
  batchSize?: number;
  /** Polls of this queue running in parallel (default 1). */
  workers?: number;
  /** How often an idle worker looks for jobs (default 1 s; an enqueue in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** Runs one job; a throw fails this run, and pg-boss retries it until `retryLimit`. */
  run(data: T, context: JobContext): Promise<void>;
}

export const defineJobKind = <T>(kind: JobKind<T>): JobKind<T> => kind;

export const JOB_SCHEMA = 'pgboss';

/* ---------- the database adapters pg-boss runs on ---------- */

interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

interface PgliteLike {
  exec(text: string): Promise<{ rows: any[] }[]>;
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}
interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

const isPglite = (client: unknown): client is PgliteLike => typeof (client as PgliteLike).exec === 'function';

/**
 * pg-boss on the database's own client. PGlite refuses a multi-statement script as a prepared
 * statement, and pg-boss sends its schema scripts without parameters: those go through exec().
 */
function clientExecutor(db: Db): SqlExecutor {
  const client = (db as unknown as { $client: PgliteLike | PoolLike }).$client;
  if (!client) throw new Error('jobs: the database handle has no client');
  return {
    async executeSql(text, values) {
      if (isPglite(client) && (!values || values.length === 0)) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values as unknown[]);
    },
  };
}

/** pg-boss's parameterised statement ($1, $2…) as drizzle SQL, so it runs in the caller's transaction on either driver. */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index! + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

function transactionExecutor(q: Queryable): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await q.execute(toDrizzleSql(text, values ?? []))) as unknown as { rows: any[] };
      return { rows: result.rows };
    },
  };
}

/* ---------- one pg-boss per database ---------- */

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

function bossFor(db: Db): BossEntry {
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
function senderFor(q: Queryable): BossEntry {
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
const liveWorkers = new Map<string, Set<{ boss: PgBoss; ids: string[] }>>();

/* ---------- the API areas use ---------- */

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

export interface EnqueueOptions {
  /** This job's retries and first retry delay, when they differ from its kind's. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one queued job per key (pg-boss singletonKey). */
  singletonKey?: string;
}

/**
 * Queues a job. Pass the transaction of the change that causes it: the job is created if and only
 * if that change commits. Returns the job id (null when a singleton key already had a job).
 */
export async function enqueue<T>(q: Queryable, kind: JobKind<T>, data: T, options: EnqueueOptions = {}): Promise<string | null> {
  const { boss } = senderFor(q);
  const id = await boss.send(kind.name, data as object, {
    db: transactionExecutor(q),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: kind.retryBackoff ?? true } : {}),
  } as PgBoss.SendOptions);
  wake(kind.name);
  return id;
}

/** Many jobs of one kind in one statement (same transaction rule as `enqueue`). */
export async function enqueueMany<T>(q: Queryable, kind: JobKind<T>, items: readonly T[], options: Pick<EnqueueOptions, 'retryLimit' | 'retryDelaySeconds'> = {}): Promise<void> {
  if (items.length === 0) return;
  const { boss } = senderFor(q);
  const retry = {
    ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: kind.retryBackoff ?? true } : {}),
  };
  await boss.insert(
    items.map((data) => ({ name: kind.name, data: data as object, ...retry })),
    { db: transactionExecutor(q) } as unknown as PgBoss.InsertOptions,
  );
  wake(kind.name);
}

/** Tells this process's idle workers of a queue to look now instead of at their next poll (after the caller's commit). */
function wake(queue: string): void {
  const running = liveWorkers.get(queue);
  if (!running) return;
  // The job is visible once the caller's transaction commits; a short delay lets that happen first.
  setTimeout(() => {
    for (const { boss, ids } of running) for (const id of ids) boss.notifyWorker(id);
  }, 5);
}

/**
 * A recurring task: work found by looking rather than sent as a job (the webhook outbox pump). It
 * runs every `everyMs` in each server process, never twice at once in one process; across
 * processes its SQL must claim rows with SKIP LOCKED. `run` returns true when it stopped with work
 * left, to run again at once.
 */
export interface RecurringTask {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<boolean | void>;
}
export const defineRecurringTask = (task: RecurringTask): RecurringTask => task;

function startTask(deps: AppDeps, task: RecurringTask): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  const tick = () => {
    timer = null;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let more = false;
      try {
        more = (await task.run(deps)) === true;
      } catch (error) {
        console.error(`[jobs] task ${task.name} failed:`, error instanceof Error ? error.message : error);
      }
      running = null;
      if (more || again) {
        again = false;
        schedule(0);
      } else schedule(task.everyMs);
    })();
  };
  schedule(task.everyMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export interface JobWorkers {
  stop(): Promise<void>;
}

/** Starts pg-boss (maintenance included), the workers of these kinds and the recurring tasks; stop() waits for running jobs (up to 10 s). */
export async function startJobWorkers(deps: AppDeps, kinds: readonly JobKind<any>[], tasks: readonly RecurringTask[] = []): Promise<JobWorkers> {
  const db = deps.database.db;
  await installJobQueue(db, kinds);
  const { boss } = bossFor(db);
  await boss.start();
  const registered: { queue: string; handle: { boss: PgBoss; ids: string[] } }[] = [];
  for (const kind of kinds) {
    const ids: string[] = [];
    for (let i = 0; i < (kind.workers ?? 1); i++) {
      let workerId = '';
      const batchSize = kind.batchSize ?? 10;
      const id = await boss.work(
        kind.name,
        { batchSize, pollingIntervalSeconds: kind.pollingIntervalSeconds ?? 1, includeMetadata: true } as PgBoss.WorkOptions,
        async (jobs: PgBoss.Job<unknown>[]) => {
          // Side by side; a failed job is failed alone (pg-boss then completes the rest of the batch).
          const outcomes = await Promise.allSettled(
            jobs.map((job) => {
              const meta = job as { retryCount?: number; retryLimit?: number };
              return kind.run(job.data, { deps, jobId: job.id, retryCount: meta.retryCount ?? 0, retryLimit: meta.retryLimit ?? kind.retryLimit ?? 3 });
            }),
          );
          const failed = jobs.filter((_, i) => outcomes[i].status === 'rejected');
          for (const job of failed) {
            const reason = (outcomes[jobs.indexOf(job)] as PromiseRejectedResult).reason;
            await boss.fail(kind.name, job.id, { message: reason instanceof Error ? reason.message : String(reason) });
          }
          // A full batch means more may be waiting: fetch again at once instead of after the polling interval.
          if (jobs.length >= batchSize && workerId) boss.notifyWorker(workerId);
        },
      );
      workerId = id;
      ids.push(id);
    }
    const handle = { boss, ids };
    registered.push({ queue: kind.name, handle });
    if (!liveWorkers.has(kind.name)) liveWorkers.set(kind.name, new Set());
    liveWorkers.get(kind.name)!.add(handle);
  }
  const runningTasks = tasks.map((task) => startTask(deps, task));
  return {
    async stop() {
      for (const task of runningTasks) await task.stop();
      for (const { queue, handle } of registered) liveWorkers.get(queue)?.delete(handle);
      await boss.stop({ graceful: true, timeout: 10_000, close: false, wait: true });
    },
  };
}
