import { COUNTERS_CHANNEL, COUNTERS_EVENT, type CountersUpdated } from '../../contract/realtime';
import type { Counters } from '../../contract/session';
import { one, sql, type Database, type Queryable } from '../db/client';
import type { AppDeps } from '../deps';

/**
 * The live counters: one query for the init call and for every broadcast, so
 * the two can never disagree. Each counter counts exactly what its navigation link filters:
 * orders in_processing, orders in_moderation, orders flagged with no active providers, and
 * pending free-trial requests.
 */
export async function readCounters(q: Queryable): Promise<Counters> {
  const row = await one<Counters>(
    q,
    // "No providers" counts open orders only: a finished order without providers needs no one.
    sql`SELECT
      (SELECT count(*) FROM orders WHERE status = 'in_processing')::int AS "ordersInProcessing",
      (SELECT count(*) FROM orders WHERE status = 'in_moderation')::int AS "ordersInModeration",
      (SELECT count(*) FROM orders WHERE has_no_active_providers AND status IN ('in_processing', 'in_moderation'))::int AS "ordersWithNoActiveProviders",
      (SELECT count(*) FROM free_trial_requests WHERE status = 'pending')::int AS "freeTrialsPending"`,
  );
  return row!;
}

/**
 * Combo orders in moderation, or undefined while the combo orders area has not created its table
 * (checked with to_regclass, so this works on a database migrated before that area existed).
 */
export async function readComboOrdersInModeration(q: Queryable): Promise<number | undefined> {
  const exists = await one<{ present: boolean }>(q, sql`SELECT to_regclass('combo_orders') IS NOT NULL AS present`);
  if (!exists?.present) return undefined;
  const row = await one<{ count: number }>(q, sql`SELECT count(*)::int AS count FROM combo_orders WHERE status = 'in_moderation'`);
  return row?.count ?? 0;
}

/** The `counters.updated` payload: the four counters, plus combo orders when that table exists. */
export async function readLiveCounters(q: Queryable): Promise<CountersUpdated> {
  const counters = await readCounters(q);
  const combo = await readComboOrdersInModeration(q);
  return combo === undefined ? counters : { ...counters, comboOrdersInModeration: combo };
}

export interface CountersNotifier {
  /** Something a counter counts may have changed (call after commit); bursts are coalesced. */
  changed(): void;
  /** Resolves once no broadcast is scheduled or running. */
  flush(): Promise<void>;
  /** Cancels a scheduled broadcast; later changed() calls do nothing. */
  close(): void;
}

export interface CountersNotifierOptions {
  /** How long changes are gathered before one broadcast (default 100 ms). */
  delayMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Publishes `counters.updated` on `private-admin.counters` at most once per burst: the first
 * changed() starts a short window, every change inside it joins the same broadcast, and a change
 * that arrives while the counters are being read schedules one more window, so the last commit is
 * always reflected. Values equal to the last broadcast are not sent again.
 */
export function countersNotifier(
  deps: { database: Pick<Database, 'db'>; publish: AppDeps['publish'] },
  options: CountersNotifierOptions = {},
): CountersNotifier {
  const delayMs = options.delayMs ?? 100;
  const onError = options.onError ?? ((error: unknown) => console.error('[realtime] counters broadcast failed:', error));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let dirtyWhileRunning = false;
  let closed = false;
  let lastSent: string | null = null;

  const broadcast = async () => {
    try {
      const counters = await readLiveCounters(deps.database.db);
      const serialised = JSON.stringify(counters);
      if (serialised === lastSent) return;
      lastSent = serialised;
      deps.publish(COUNTERS_CHANNEL, COUNTERS_EVENT, counters);
    } catch (error) {
      onError(error);
    }
  };

  const fire = () => {
    timer = null;
    running = broadcast().finally(() => {
      running = null;
      if (dirtyWhileRunning && !closed) {
        dirtyWhileRunning = false;
        schedule();
      }
    });
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(fire, delayMs);
  };

  return {
    changed() {
      if (closed) return;
      if (running) dirtyWhileRunning = true;
      else schedule();
    },
    async flush() {
      while (timer || running) {
        if (timer) {
          clearTimeout(timer);
          fire();
        }
        await running;
      }
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

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
