import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/orders';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, fieldError, notFound } from '../../http/errors';
import { displayMoney } from '../../kit/ledger';
import { defaultRefundSql, refundableSql } from './money';
import { cannotMessage, STATUS_WORDS } from './rules';
import { ORDER_ACTIONS } from '../../../contract/orders/actions';

/**
 * Cancel and reject: the order becomes canceled and, when money goes back,
 * the refund is applied in the same database transaction as the state change:
 *
 * 1. the customer's row is locked first (`SELECT … FOR UPDATE`), then the order — always in this
 *    order, so two refunds of one customer queue instead of deadlocking;
 * 2. one conditional update cancels the order and adds the refund to `refund_amount`, only while
 *    the status allows it AND the refund fits in what was paid minus earlier refunds (the amount
 *    is computed from the locked row, so the default refund is exact under concurrency);
 * 3. a 'refund' transaction (balance type main, with the order id) is inserted and the balance
 *    grows by the same amount, so balance == SUM(main transactions) holds after commit.
 *
 * Run it inside a transaction; it throws 404 (no order), 409 (state) or 422 on `amount` (more
 * than refundable) and then changes nothing.
 */
export interface CancelInput {
  action: 'cancel' | 'reject';
  /** A cancel_reasons value (null for reject). */
  cancelReason: string | null;
  cancelDescription: string | null;
  returnMoney: boolean;
  /** Decimal string; null: the default refund amount (reject: everything refundable). */
  amount: string | null;
  sendEmailNotification: boolean;
}

export interface CancelOutcome {
  orderId: number;
  /** Decimal string, '0.0000' without a refund. */
  refunded: string;
}

interface CanceledRow {
  id: number | string;
  user_id: number | null;
  old_status: OrderStatus;
  old_refund_amount: string;
  new_refund_amount: string;
  old_has_no_active_providers: boolean;
  refunded: string;
}

export async function cancelOrder(q: Queryable, actor: Actor, orderId: number, input: CancelInput): Promise<CancelOutcome> {
  const rule = ORDER_ACTIONS[input.action];
  const order = await one<{ user_id: number | null }>(q, sql`SELECT user_id FROM orders WHERE id = ${orderId}`);
  if (!order) throw notFound(`Order ${orderId}`);
  // user_id never changes, so reading it before the locks is safe; the user row is locked first.
  const user =
    order.user_id === null
      ? undefined
      : await one<{ id: number; email: string; balance: string }>(
          q,
          sql`SELECT id, email, balance::text AS balance FROM users WHERE id = ${order.user_id} FOR UPDATE`,
        );

  const refund: SQL = !input.returnMoney
    ? sql`0`
    : input.amount !== null
      ? sql`${input.amount}::numeric`
      : input.action === 'reject'
        ? refundableSql('old')
        : defaultRefundSql('old');

  const canceled = await one<CanceledRow>(
    q,
    sql`WITH old AS (
          SELECT * FROM orders WHERE id = ${orderId} AND status IN ${[...rule.from]} FOR UPDATE
        ), r AS (
          SELECT old.*, (${refund})::numeric(14,4) AS refund FROM old
        )
        UPDATE orders o SET status = 'canceled', refund_amount = o.refund_amount + r.refund,
               cancel_reason = ${input.cancelReason}, cancel_description = ${input.cancelDescription},
               canceled_at = now(), has_no_active_providers = false, updated_at = now()
          FROM r
         WHERE o.id = r.id AND r.refund >= 0 AND r.refund <= ${refundableSql('r')}
        RETURNING o.id, o.user_id, r.status AS old_status, r.refund_amount::text AS old_refund_amount,
          o.refund_amount::text AS new_refund_amount, r.has_no_active_providers AS old_has_no_active_providers,
          r.refund::text AS refunded`,
  );

  if (!canceled) {
    const now = await one<{ status: OrderStatus; refundable: string }>(
      q,
      sql`SELECT status, ${refundableSql('o')}::text AS refundable FROM orders o WHERE id = ${orderId}`,
    );
    if (!now) throw notFound(`Order ${orderId}`);
    if (!rule.from.includes(now.status)) throw conflict(cannotMessage(orderId, input.action, now.status));
    throw fieldError('amount', `The amount may not be greater than ${displayMoney(now.refundable)}.`);
  }

  const refunded = canceled.refunded;
  const hasRefund = Number(refunded) > 0;
  let balance: { old: string; new: string } | null = null;
  if (hasRefund) {
    // A refund only exists for a paid order, and a paid order always has a user (orders_paid_user_check).
    const userId = canceled.user_id!;
    await q.execute(sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, order_id)
      VALUES (${userId}, ${refunded}::numeric, 'main', 'refund', 'income', ${`Refund for order #${orderId}`}, ${orderId})`);
    const updated = await one<{ balance: string }>(
      q,
      sql`UPDATE users SET balance = balance + ${refunded}::numeric, spent = GREATEST(spent - ${refunded}::numeric, 0)
           WHERE id = ${userId} RETURNING balance::text AS balance`,
    );
    balance = { old: user!.balance, new: updated!.balance };
    await writeAudit(q, actor, {
      event: 'refunded',
      auditableType: 'user',
      auditableId: userId,
      oldValues: { balance: balance.old },
      newValues: { balance: balance.new, order_id: orderId, amount: refunded },
    });
  }

  const oldValues: Record<string, unknown> = { status: canceled.old_status, refund_amount: canceled.old_refund_amount };
  const newValues: Record<string, unknown> = {
    status: 'canceled',
    refund_amount: canceled.new_refund_amount,
    cancel_reason: input.cancelReason,
    cancel_description: input.cancelDescription,
    send_email_notification: input.sendEmailNotification,
  };
  if (canceled.old_has_no_active_providers) {
    oldValues.has_no_active_providers = true;
    newValues.has_no_active_providers = false;
  }
  const event = rule.past;
  await writeAudit(q, actor, { event, auditableType: 'order', auditableId: orderId, oldValues, newValues });

  const parts = [`Order ${orderId} ${event} (was ${STATUS_WORDS[canceled.old_status]}).`];
  if (input.cancelReason) parts.push(`Reason: ${input.cancelReason}${input.cancelDescription ? ` — ${input.cancelDescription}` : ''}.`);
  parts.push(hasRefund ? `Refunded ${displayMoney(refunded)} to ${user?.email ?? 'the customer'}.` : 'No refund.');
  if (input.sendEmailNotification) parts.push('E-mail notification requested.');
  await writeChangeLog(q, actor, { actionType: input.action, modelType: 'order', modelId: orderId, information: parts.join(' ') });

  return { orderId, refunded };
}

/** The default refund of the cancel dialog, or undefined when there is no such order. */
export async function defaultRefundAmount(q: Queryable, orderId: number): Promise<string | undefined> {
  const row = await one<{ amount: string }>(q, sql`SELECT ${defaultRefundSql('o')}::text AS amount FROM orders o WHERE id = ${orderId}`);
  return row?.amount;
}

/** The active cancel reason with this value, or undefined. */
export async function findCancelReason(q: Queryable, value: string): Promise<{ value: string; text: string } | undefined> {
  return one(q, sql`SELECT value, text FROM cancel_reasons WHERE value = ${value} AND is_active`);
}

export async function listCancelReasons(q: Queryable): Promise<{ value: string; text: string }[]> {
  return rows(q, sql`SELECT value, text FROM cancel_reasons WHERE is_active ORDER BY sorting, id`);
}
