/**
 * Durable background jobs on pg-boss 10, in the application's own database — the
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
 *
 * kinds.ts: what a job kind is; queue.ts: installing the queues; enqueue.ts: queueing jobs;
 * workers.ts: the workers; tasks.ts: recurring tasks; boss.ts and executors.ts: pg-boss on the
 * application's database.
 */

export { defineJobKind, type JobContext, type JobKind } from './kinds';
export { installJobQueue, jobQueueSeedStep } from './queue';
export { enqueue, enqueueMany, type EnqueueOptions } from './enqueue';
export { defineRecurringTask, type RecurringTask } from './tasks';
export { startJobWorkers, type JobWorkers } from './workers';
