import type { AppDeps } from '../deps';

/**
 * A recurring task: work found by looking rather than sent as a job (the webhook outbox pump). It
 * runs every `everyMs` in each server process, never twice at once in one process; across
 * processes its SQL must claim rows with SKIP LOCKED. `run` returns true when it stopped with work
 * left, to run again at once. `wakeTask(name)` runs it now (after an enqueue in this process).
 */
export interface RecurringTask {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<boolean | void>;
}
export const defineRecurringTask = (task: RecurringTask): RecurringTask => task;

const taskWakers = new Map<string, Set<() => void>>();

/** Runs a recurring task of this process soon (a change it should pick up has just been committed). */
export function wakeTask(name: string): void {
  for (const wake of taskWakers.get(name) ?? []) wake();
}

export function startTask(deps: AppDeps, task: RecurringTask): { stop(): Promise<void> } {
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
  const wake = () => schedule(5);
  if (!taskWakers.has(task.name)) taskWakers.set(task.name, new Set());
  taskWakers.get(task.name)!.add(wake);
  schedule(task.everyMs);
  return {
    async stop() {
      stopped = true;
      taskWakers.get(task.name)?.delete(wake);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
