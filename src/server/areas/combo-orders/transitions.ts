import { sql, type SQL } from 'drizzle-orm';
import type { ComboOrderStatus } from '../../../contract/combo-orders';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../http/context';
import { conflict, notFound } from '../../http/errors';

/**
 * Approve, reject and complete a combo order (operations.md §4 "Combo order"). Each is a
 * conditional update of the combo order inside the caller's transaction (zero rows -> 409), and
 * carries its orders along, each by its own conditional update:
 * - approve: in_moderation -> in_processing; its orders waiting in moderation go to processing;
 * - reject: in_moderation -> canceled; its orders that have not started (in moderation, unpaid)
 *   are canceled and what was paid for them goes back to the customer's balance (user row locked,
 *   one refund transaction per order, balance and spent moved by the same amounts);
 * - complete: in_processing -> completed; its orders in processing or stopped are completed.
 */
export type ComboAction = 'approve' | 'reject' | 'complete';

interface Rule {
  from: ComboOrderStatus;
  to: ComboOrderStatus;
  set: SQL;
  event: string;
}

const RULES: Record<ComboAction, Rule> = {
  approve: { from: 'in_moderation', to: 'in_processing', set: sql`status = 'in_processing', approved_at = now()`, event: 'approved' },
  reject: { from: 'in_moderation', to: 'canceled', set: sql`status = 'canceled', canceled_at = now()`, event: 'rejected' },
  complete: { from: 'in_processing', to: 'completed', set: sql`status = 'completed', completed_at = now()`, event: 'completed' },
};

export interface ComboTransitionResult {
  ordersChanged: number[];
  refunded: string;
}

export async function transitionComboOrder(q: Queryable, actor: Actor, action: ComboAction, id: number): Promise<ComboTransitionResult> {
  const rule = RULES[action];
  const changed = await one<{ id: number; user_id: number }>(
    q,
    sql`WITH old AS (SELECT id FROM combo_orders WHERE id = ${id} AND status = ${rule.from} FOR UPDATE)
        UPDATE combo_orders c SET ${rule.set}, updated_at = now() FROM old WHERE c.id = old.id
        RETURNING c.id, c.user_id`,
  );
  if (!changed) {
    const existing = await one<{ status: string }>(q, sql`SELECT status FROM combo_orders WHERE id = ${id}`);
    if (!existing) throw notFound('Combo order');
    const verb = { approve: 'approved', reject: 'rejected', complete: 'completed' }[action];
    throw conflict(`Combo order ${id} cannot be ${verb}: it is ${existing.status.replace('_', ' ')}.`);
  }

  const children = sql`source_type = 'combo_order' AND source_id = ${id}`;
  let ordersChanged: number[] = [];
  let refunded = '0.0000';
  if (action === 'approve') {
    ordersChanged = (
      await rows<{ id: number }>(q, sql`UPDATE orders SET status = 'in_processing', updated_at = now()
        WHERE ${children} AND status = 'in_moderation' RETURNING id::int AS id`)
    ).map((r) => r.id);
  } else if (action === 'complete') {
    ordersChanged = (
      await rows<{ id: number }>(q, sql`UPDATE orders SET status = 'completed', completed_at = now(), has_no_active_providers = false, updated_at = now()
        WHERE ${children} AND status IN ('in_processing', 'stopped') RETURNING id::int AS id`)
    ).map((r) => r.id);
  } else {
    // Lock the customer before touching money, as every balance change does.
    await q.execute(sql`SELECT id FROM users WHERE id = ${changed.user_id} FOR UPDATE`);
    const canceled = await rows<{ id: number; user_id: number | null; refund: string; total: string }>(
      q,
      sql`WITH old AS (
            SELECT id, GREATEST((CASE WHEN is_paid THEN price ELSE 0 END) - refund_amount, 0) AS refund
              FROM orders WHERE ${children} AND status IN ('in_moderation', 'unpaid') FOR UPDATE
          ), done AS (
            UPDATE orders o SET status = 'canceled', refund_amount = o.refund_amount + old.refund,
                   cancel_description = ${`Combo order ${id} rejected.`}, canceled_at = now(), has_no_active_providers = false,
                   updated_at = now()
              FROM old WHERE o.id = old.id
            RETURNING o.id::int AS id, o.user_id, old.refund
          )
          SELECT id, user_id, refund::text AS refund, (SELECT sum(refund) FROM done)::numeric(14,4)::text AS total FROM done ORDER BY id`,
    );
    ordersChanged = canceled.map((r) => r.id);
    for (const order of canceled) {
      if (Number(order.refund) <= 0 || order.user_id === null) continue;
      await q.execute(sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, order_id)
        VALUES (${order.user_id}, ${order.refund}::numeric, 'main', 'refund', 'income', ${`Refund for order #${order.id} (combo order #${id} rejected)`}, ${order.id})`);
      await q.execute(sql`UPDATE users SET balance = balance + ${order.refund}::numeric, spent = GREATEST(spent - ${order.refund}::numeric, 0),
        updated_at = now() WHERE id = ${order.user_id}`);
    }
    refunded = canceled[0]?.total ?? '0.0000';
  }

  await writeAudit(q, actor, {
    event: rule.event,
    auditableType: 'combo_order',
    auditableId: id,
    oldValues: { status: rule.from },
    newValues: { status: rule.to, orders: ordersChanged, ...(action === 'reject' ? { refunded } : {}) },
  });
  await writeChangeLog(q, actor, {
    actionType: action,
    modelType: 'combo_order',
    modelId: id,
    information: `Combo order ${id} ${rule.event}; ${ordersChanged.length} of its orders ${rule.event === 'approved' ? 'moved to processing' : rule.event}${
      action === 'reject' ? `, ${refunded} refunded` : ''
    }.`,
  });
  for (const orderId of ordersChanged) {
    await writeChangeLog(q, actor, {
      actionType: action,
      modelType: 'order',
      modelId: orderId,
      information: `Order ${orderId} ${rule.event === 'approved' ? 'approved' : rule.event} with combo order ${id}.`,
    });
  }
  return { ordersChanged, refunded };
}

export async function countInModeration(q: Queryable): Promise<number> {
  const row = await one<{ count: number }>(q, sql`SELECT count(*)::int AS count FROM combo_orders WHERE status = 'in_moderation'`);
  return row?.count ?? 0;
}
