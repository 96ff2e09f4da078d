import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/orders';
import { writeAudit, writeChangeLog } from '../../audit';
import { rows, type Queryable } from '../../db/client';
import type { Actor } from '../../http/context';
import { conflict, notFound, type HttpError } from '../../http/errors';
import { utcText } from '../../table';
import { cannotMessage, ORDER_ACTION_RULES, STATUS_WORDS, type OrderAction } from './rules';

/**
 * Approve, activate, pause and complete (operations.md §4): state changes that move no money.
 * Each is one conditional update inside the caller's transaction — it changes only orders whose
 * status the rule allows, locking them in id order (so two bulk calls over the same orders cannot
 * deadlock) and reading the old values under the same lock, so two staff members acting at once
 * cannot both succeed and the audit entry records what was really there.
 */
export type SimpleOrderAction = 'approve' | 'activate' | 'pause' | 'complete';

interface SimpleTransition {
  to: OrderStatus;
  set: SQL;
  event: string;
}

const TRANSITIONS: Record<SimpleOrderAction, SimpleTransition> = {
  approve: { to: 'in_processing', set: sql`status = 'in_processing'`, event: 'approved' },
  activate: { to: 'in_processing', set: sql`status = 'in_processing'`, event: 'activated' },
  pause: { to: 'stopped', set: sql`status = 'stopped'`, event: 'paused' },
  // A final state is never counted as "no providers" (the live counter counts the flag).
  complete: { to: 'completed', set: sql`status = 'completed', completed_at = now(), has_no_active_providers = false`, event: 'completed' },
};

export interface OrderFailure {
  id: number;
  error: HttpError;
}

export interface OrderBulkOutcome {
  done: number[];
  failed: OrderFailure[];
}

interface ChangedRow {
  id: number | string;
  old_status: OrderStatus;
  new_status: OrderStatus;
  completed_at: string | null;
  old_has_no_active_providers: boolean;
}

/** Why each of these orders could not take the action: missing (404) or in the wrong state (409). */
export async function explainFailures(q: Queryable, action: OrderAction, ids: readonly number[]): Promise<OrderFailure[]> {
  if (ids.length === 0) return [];
  const existing = await rows<{ id: number | string; status: OrderStatus }>(q, sql`SELECT id, status FROM orders WHERE id IN ${ids}`);
  const statusOf = new Map(existing.map((r) => [Number(r.id), r.status]));
  return ids.map((id) => {
    const status = statusOf.get(id);
    return { id, error: status === undefined ? notFound(`Order ${id}`) : conflict(cannotMessage(id, action, status)) };
  });
}

/** Applies one action to the listed orders; writes an audit and a change-log entry for each changed order. */
export async function applyTransition(q: Queryable, actor: Actor, action: SimpleOrderAction, orderIds: readonly number[]): Promise<OrderBulkOutcome> {
  const t = TRANSITIONS[action];
  const from = ORDER_ACTION_RULES[action].from;
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return { done: [], failed: [] };

  const changed = await rows<ChangedRow>(
    q,
    sql`WITH old AS (
          SELECT id, status, has_no_active_providers FROM orders
           WHERE id IN ${ids} AND status IN ${[...from]}
           ORDER BY id
           FOR UPDATE
        )
        UPDATE orders o SET ${t.set}, updated_at = now()
          FROM old
         WHERE o.id = old.id AND o.status IN ${[...from]}
        RETURNING o.id, old.status AS old_status, o.status AS new_status, ${utcText(sql`o.completed_at`)} AS completed_at,
          old.has_no_active_providers AS old_has_no_active_providers`,
  );

  for (const row of changed) {
    const id = Number(row.id);
    const newValues: Record<string, unknown> = { status: row.new_status };
    const oldValues: Record<string, unknown> = { status: row.old_status };
    if (action === 'complete') {
      newValues.completed_at = row.completed_at;
      oldValues.completed_at = null;
      if (row.old_has_no_active_providers) {
        oldValues.has_no_active_providers = true;
        newValues.has_no_active_providers = false;
      }
    }
    await writeAudit(q, actor, { event: t.event, auditableType: 'order', auditableId: id, oldValues, newValues });
    await writeChangeLog(q, actor, {
      actionType: action,
      modelType: 'order',
      modelId: id,
      information: `Order ${id} ${t.event} (was ${STATUS_WORDS[row.old_status]}).`,
    });
  }

  const doneIds = new Set(changed.map((r) => Number(r.id)));
  const failed = await explainFailures(
    q,
    action,
    ids.filter((id) => !doneIds.has(id)),
  );
  return { done: ids.filter((id) => doneIds.has(id)), failed };
}

/** One order: throws 404 when there is no such order and 409 when its state does not allow the action. */
export async function transitionOne(q: Queryable, actor: Actor, action: SimpleOrderAction, orderId: number): Promise<void> {
  const { failed } = await applyTransition(q, actor, action, [orderId]);
  if (failed[0]) throw failed[0].error;
}
