import { sql } from 'drizzle-orm';
import { COMBO_ORDER_ACTIONS, type ComboAction } from '../../../contract/combo-orders/actions';
import { writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import { comboOrders } from './schema';
import type { Actor } from '../../deps';
import { defineRecord } from '../../kit/records';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { notifyCountersChanged } from '../../realtime/counters';

/**
 * Approve, reject and complete a combo order (label, from-statuses and endpoint: the contract's
 * COMBO_ORDER_ACTIONS). Each is a declared transition of the combo order (409
 * "Combo order 12 cannot be approved: it is in processing.")
 * whose effects carry its orders along in the same transaction, each set by one conditional update:
 * - approve: in_moderation -> in_processing; its orders waiting in moderation go to processing;
 * - reject: in_moderation -> canceled; its orders that have not started (in moderation, unpaid)
 *   are canceled and what was paid for them goes back to the customer's balance (user row locked,
 *   one refund transaction per order, balance and spent moved by the same amounts);
 * - complete: in_processing -> completed; its orders in processing or stopped are completed.
 * The combo's audit entry lists the orders it moved (and the refund); each order gets its own
 * change-log entry.
 */
export type { ComboAction };

export const comboOrderRecord = defineRecord({ table: comboOrders, thing: 'Combo order', type: 'combo_order' });

interface Carried {
  orders: number[];
  refunded?: string;
}

const children = (comboId: number) => sql`source_type = 'combo_order' AND source_id = ${comboId}`;

async function logOrders(q: Queryable, actor: Actor, action: ComboAction, event: string, comboId: number, orderIds: readonly number[]) {
  for (const orderId of orderIds) {
    await writeChangeLog(q, actor, {
      actionType: action,
      modelType: 'order',
      modelId: orderId,
      information: `Order ${orderId} ${event} with combo order ${comboId}.`,
    });
  }
}

const moved = (found: { id: number }[]) => found.map((r) => r.id);

export const comboTransitions = {
  approve: defineTransition({
    record: comboOrderRecord,
    action: 'approve',
    event: COMBO_ORDER_ACTIONS.approve.past,
    from: COMBO_ORDER_ACTIONS.approve.from,
    set: sql`status = 'in_processing', approved_at = now()`,
    permission: endpointPermission(COMBO_ORDER_ACTIONS.approve.endpoint),
    effects: async (tx, actor, { id }): Promise<Carried> => {
      const orders = moved(
        await rows<{ id: number }>(
          tx,
          sql`UPDATE orders SET status = 'in_processing', updated_at = now()
          WHERE ${children(id)} AND status = 'in_moderation' RETURNING id::int AS id`,
        ),
      );
      await logOrders(tx, actor, 'approve', 'approved', id, orders);
      return { orders };
    },
    information: ({ id, effects }) => `Combo order ${id} approved; ${effects.orders.length} of its orders moved to processing.`,
    afterCommit: (deps) => notifyCountersChanged(deps),
  }),

  reject: defineTransition({
    record: comboOrderRecord,
    action: 'reject',
    event: COMBO_ORDER_ACTIONS.reject.past,
    from: COMBO_ORDER_ACTIONS.reject.from,
    set: sql`status = 'canceled', canceled_at = now()`,
    permission: endpointPermission(COMBO_ORDER_ACTIONS.reject.endpoint),
    returning: ['userId'],
    effects: async (tx, actor, { id, row }): Promise<Carried> => {
      // Lock the customer before touching money, as every balance change does.
      await tx.execute(sql`SELECT id FROM users WHERE id = ${row.userId as number} FOR UPDATE`);
      const canceled = await rows<{ id: number; user_id: number | null; refund: string; total: string }>(
        tx,
        sql`WITH old AS (
              SELECT id, GREATEST((CASE WHEN is_paid THEN price ELSE 0 END) - refund_amount, 0) AS refund
                FROM orders WHERE ${children(id)} AND status IN ('in_moderation', 'unpaid') FOR UPDATE
            ), done AS (
              UPDATE orders o SET status = 'canceled', refund_amount = o.refund_amount + old.refund,
                     cancel_description = ${`Combo order ${id} rejected.`}, canceled_at = now(), has_no_active_providers = false,
                     updated_at = now()
                FROM old WHERE o.id = old.id
              RETURNING o.id::int AS id, o.user_id, old.refund
            )
            SELECT id, user_id, refund::text AS refund, (SELECT sum(refund) FROM done)::numeric(14,4)::text AS total FROM done ORDER BY id`,
      );
      for (const order of canceled) {
        if (Number(order.refund) <= 0 || order.user_id === null) continue;
        await tx.execute(sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, order_id)
          VALUES (${order.user_id}, ${order.refund}::numeric, 'main', 'refund', 'income', ${`Refund for order #${order.id} (combo order #${id} rejected)`}, ${order.id})`);
        await tx.execute(sql`UPDATE users SET balance = balance + ${order.refund}::numeric, spent = GREATEST(spent - ${order.refund}::numeric, 0),
          updated_at = now() WHERE id = ${order.user_id}`);
      }
      const orders = moved(canceled);
      await logOrders(tx, actor, 'reject', 'rejected', id, orders);
      return { orders, refunded: canceled[0]?.total ?? '0.0000' };
    },
    information: ({ id, effects }) => `Combo order ${id} rejected; ${effects.orders.length} of its orders rejected, ${effects.refunded} refunded.`,
    afterCommit: (deps) => notifyCountersChanged(deps),
  }),

  complete: defineTransition({
    record: comboOrderRecord,
    action: 'complete',
    event: COMBO_ORDER_ACTIONS.complete.past,
    from: COMBO_ORDER_ACTIONS.complete.from,
    set: sql`status = 'completed', completed_at = now()`,
    permission: endpointPermission(COMBO_ORDER_ACTIONS.complete.endpoint),
    effects: async (tx, actor, { id }): Promise<Carried> => {
      const orders = moved(
        await rows<{ id: number }>(
          tx,
          sql`UPDATE orders SET status = 'completed', completed_at = now(), has_no_active_providers = false, updated_at = now()
          WHERE ${children(id)} AND status IN ('in_processing', 'stopped') RETURNING id::int AS id`,
        ),
      );
      await logOrders(tx, actor, 'complete', 'completed', id, orders);
      return { orders };
    },
    information: ({ id, effects }) => `Combo order ${id} completed; ${effects.orders.length} of its orders completed.`,
    afterCommit: (deps) => notifyCountersChanged(deps),
  }),
} satisfies Record<ComboAction, unknown>;

export async function countInModeration(q: Queryable): Promise<number> {
  const row = await one<{ count: number }>(q, sql`SELECT count(*)::int AS count FROM combo_orders WHERE status = 'in_moderation'`);
  return row?.count ?? 0;
}
