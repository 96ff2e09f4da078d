import PgBoss from 'pg-boss';
import type { AppDeps } from '../deps';
import { bossFor, liveWorkers } from './boss';
import type { JobKind } from './kinds';
import { installJobQueue } from './queue';
import { startTask, type RecurringTask } from './tasks';

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
