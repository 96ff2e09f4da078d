import type { AppDeps } from '../deps';

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

export function startTask(deps: AppDeps, task: RecurringTask): { stop(): Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  const tick = () => {
    timer = null;
    if (stopped || running) return;
    running = (async () => {
      let more = false;
      try {
        more = (await task.run(deps)) === true;
      } catch (error) {
        console.error(`[jobs] task ${task.name} failed:`, error instanceof Error ? error.message : error);
      }
      running = null;
      schedule(more ? 0 : task.everyMs);
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
