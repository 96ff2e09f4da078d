import { sql } from 'drizzle-orm';
import type { ExternalPanelOrderStatus } from '../../contract/external-panel-orders';
import { writeChangeLog } from '../audit';
import { one, rows, type Database, type Queryable } from '../db/client';
import type { Actor, AppDeps } from '../deps';
import { countersNotifier, type CountersNotifier } from '../realtime/counters';
import { createSmmClient, providerTarget, type SmmClient, type SmmOrderStatus, type SmmResult } from './client';

/**
 * The order worker: moves orders through their providers (SMM API v2) by itself.
 *
 * Each round, in small batches:
 * 1. queue: an order in processing with a provider and no external id gets an attempt (an
 *    external-panel order, status creating) for `provider_quantity`, or what it still lacks;
 * 2. send: each queued attempt is claimed by a conditional update, then placed with `add`; the
 *    provider's order id becomes the attempt's and the order's external_id. A refusal (`{error}`) or
 *    no answer is written to the attempt's `error`, which makes it recreatable; it is never retried
 *    on its own (the provider may have placed it anyway);
 * 3. follow: attempts the provider is working on are polled with one multi-status call per
 *    provider; the attempt takes the provider's status, charge, start count and remains, and its
 *    order the delivered count (what it had before the attempt + quantity − remains).
 *
 * The order's ending: Completed -> the order is completed (completed_at set) once everything
 * ordered was delivered. Partial and Canceled -> the order is stopped with what was delivered: it
 * is not finished, and staff decide — recreate the rest at a provider, complete it as it is, or
 * cancel it with a refund — since the worker never moves money. An order that is completed or
 * canceled is never touched: every update is conditional on the order's status.
 *
 * Every status change (attempt or order) writes the order's change log (actor: the system);
 * quantity-only progress updates the order without a log line, or the log would grow every round.
 * After changes that move a counter it calls the counters notifier. A drip feed or combo order whose
 * orders are all finished is completed with them.
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

const SYSTEM: Actor = { staffId: null, ip: null, userAgent: 'order-worker' };

const STATUS_FROM_PROVIDER: Record<string, ExternalPanelOrderStatus> = {
  pending: 'pending',
  'in progress': 'in_progress',
  processing: 'processing',
  completed: 'completed',
  partial: 'partial',
  canceled: 'canceled',
  cancelled: 'canceled',
};
const ACTIVE: readonly ExternalPanelOrderStatus[] = ['pending', 'in_progress', 'processing'];
/** A claimed attempt without an answer for this long is given up (the process died mid-call). */
const STALE_CLAIM = sql`interval '5 minutes'`;

/**
 * The URL called for a provider endpoint: simulated-panel endpoints on a loopback host go to the
 * running server (see providerTarget in client.ts); others are left alone.
 */
export function resolveEndpoint(endpoint: string, simulatorBaseUrl?: string): string {
  return providerTarget(endpoint, { on: !!simulatorBaseUrl, origin: simulatorBaseUrl }).url;
}

interface Attempt {
  id: number;
  order_id: number;
  provider_id: number;
  provider_name: string;
  endpoint: string;
  api_token: string;
  external_service_id: string | null;
  external_id: string | null;
  status: ExternalPanelOrderStatus;
  quantity: number;
  base_quantity: number;
  url: string;
}

interface OrderState {
  id: number;
  status: string;
  quantity: number;
  current_quantity: number;
  source_type: string | null;
  source_id: number | null;
}

export function createOrderWorker(deps: Pick<AppDeps, 'database' | 'publish'>, options: OrderWorkerOptions = {}): OrderWorker & { counters: Pick<CountersNotifier, 'changed'> } {
  const db = deps.database.db;
  const ownNotifier = options.counters ? null : countersNotifier({ database: deps.database as Pick<Database, 'db'>, publish: deps.publish });
  const counters = options.counters ?? ownNotifier!;
  const onError = options.onError ?? ((e: unknown) => console.error('[order-worker]', e));
  const clients = new Map<string, SmmClient>();
  const pollFailures = new Map<number, string>();

  const clientFor = (a: Pick<Attempt, 'endpoint' | 'api_token'>): SmmClient => {
    const { url: endpoint, trusted } = providerTarget(a.endpoint, { on: !!options.simulatorBaseUrl, origin: options.simulatorBaseUrl });
    const key = `${endpoint}\n${a.api_token}`;
    let client = clients.get(key);
    if (!client) {
      client = createSmmClient({ endpoint, apiKey: a.api_token, fetch: options.fetch, timeoutMs: options.timeoutMs, trusted });
      clients.set(key, client);
    }
    return client;
  };

  /** 1. Orders waiting for a provider attempt get one. */
  async function queue(): Promise<number> {
    const created = await rows<{ id: number }>(
      db,
      sql`INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, base_quantity, url)
          SELECT o.id, o.provider_id,
                 coalesce(ps.external_panel_service_id, (
                   SELECT ps2.external_panel_service_id FROM service_providers sp
                     JOIN provider_services ps2 ON ps2.id = sp.provider_service_id
                    WHERE sp.service_id = o.service_id AND ps2.external_panel_id = o.provider_id
                      AND sp.is_active AND ps2.status = 'active' AND NOT ps2.is_archived
                    ORDER BY sp.priority, ps2.id LIMIT 1)),
                 'creating', coalesce(o.provider_quantity, o.quantity - o.current_quantity), o.current_quantity, o.url
            FROM orders o
            LEFT JOIN provider_services ps ON ps.id = o.provider_service_id AND ps.external_panel_id = o.provider_id
            LEFT JOIN LATERAL (
              SELECT e.provider_id, e.external_id FROM external_panel_orders e WHERE e.order_id = o.id ORDER BY e.id DESC LIMIT 1
            ) last ON true
           WHERE o.status = 'in_processing' AND o.external_id IS NULL AND o.provider_id IS NOT NULL
             AND coalesce(o.provider_quantity, o.quantity - o.current_quantity) > 0
             -- The latest attempt blocks a new one while it is at this provider and was never
             -- accepted (queued, or refused: recreate decides). An accepted one whose id the order
             -- no longer carries was reset by change-provider, so the order goes again.
             AND (last.provider_id IS NULL OR last.provider_id <> o.provider_id OR last.external_id IS NOT NULL)
           ORDER BY o.id
           LIMIT ${options.queueBatch ?? 20}
          RETURNING id::int AS id`,
    );
    return created.length;
  }

  async function loadAttempts(where: ReturnType<typeof sql>, limit: number, order: ReturnType<typeof sql>): Promise<Attempt[]> {
    return rows<Attempt>(
      db,
      sql`SELECT e.id::int AS id, e.order_id::int AS order_id, e.provider_id, p.name AS provider_name, p.endpoint, p.api_token,
                 e.external_service_id, e.external_id, e.status, e.quantity, e.base_quantity, e.url
            FROM external_panel_orders e JOIN providers p ON p.id = e.provider_id
           WHERE ${where}
           ORDER BY ${order}
           LIMIT ${limit}`,
    );
  }

  /** 2. Queued attempts are placed at their provider. */
  async function send(): Promise<{ sent: number; failed: number }> {
    // Attempts claimed by a process that died before the provider answered are given up.
    await db.execute(sql`UPDATE external_panel_orders SET error = 'No answer from the provider while placing the order.', updated_at = now()
      WHERE status = 'creating' AND external_id IS NULL AND error IS NULL AND sent_at < now() - ${STALE_CLAIM}`);
    // Attempts whose order finished before they were sent are closed without calling anyone.
    await db.execute(sql`UPDATE external_panel_orders e SET status = 'canceled', error = 'The order was ' || o.status || ' before it was sent.', updated_at = now()
      FROM orders o WHERE o.id = e.order_id AND e.status = 'creating' AND e.external_id IS NULL AND e.error IS NULL
        AND e.sent_at IS NULL AND o.status IN ('completed', 'canceled')`);

    const queued = await loadAttempts(
      sql`e.status = 'creating' AND e.external_id IS NULL AND e.error IS NULL AND e.sent_at IS NULL
          AND EXISTS (SELECT 1 FROM orders o WHERE o.id = e.order_id AND o.status = 'in_processing')`,
      options.sendBatch ?? 20,
      sql`e.id`,
    );
    let sent = 0;
    let failed = 0;
    // Providers are called side by side; one slow provider only delays its own attempts.
    const byProvider = new Map<number, Attempt[]>();
    for (const a of queued) byProvider.set(a.provider_id, [...(byProvider.get(a.provider_id) ?? []), a]);
    await Promise.all(
      [...byProvider.values()].map(async (attempts) => {
        for (const a of attempts) {
          const claimed = await one(db, sql`UPDATE external_panel_orders SET sent_at = now(), updated_at = now()
            WHERE id = ${a.id} AND status = 'creating' AND sent_at IS NULL AND error IS NULL RETURNING id`);
          if (!claimed) continue;
          if (!a.external_service_id) {
            await fail(a, `The provider ${a.provider_name} has no service linked to this order's service.`);
            failed++;
            continue;
          }
          try {
            const { order } = await clientFor(a).add({ service: a.external_service_id, link: a.url, quantity: a.quantity });
            await accepted(a, order);
            sent++;
          } catch (e) {
            await fail(a, e instanceof Error ? e.message : String(e));
            failed++;
          }
        }
      }),
    );
    return { sent, failed };
  }

  async function fail(a: Attempt, message: string): Promise<void> {
    await db.transaction(async (tx) => {
      const marked = await one(tx, sql`UPDATE external_panel_orders SET error = ${message.slice(0, 1000)}, updated_at = now()
        WHERE id = ${a.id} AND status = 'creating' AND external_id IS NULL RETURNING id`);
      if (!marked) return;
      await writeChangeLog(tx, SYSTEM, {
        actionType: 'provider_refused',
        modelType: 'order',
        modelId: a.order_id,
        information: `${a.provider_name} did not accept the order (external-panel order ${a.id}): ${message}`,
      });
    });
  }

  async function accepted(a: Attempt, externalId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const marked = await one(tx, sql`UPDATE external_panel_orders SET external_id = ${externalId}, status = 'pending', error = NULL,
          remains = quantity, updated_at = now()
        WHERE id = ${a.id} AND status = 'creating' AND external_id IS NULL RETURNING id`);
      if (!marked) return;
      await tx.execute(sql`UPDATE orders SET external_id = ${externalId}, provider_id = ${a.provider_id}, updated_at = now()
        WHERE id = ${a.order_id} AND status NOT IN ('completed', 'canceled') AND external_id IS NULL`);
      await writeChangeLog(tx, SYSTEM, {
        actionType: 'provider_accepted',
        modelType: 'order',
        modelId: a.order_id,
        information: `Placed at ${a.provider_name} as order ${externalId} for ${a.quantity} (external-panel order ${a.id}).`,
      });
    });
  }

  /** 3. Attempts in progress take their provider's status. */
  async function follow(): Promise<{ polled: number; ordersChanged: number }> {
    const active = await loadAttempts(
      sql`e.status IN ('pending', 'in_progress', 'processing') AND e.external_id IS NOT NULL`,
      options.pollBatch ?? 100,
      sql`e.checked_at NULLS FIRST, e.id`,
    );
    const byProvider = new Map<string, Attempt[]>();
    for (const a of active) {
      const key = `${a.provider_id}`;
      byProvider.set(key, [...(byProvider.get(key) ?? []), a]);
    }
    let polled = 0;
    let ordersChanged = 0;
    for (const attempts of byProvider.values()) {
      let answers: Record<string, SmmResult<SmmOrderStatus>>;
      try {
        answers = await clientFor(attempts[0]).statuses(attempts.map((a) => a.external_id!));
      } catch (e) {
        // The provider is unreachable or refused the key: try again next round, oldest first.
        await db.execute(sql`UPDATE external_panel_orders SET checked_at = now() WHERE id IN ${attempts.map((a) => a.id)}`);
        // Said once per provider and message, not every round.
        const said = `${e instanceof Error ? e.message : String(e)}`;
        if (pollFailures.get(attempts[0].provider_id) !== said) {
          pollFailures.set(attempts[0].provider_id, said);
          onError(new Error(`Polling ${attempts[0].provider_name} failed: ${said}`));
        }
        continue;
      }
      pollFailures.delete(attempts[0].provider_id);
      for (const a of attempts) {
        const answer = answers[a.external_id!];
        polled++;
        if (await applyStatus(a, answer)) ordersChanged++;
      }
    }
    return { polled, ordersChanged };
  }

  /** Records one provider answer; true when the order's status changed. */
  async function applyStatus(a: Attempt, answer: SmmResult<SmmOrderStatus> | undefined): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!answer || 'error' in answer) {
        // The provider does not know the order: it is lost there, treat it as canceled.
        const message = answer && 'error' in answer ? answer.error : 'The provider did not report this order.';
        return applyOutcome(tx, a, { status: 'canceled', charge: null, startCount: null, remains: null, error: message });
      }
      const status = STATUS_FROM_PROVIDER[answer.status.trim().toLowerCase()];
      if (!status) {
        await tx.execute(sql`UPDATE external_panel_orders SET checked_at = now() WHERE id = ${a.id}`);
        return false;
      }
      return applyOutcome(tx, a, { status, charge: answer.charge, startCount: answer.startCount, remains: answer.remains, error: null });
    });
  }

  async function applyOutcome(
    tx: Queryable,
    a: Attempt,
    next: { status: ExternalPanelOrderStatus; charge: string | null; startCount: number | null; remains: number | null; error: string | null },
  ): Promise<boolean> {
    const chargeText = next.charge !== null && /^-?\d+(\.\d+)?$/.test(next.charge) ? next.charge : null;
    const updated = await one<{ remains: number | null }>(
      tx,
      sql`UPDATE external_panel_orders SET status = ${next.status}, charge = coalesce(${chargeText}::numeric, charge),
            start_count = coalesce(${next.startCount}, start_count), remains = coalesce(${next.remains}, remains),
            error = coalesce(${next.error}, error), checked_at = now(), updated_at = now()
          WHERE id = ${a.id} AND status IN ${[...ACTIVE]}
          RETURNING remains`,
    );
    if (!updated) return false;
    const attemptChanged = next.status !== a.status;

    const order = await one<OrderState>(
      tx,
      sql`SELECT id::int AS id, status, quantity, current_quantity, source_type, source_id::int AS source_id FROM orders
          WHERE id = ${a.order_id} AND external_id = ${a.external_id} AND provider_id = ${a.provider_id}
            AND status IN ('in_processing', 'stopped')
          FOR UPDATE`,
    );
    if (!order) {
      // The order moved on (another provider, or finished): only the attempt is recorded.
      if (attemptChanged) await logAttempt(tx, a, next.status, null);
      return false;
    }
    const remains = updated.remains ?? a.quantity;
    const delivered = Math.max(0, Math.min(order.quantity, a.base_quantity + a.quantity - remains));
    let orderStatus = order.status;
    if (next.status === 'completed') orderStatus = delivered >= order.quantity ? 'completed' : 'stopped';
    if (next.status === 'partial' || next.status === 'canceled') orderStatus = 'stopped';

    const changed = await one<{ status: string; current_quantity: number }>(
      tx,
      sql`UPDATE orders SET
            status = ${orderStatus},
            current_quantity = ${delivered},
            start_count = coalesce(start_count, ${next.startCount}),
            completed_at = CASE WHEN ${orderStatus} = 'completed' THEN now() ELSE completed_at END,
            updated_at = now()
          WHERE id = ${order.id} AND status = ${order.status}
            AND (status <> ${orderStatus} OR current_quantity <> ${delivered})
          RETURNING status, current_quantity`,
    );
    const statusChanged = !!changed && changed.status !== order.status;
    if (attemptChanged || statusChanged) await logAttempt(tx, a, next.status, changed ? { from: order.status, to: changed.status, delivered } : null);
    if (statusChanged && changed!.status === 'completed' && order.source_type && order.source_id !== null) {
      await completeParent(tx, order.source_type, order.source_id);
    }
    return statusChanged;
  }

  async function logAttempt(tx: Queryable, a: Attempt, status: ExternalPanelOrderStatus, order: { from: string; to: string; delivered: number } | null) {
    const parts = [`${a.provider_name} order ${a.external_id}: ${status.replace('_', ' ')}`];
    if (order) {
      parts.push(`${order.delivered} delivered`);
      if (order.from !== order.to) parts.push(`order ${order.from.replace('_', ' ')} -> ${order.to.replace('_', ' ')}`);
    }
    await writeChangeLog(tx, SYSTEM, { actionType: 'provider_status', modelType: 'order', modelId: a.order_id, information: `${parts.join('; ')}.` });
  }

  /** A drip feed (every run placed) or combo order whose orders are all finished is completed. */
  async function completeParent(tx: Queryable, sourceType: string, sourceId: number): Promise<void> {
    if (sourceType === 'drip_feed') {
      await tx.execute(sql`UPDATE drip_feeds d SET status = 'completed', completed_at = now(), next_run_at = NULL, updated_at = now()
        WHERE d.id = ${sourceId} AND d.status = 'in_processing'
          AND (SELECT count(*) FROM orders o WHERE o.source_type = 'drip_feed' AND o.source_id = d.id) >= d.runs
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.source_type = 'drip_feed' AND o.source_id = d.id AND o.status NOT IN ('completed', 'canceled'))`);
    } else if (sourceType === 'combo_order') {
      await tx.execute(sql`UPDATE combo_orders c SET status = 'completed', completed_at = now(), updated_at = now()
        WHERE c.id = ${sourceId} AND c.status = 'in_processing'
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.source_type = 'combo_order' AND o.source_id = c.id AND o.status NOT IN ('completed', 'canceled'))`);
    }
  }

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
