import PgBoss from 'pg-boss';
import type { Queryable } from '../db/client';
import { senderFor, wake } from './boss';
import { transactionExecutor } from './executors';
import type { JobKind } from './kinds';

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
  const id = await boss.send(
    kind.name,
    data as object,
    {
      db: transactionExecutor(q),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds, retryBackoff: kind.retryBackoff ?? true } : {}),
    } as PgBoss.SendOptions,
  );
  wake(kind.name);
  return id;
}

/** Many jobs of one kind in one statement (same transaction rule as `enqueue`). */
export async function enqueueMany<T>(
  q: Queryable,
  kind: JobKind<T>,
  items: readonly T[],
  options: Pick<EnqueueOptions, 'retryLimit' | 'retryDelaySeconds'> = {},
): Promise<void> {
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
