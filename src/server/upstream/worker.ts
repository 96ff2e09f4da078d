import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { countersNotifier, type CountersNotifier } from '../realtime/counters';
import type { StepContext } from './attempts';
import { createSmmClient, type SmmClient } from './client';
import { followStep } from './follow';
import { queueStep } from './queue';
import { sendStep } from './send';
import { providerTarget } from './target';

/**
 * The order worker: moves orders through their providers (SMM API v2) by itself. Each round runs
 * three steps, in small batches:
 * 1. queue (queue.ts): orders in processing at a provider get an attempt (an external-panel order);
 * 2. send (send.ts): queued attempts are placed at their provider;
 * 3. follow (follow.ts): attempts the provider is working on take its status, and their orders the
 *    delivered count and, at the end, their ending.
 *
 * Every status change writes the order's change log (actor: the system). After a round that
 * changed orders it calls the counters notifier.
 */

export interface OrderWorkerOptions {
  /** Time between rounds (default 2000 ms). */
  intervalMs?: number;
  /** Orders queued, attempts sent and attempts polled per round (default 20, 20, 100). */
  queueBatch?: number;
  sendBatch?: number;
  pollBatch?: number;
  /**
   * The running server's base URL. Providers whose endpoint is the simulator on a loopback host
   * (`http://127.0.0.1:<any port>/provider-sim/api/v2`) are called here instead, so the demo
   * provider keeps working when the port changes.
   */
  simulatorBaseUrl?: string;
  /** HTTP for the SMM client (tests). */
  fetch?: typeof fetch;
  /** Per-request timeout of the SMM client (default 15 s). */
  timeoutMs?: number;
  /** The clock of the clients' rate-limit pauses (tests). */
  now?: () => number;
  /** Told after commits that change counted orders; default: one built on deps.publish. */
  counters?: Pick<CountersNotifier, 'changed'>;
  onError?: (error: unknown) => void;
}

export interface WorkerRound {
  queued: number;
  sent: number;
  failed: number;
  polled: number;
  ordersChanged: number;
}

export interface OrderWorker {
  /** One round: queue, send, follow. Rounds never overlap. */
  runOnce(): Promise<WorkerRound>;
  /** Stops the timer and waits for a running round to end. */
  stop(): Promise<void>;
}

export function createOrderWorker(
  deps: Pick<AppDeps, 'database' | 'publish'>,
  options: OrderWorkerOptions = {},
): OrderWorker & { counters: Pick<CountersNotifier, 'changed'> } {
  const ownNotifier = options.counters ? null : countersNotifier({ database: deps.database as Pick<Database, 'db'>, publish: deps.publish });
  const counters = options.counters ?? ownNotifier!;
  const clients = new Map<string, SmmClient>();
  const ctx: StepContext = {
    db: deps.database.db,
    onError: options.onError ?? ((e: unknown) => console.error('[order-worker]', e)),
    clientFor(a) {
      const { url: endpoint, trusted } = providerTarget(a.endpoint, { on: !!options.simulatorBaseUrl, origin: options.simulatorBaseUrl });
      const key = `${endpoint}\n${a.api_token}`;
      let client = clients.get(key);
      if (!client) {
        client = createSmmClient({ endpoint, apiKey: a.api_token, fetch: options.fetch, timeoutMs: options.timeoutMs, trusted, now: options.now });
        clients.set(key, client);
      }
      return client;
    },
  };
  const queue = queueStep(ctx, options.queueBatch ?? 20);
  const send = sendStep(ctx, options.sendBatch ?? 20);
  const follow = followStep(ctx, options.pollBatch ?? 100);

  let running: Promise<WorkerRound> | null = null;
  const runOnce = (): Promise<WorkerRound> => {
    running ??= (async () => {
      try {
        const queued = await queue();
        const { sent, failed } = await send();
        const { polled, ordersChanged } = await follow();
        if (ordersChanged > 0) counters.changed();
        return { queued, sent, failed, polled, ordersChanged };
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    counters,
    runOnce,
    async stop() {
      await running?.catch(() => undefined);
      // The last broadcast goes out before the caller closes the database.
      await ownNotifier?.flush();
      ownNotifier?.close();
    },
  };
}

/**
 * Starts the worker on a timer (every `intervalMs`, default 2 s; a round never overlaps the next).
 * With the simulator turned off (`SIMULATOR=off`), or answering API calls only (`SIMULATOR=api`),
 * nothing starts and stop() resolves at once.
 */
export function startOrderWorker(deps: Pick<AppDeps, 'database' | 'publish' | 'config'>, options: OrderWorkerOptions = {}): OrderWorker {
  if (!deps.config.simulator || deps.config.simulatorBackground === false) {
    return { runOnce: async () => ({ queued: 0, sent: 0, failed: 0, polled: 0, ordersChanged: 0 }), stop: async () => {} };
  }
  const worker = createOrderWorker(deps, options);
  const onError = options.onError ?? ((e: unknown) => console.error('[order-worker]', e));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const loop = () => {
    timer = setTimeout(async () => {
      timer = null;
      try {
        await worker.runOnce();
      } catch (e) {
        onError(e);
      }
      if (!stopped) loop();
    }, options.intervalMs ?? 2000);
  };
  loop();
  return {
    runOnce: worker.runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await worker.stop();
    },
  };
}
