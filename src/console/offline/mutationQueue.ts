import type { EndpointName } from '../../contract/endpoints';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../../contract/idempotency';
import { api } from '../api/client';
import { ApiError, ValidationError, errorMessage, isNetworkError } from '../api/errors';
import { getConsoleDb, staffKey, type ConsoleDb, type QueuedMutationError, type QueuedMutationRecord, type StaffKey } from './db';

/**
 * The offline action queue: endpoint calls made without a connection are stored in
 * IndexedDB per staff member and replayed in creation order, one at a time, when the connection
 * returns. Every attempt carries the item's Idempotency-Key, so an item resent after a reload or a
 * dropped connection runs at most once on the server.
 *
 * Replay rules: success deletes the item; a refusal (409, 422, other 4xx, a 500) marks it failed
 * with the server's message and field errors, and the next item is sent; no connection (or a
 * gateway that is down) stops the replay, the item stays queued; a 401 stops the replay for this
 * sign-in. Only the queue of the signed-in member is started, and only a started queue replays.
 */

export type QueuedMutation = QueuedMutationRecord & { id: number };

export type { QueuedMutationError, QueuedMutationStatus } from './db';

export interface EnqueueInput {
  endpoint: string;
  params?: Record<string, string | number>;
  body?: unknown;
  query?: unknown;
  label: string;
  resourceName: string;
  invalidates?: readonly string[];
  bulkIds?: readonly (string | number)[];
  /** The key the action already sent with (a call cut off mid-way); a new one when absent. */
  idempotencyKey?: string;
}

export type ReplayOutcome = { ok: true; item: QueuedMutation; response: unknown } | { ok: false; item: QueuedMutation; error: QueuedMutationError };

/** Thrown instead of queueing an action that cannot wait for the connection. */
export class NeedsConnectionError extends Error {
  constructor(label: string) {
    super(`${label} needs a connection. Try again when you are back online.`);
    this.name = 'NeedsConnectionError';
  }
}

/** The browser says there is no network at all ("online" may still mean the server is unreachable). */
export const isBrowserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

// Answers after which the action is worth sending again later as it is: the server did not decide.
const TRANSIENT_STATUSES = new Set([408, 429, 502, 503, 504]);

type Verdict = { kind: 'stop'; signedOut: boolean } | { kind: 'failed'; error: QueuedMutationError };

function judge(error: unknown): Verdict {
  if (isNetworkError(error)) return { kind: 'stop', signedOut: false };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'stop', signedOut: true };
    if (TRANSIENT_STATUSES.has(error.status)) return { kind: 'stop', signedOut: false };
    const fieldErrors = error instanceof ValidationError && Object.keys(error.errors).length > 0 ? error.errors : undefined;
    return { kind: 'failed', error: { status: error.status, message: error.message, ...(fieldErrors ? { fieldErrors } : {}) } };
  }
  return { kind: 'failed', error: { status: 0, message: errorMessage(error) } };
}

/**
 * A refusal after which the action certainly did not run (a 4xx other than 409): the server stores
 * it under the key, so a retry is a new attempt with a new key. A 409 may also mean "this key is
 * still being processed", and a 5xx may have done part of the work: those keep the key, so
 * nothing runs twice.
 */
const refusedOutright = (error: QueuedMutationError | undefined): boolean => !!error && error.status >= 400 && error.status < 500 && error.status !== 409;

/** What is stored is what fetch would send (JSON): dates become strings, undefined fields go. */
const asSent = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const EMPTY: readonly QueuedMutation[] = Object.freeze([]);

export interface MutationQueueOptions {
  /** The database (tests open a second instance to stand for a reload). */
  database?: () => Promise<ConsoleDb>;
}

/** The started queue: the signed-in member's. Starting another stops it. */
let startedQueue: MutationQueue | null = null;

export class MutationQueue {
  readonly staffId: StaffKey;
  private readonly db: () => Promise<ConsoleDb>;
  private listeners = new Set<() => void>();
  private replayListeners = new Set<(outcome: ReplayOutcome) => void>();
  private snapshot: readonly QueuedMutation[] = EMPTY;
  private watch: { unsubscribe: () => void } | null = null;
  private draining: Promise<void> | null = null;
  private drainAgain = false;

  constructor(staffId: string | number, options: MutationQueueOptions = {}) {
    this.staffId = staffKey(staffId);
    this.db = options.database ?? getConsoleDb;
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  /** Allows replay (sign-in of this member). Any other member's queue stops. */
  start(): void {
    if (startedQueue && startedQueue !== this) startedQueue.stop();
    startedQueue = this;
  }

  /** Stops replay after the item in flight (logout, 401). The items stay stored. */
  stop(): void {
    if (startedQueue === this) startedQueue = null;
  }

  get started(): boolean {
    return startedQueue === this;
  }

  // ---- store --------------------------------------------------------------------------------

  /** Stores an action at the end of the queue. */
  async enqueue(input: EnqueueInput): Promise<QueuedMutation> {
    const record: QueuedMutationRecord = {
      staffId: this.staffId,
      idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
      endpoint: input.endpoint,
      params: asSent(input.params) as QueuedMutationRecord['params'],
      body: asSent(input.body),
      query: asSent(input.query),
      label: input.label,
      resourceName: input.resourceName,
      invalidates: input.invalidates ? [...input.invalidates] : undefined,
      bulkIds: input.bulkIds ? [...input.bulkIds] : undefined,
      createdAt: Date.now(),
      status: 'queued',
    };
    const id = await (await this.db()).mutationQueue.add(record);
    return { ...record, id };
  }

  /** The member's items in creation order. */
  async list(): Promise<QueuedMutation[]> {
    return this.listIn(await this.db());
  }

  /** The read itself, awaiting only Dexie: a live query stops observing across other promises. */
  private listIn(db: ConsoleDb): Promise<QueuedMutation[]> {
    return db.mutationQueue.where('staffId').equals(this.staffId).sortBy('id') as Promise<QueuedMutation[]>;
  }

  /** Removes an item (Cancel, or Dismiss of a failed one). An item being sent cannot be taken back. */
  async cancel(id: number): Promise<boolean> {
    const db = await this.db();
    return db.transaction('rw', db.mutationQueue, async () => {
      const item = await db.mutationQueue.get(id);
      if (!item || item.staffId !== this.staffId || item.status === 'sending') return false;
      await db.mutationQueue.delete(id);
      return true;
    });
  }

  /** Puts a failed item back in the queue and replays. */
  async retry(id: number): Promise<void> {
    const db = await this.db();
    await db.transaction('rw', db.mutationQueue, async () => {
      const item = await db.mutationQueue.get(id);
      if (!item || item.staffId !== this.staffId || item.status !== 'failed') return;
      await db.mutationQueue.put({
        ...item,
        status: 'queued',
        error: undefined,
        idempotencyKey: refusedOutright(item.error) ? newIdempotencyKey() : item.idempotencyKey,
      });
    });
    await this.replay();
  }

  // ---- change notifications (for the UI) ----------------------------------------------------

  /**
   * Calls `listener` whenever the member's items change, in this tab or another (Dexie's live
   * query); read them with `getSnapshot`.
   */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.watch) {
      // Dexie loads with the first subscriber; an unsubscribe before it arrived cancels the watch.
      let inner: { unsubscribe: () => void } | null = null;
      let cancelled = false;
      const watch = {
        unsubscribe: () => {
          cancelled = true;
          inner?.unsubscribe();
        },
      };
      this.watch = watch;
      void Promise.all([import('dexie'), this.db()]).then(([{ liveQuery }, db]) => {
        if (cancelled) return;
        inner = liveQuery(() => this.listIn(db)).subscribe({
          next: (items) => {
            this.snapshot = items.length === 0 ? EMPTY : items;
            for (const l of [...this.listeners]) l();
          },
          // No IndexedDB (private mode): nothing can have been queued.
          error: () => {},
        });
      });
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.watch?.unsubscribe();
        this.watch = null;
      }
    };
  };

  /** The items as last read by the subscription (empty before the first read). */
  getSnapshot = (): readonly QueuedMutation[] => this.snapshot;

  /** Calls `listener` with the outcome of every replayed item (notifications, reloading lists). */
  onReplayed(listener: (outcome: ReplayOutcome) => void): () => void {
    this.replayListeners.add(listener);
    return () => this.replayListeners.delete(listener);
  }

  // ---- replay -------------------------------------------------------------------------------

  /**
   * Sends the queued items in order; resolves when it stopped (queue empty, no connection, 401,
   * or the queue was stopped). A call while a replay runs joins it and makes it look once more.
   */
  replay(): Promise<void> {
    if (!this.started) return Promise.resolve();
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.drainAgain = false;
          await this.exclusively(() => this.drain());
        } while (this.drainAgain && this.started && !isBrowserOffline());
      } catch (error) {
        // IndexedDB failed under the replay: the items stay stored for the next attempt.
        console.error('[offline] replay of queued actions stopped', error);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** One tab replays a member's queue at a time (where the browser has Web Locks). */
  private async exclusively(run: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks?.request) return run();
    await locks.request(`panel-console-queue-${this.staffId}`, { ifAvailable: true }, async (lock) => {
      if (lock) await run();
    });
  }

  private async drain(): Promise<void> {
    const table = async () => (await this.db()).mutationQueue;
    while (this.started && !isBrowserOffline()) {
      // 'sending' here means a page closed mid-send: it goes again with the same key.
      const next = (await this.list()).find((item) => item.status !== 'failed');
      if (!next) return;
      const claimed = await (await table()).update(next.id, { status: 'sending' });
      if (claimed === 0) continue; // cancelled meanwhile
      const item: QueuedMutation = { ...next, status: 'sending' };
      let response: unknown;
      try {
        response = await this.send(item);
      } catch (error) {
        const verdict = judge(error);
        if (verdict.kind === 'stop') {
          await (await table()).update(item.id, { status: 'queued' });
          if (verdict.signedOut) this.stop();
          return;
        }
        await (await table()).update(item.id, { status: 'failed', error: verdict.error });
        this.report({ ok: false, item: { ...item, status: 'failed', error: verdict.error }, error: verdict.error });
        continue;
      }
      await (await table()).delete(item.id);
      this.report({ ok: true, item, response });
    }
  }

  private send(item: QueuedMutation): Promise<unknown> {
    // The endpoint name was checked against the contract when the action was declared.
    const call = api as (name: EndpointName, options: Record<string, unknown>) => Promise<unknown>;
    return call(item.endpoint as EndpointName, {
      params: item.params,
      body: item.body,
      query: item.query,
      headers: { [IDEMPOTENCY_KEY_HEADER]: item.idempotencyKey },
    });
  }

  private report(outcome: ReplayOutcome): void {
    for (const listener of [...this.replayListeners]) {
      try {
        listener(outcome);
      } catch (error) {
        console.error('[offline] a replay listener failed', error);
      }
    }
  }
}

const queues = new Map<StaffKey, MutationQueue>();

/** The queue of a staff member (one instance per member, shared by the runner and the UI). */
export function getMutationQueue(staffId: string | number): MutationQueue {
  const key = staffKey(staffId);
  let queue = queues.get(key);
  if (!queue) {
    queue = new MutationQueue(key);
    queues.set(key, queue);
  }
  return queue;
}
