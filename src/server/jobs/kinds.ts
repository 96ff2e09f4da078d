import type { AppDeps } from '../deps';

/** A kind of durable job: its queue, its retry policy and how one job runs. */

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
