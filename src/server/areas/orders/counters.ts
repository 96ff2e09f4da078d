import { countersNotifier, type CountersNotifier } from '../../realtime/counters';
import type { AppDeps } from '../../http/context';

/**
 * One live-counters notifier per running app (the counters coalesce bursts per notifier, so a
 * bulk action of 500 orders sends one broadcast, not 500). Call after the change committed.
 */
const notifiers = new WeakMap<AppDeps, CountersNotifier>();

function notifierOf(deps: AppDeps): CountersNotifier {
  let notifier = notifiers.get(deps);
  if (!notifier) {
    notifier = countersNotifier(deps);
    notifiers.set(deps, notifier);
  }
  return notifier;
}

export function notifyCountersChanged(deps: AppDeps): void {
  notifierOf(deps).changed();
}

/** Sends a pending broadcast now (tests call it before closing the database). */
export async function flushCounters(deps: AppDeps): Promise<void> {
  await notifiers.get(deps)?.flush();
}
