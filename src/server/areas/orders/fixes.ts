import { sql } from 'drizzle-orm';
import { ORDER_ACTIONS } from '../../../contract/orders/actions';
import type { OrderStatus } from '../../../contract/orders';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, fieldError, notFound } from '../../http/errors';
import { displayMoney, lockUser, postTransaction } from '../../kit/ledger';
import { defaultRefundSql } from './money';
import { cannotMessage, STATUS_WORDS } from './rules';

/**
 * Manual fixes of an order at a provider (docs/upstream.md), for what the provider's answers left
 * undone or wrong:
 *
 * - Set partial: the provider delivered all but `remains` and will deliver no more. One conditional
 *   update completes the order with quantity − remains delivered and adds the refund — the
 *   undelivered share of what was paid less earlier refunds, computed by the database from the
 *   locked row — to refund_amount; the refund is posted through the ledger in the same transaction,
 *   the customer locked first. A second or concurrent request finds the order completed: 409, and
 *   nothing moves twice.
 * - Edit start count and remains: corrects what the provider reported (delivered = quantity −
 *   remains); moves no money and no status.
 */

interface PartialRow {
  user_id: number | null;
  old_status: OrderStatus;
  old_current_quantity: number;
  current_quantity: number;
  quantity: number;
  old_refund_amount: string;
  refund_amount: string;
  refunded: string;
}

export async function setOrderPartial(q: Queryable, actor: Actor, orderId: number, remains: number): Promise<{ refunded: string }> {
  const rule = ORDER_ACTIONS.setPartial;
  const order = await one<{ user_id: number | null; quantity: number }>(q, sql`SELECT user_id, quantity FROM orders WHERE id = ${orderId}`);
  if (!order) throw notFound(`Order ${orderId}`);
  if (remains >= order.quantity) throw fieldError('remains', `The remains must be less than the order's quantity (${order.quantity}).`);
  // The customer first, then the order: the lock order of every balance change.
  if (order.user_id !== null) await lockUser(q, order.user_id);

  const done = await one<PartialRow>(
    q,
    sql`WITH old AS (
          SELECT * FROM orders WHERE id = ${orderId} AND status IN ${[...rule.from]} AND quantity > ${remains} FOR UPDATE
        ), p AS (
          SELECT old.id, old.is_paid, old.price, old.refund_amount, old.quantity, (old.quantity - ${remains})::int AS current_quantity FROM old
        ), r AS (
          SELECT old.*, p.current_quantity AS new_current_quantity, (${defaultRefundSql('p')})::numeric(14,4) AS refund FROM old JOIN p ON p.id = old.id
        )
        UPDATE orders o SET status = 'completed', current_quantity = r.new_current_quantity, refund_amount = o.refund_amount + r.refund,
               completed_at = now(), has_no_active_providers = false, updated_at = now()
          FROM r
         WHERE o.id = r.id
        RETURNING o.user_id, r.status AS old_status, r.current_quantity AS old_current_quantity, o.current_quantity, o.quantity,
          r.refund_amount::text AS old_refund_amount, o.refund_amount::text AS refund_amount, r.refund::text AS refunded`,
  );
  if (!done) {
    const now = await one<{ status: OrderStatus }>(q, sql`SELECT status FROM orders WHERE id = ${orderId}`);
    if (!now) throw notFound(`Order ${orderId}`);
    throw conflict(cannotMessage(orderId, 'setPartial', now.status));
  }
  if (Number(done.refunded) > 0) {
    await postTransaction(q, actor, {
      userId: done.user_id!,
      amount: done.refunded,
      type: 'refund',
      comment: `Refund for order #${orderId} (partial: ${done.current_quantity} of ${done.quantity} delivered)`,
      orderId,
      countsAsSpending: true,
    });
  }
  await writeAudit(q, actor, {
    event: rule.past,
    auditableType: 'order',
    auditableId: orderId,
    oldValues: { status: done.old_status, current_quantity: done.old_current_quantity, refund_amount: done.old_refund_amount },
    newValues: { status: 'completed', current_quantity: done.current_quantity, refund_amount: done.refund_amount, remains },
  });
  await writeChangeLog(q, actor, {
    actionType: 'set_partial',
    modelType: 'order',
    modelId: orderId,
    information: `Order ${orderId} set partial (was ${STATUS_WORDS[done.old_status]}): ${done.current_quantity} of ${done.quantity} delivered, ${remains} not. ${
      Number(done.refunded) > 0 ? `Refunded ${displayMoney(done.refunded)}.` : 'No refund.'
    }`,
  });
  return { refunded: done.refunded };
}

export async function editOrderCounts(q: Queryable, actor: Actor, orderId: number, input: { startCount?: number | null; remains: number }): Promise<void> {
  const rule = ORDER_ACTIONS.editCounts;
  const order = await one<{ quantity: number }>(q, sql`SELECT quantity FROM orders WHERE id = ${orderId}`);
  if (!order) throw notFound(`Order ${orderId}`);
  if (input.remains > order.quantity) throw fieldError('remains', `The remains may not be greater than the order's quantity (${order.quantity}).`);
  const startCount = input.startCount === undefined ? sql`o.start_count` : sql`${input.startCount}::int`;
  const edited = await one<{ old_start_count: number | null; old_current_quantity: number; start_count: number | null; current_quantity: number }>(
    q,
    sql`WITH old AS (SELECT id, start_count, current_quantity FROM orders WHERE id = ${orderId} AND status IN ${[...rule.from]} FOR UPDATE)
        UPDATE orders o SET start_count = ${startCount}, current_quantity = o.quantity - ${input.remains}, updated_at = now()
          FROM old WHERE o.id = old.id
        RETURNING old.start_count AS old_start_count, old.current_quantity AS old_current_quantity, o.start_count, o.current_quantity`,
  );
  if (!edited) {
    const now = await one<{ status: OrderStatus }>(q, sql`SELECT status FROM orders WHERE id = ${orderId}`);
    throw conflict(`Order ${orderId} cannot have its start count and remains edited: it is ${STATUS_WORDS[now!.status]}.`);
  }
  await writeAudit(q, actor, {
    event: 'counts_edited',
    auditableType: 'order',
    auditableId: orderId,
    oldValues: { start_count: edited.old_start_count, current_quantity: edited.old_current_quantity },
    newValues: { start_count: edited.start_count, current_quantity: edited.current_quantity },
  });
  await writeChangeLog(q, actor, {
    actionType: 'edit_counts',
    modelType: 'order',
    modelId: orderId,
    information: `Start count ${edited.old_start_count ?? '—'} -> ${edited.start_count ?? '—'}; delivered ${edited.old_current_quantity} -> ${edited.current_quantity} (remains ${input.remains}).`,
  });
}
