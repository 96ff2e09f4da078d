import { sql } from 'drizzle-orm';
import type { ExternalPanelOrderStatus } from '../../contract/external-panel-orders';
import { writeChangeLog } from '../audit';
import { one, type Queryable } from '../db/client';
import { loadAttempts, WORKER_ACTOR, type Attempt, type StepContext } from './attempts';
import { normalizeSmmStatus, type SmmOrderStatus, type SmmResult, type SmmStatus, type SmmUnreadable } from './answers';
import { SmmRateLimitError, SmmUnreadableError } from './client';

/**
 * Step 3 of a worker round: attempts the provider is working on are polled with one multi-status
 * call per provider; the attempt takes the provider's status, charge, start count and remains, and
 * its order the delivered count (what it had before the attempt + quantity − remains).
 *
 * The order's ending: Completed -> the order is completed (completed_at set) once everything
 * ordered was delivered. Partial and Canceled -> the order is stopped with what was delivered: it
 * is not finished, and staff decide — recreate the rest at a provider, complete it as it is, or
 * cancel it with a refund — since the worker never moves money. An order that is completed or
 * canceled is never touched: every update is conditional on the order's status.
 *
 * Every status change (attempt or order) writes the order's change log; quantity-only progress
 * updates the order without a log line, or the log would grow every round. A drip feed or combo
 * order whose orders are all finished is completed with them.
 *
 * What cannot be read is never guessed (docs/upstream.md): an entry about one order that is not a
 * status we know, or the provider's `{"error"}` about that order alone, is kept on the attempt
 * (`answer_raw`, `error`), the attempt is held (no longer followed) and its order stopped for a
 * human, with a line in its change log. A whole answer that cannot be read (an HTML page from a
 * CDN, a 5xx) is kept on each attempt of the call and retried next round; the third in a row
 * holds the attempt. A 429 only delays: the client pauses that provider as asked.
 */

const STATUS_FROM_PROVIDER: Record<SmmStatus, ExternalPanelOrderStatus> = {
  Pending: 'pending',
  'In progress': 'in_progress',
  Processing: 'processing',
  Completed: 'completed',
  Partial: 'partial',
  Canceled: 'canceled',
};
/** Whole answers that could not be read, in a row, before the attempt is held. */
export const UNREADABLE_HOLD_AFTER = 3;
const ACTIVE: readonly ExternalPanelOrderStatus[] = ['pending', 'in_progress', 'processing'];

interface OrderState {
  id: number;
  status: string;
  quantity: number;
  current_quantity: number;
  source_type: string | null;
  source_id: number | null;
}

interface Outcome {
  status: ExternalPanelOrderStatus;
  charge: string | null;
  startCount: number | null;
  remains: number | null;
  error: string | null;
}

export function followStep(ctx: StepContext, batch: number): () => Promise<{ polled: number; ordersChanged: number }> {
  const { db } = ctx;
  /** The last polling failure said per provider, so it is said once, not every round. */
  const pollFailures = new Map<number, string>();

  return async () => {
    const active = await loadAttempts(
      db,
      sql`e.status IN ('pending', 'in_progress', 'processing') AND e.external_id IS NOT NULL AND e.held_at IS NULL`,
      batch,
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
      let answers: Record<string, SmmResult<SmmOrderStatus> | SmmUnreadable>;
      try {
        answers = await ctx.clientFor(attempts[0]).statuses(attempts.map((a) => a.external_id!));
      } catch (e) {
        const ids = attempts.map((a) => a.id);
        if (e instanceof SmmUnreadableError) {
          // Kept on each attempt; the third in a row holds it (below). Not guessed either way.
          await db.execute(sql`UPDATE external_panel_orders SET checked_at = now(), answer_raw = ${e.raw},
              unreadable_count = unreadable_count + 1 WHERE id IN ${ids}`);
          for (const a of attempts) {
            const held = await db.transaction((tx) =>
              hold(tx, a, `${e.message} (${UNREADABLE_HOLD_AFTER} answers in a row could not be read)`, null, UNREADABLE_HOLD_AFTER),
            );
            if (held) ordersChanged++;
          }
        } else {
          // Unreachable, refused the key, or asked to wait (429): try again next round, oldest first.
          await db.execute(sql`UPDATE external_panel_orders SET checked_at = now() WHERE id IN ${ids}`);
        }
        // Said once per provider and message, not every round (a pause's countdown is not news).
        const said = e instanceof SmmRateLimitError ? 'rate limited' : `${e instanceof Error ? e.message : String(e)}`;
        if (pollFailures.get(attempts[0].provider_id) !== said) {
          pollFailures.set(attempts[0].provider_id, said);
          ctx.onError(new Error(`Polling ${attempts[0].provider_name} failed: ${e instanceof Error ? e.message : String(e)}`));
        }
        continue;
      }
      pollFailures.delete(attempts[0].provider_id);
      for (const a of attempts) {
        const answer = answers[a.external_id!];
        polled++;
        if (await applyStatus(ctx, a, answer)) ordersChanged++;
      }
    }
    return { polled, ordersChanged };
  };
}

/** Records one provider answer; true when the order's status changed. */
async function applyStatus(ctx: StepContext, a: Attempt, answer: SmmResult<SmmOrderStatus> | SmmUnreadable | undefined): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!answer) return hold(tx, a, 'The provider did not report this order in its answer.', null);
    if ('error' in answer) return hold(tx, a, `The provider answered for this order: ${answer.error}`, null);
    if ('unreadable' in answer) return hold(tx, a, "The provider's answer for this order could not be read.", answer.unreadable);
    const known = normalizeSmmStatus(answer.status);
    if (!known) return hold(tx, a, `The provider answered a status that is not known: "${answer.status.slice(0, 100)}".`, JSON.stringify(answer));
    await tx.execute(sql`UPDATE external_panel_orders SET unreadable_count = 0 WHERE id = ${a.id} AND unreadable_count <> 0`);
    const status = STATUS_FROM_PROVIDER[known];
    return applyOutcome(tx, a, { status, charge: answer.charge, startCount: answer.startCount, remains: answer.remains, error: null });
  });
}

/**
 * Holds an attempt for a human: no longer followed, the reason on it (and the answer, when one
 * came), its order stopped if it was in processing, one change-log line. With `after`, only once
 * the attempt's unreadable answers in a row reached it. True when the order was stopped.
 */
async function hold(tx: Queryable, a: Attempt, reason: string, raw: string | null, after = 0): Promise<boolean> {
  const held = await one(
    tx,
    sql`UPDATE external_panel_orders SET held_at = now(), error = ${reason.slice(0, 1000)}, answer_raw = coalesce(${raw}, answer_raw),
          checked_at = now(), updated_at = now()
        WHERE id = ${a.id} AND held_at IS NULL AND status IN ${[...ACTIVE]} AND unreadable_count >= ${after}
        RETURNING id`,
  );
  if (!held) return false;
  const stopped = await one(
    tx,
    sql`UPDATE orders SET status = 'stopped', updated_at = now()
        WHERE id = ${a.order_id} AND external_id = ${a.external_id} AND provider_id = ${a.provider_id} AND status = 'in_processing'
        RETURNING id`,
  );
  await writeChangeLog(tx, WORKER_ACTOR, {
    actionType: 'provider_held',
    modelType: 'order',
    modelId: a.order_id,
    information: `${a.provider_name} order ${a.external_id} is held for a member: ${reason}${stopped ? ' The order is stopped until someone decides.' : ''}`,
  });
  return !!stopped;
}

async function applyOutcome(tx: Queryable, a: Attempt, next: Outcome): Promise<boolean> {
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
  await writeChangeLog(tx, WORKER_ACTOR, { actionType: 'provider_status', modelType: 'order', modelId: a.order_id, information: `${parts.join('; ')}.` });
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
