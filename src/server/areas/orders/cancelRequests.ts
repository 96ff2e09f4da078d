import { sql } from 'drizzle-orm';
import { CANCEL_REQUESTS_TABLE, type CancelRequestRow, type CancelRequestStatus } from '../../../contract/cancel-requests';
import { CANCEL_REQUEST_ACTIONS } from '../../../contract/cancel-requests/actions';
import type { OrderStatus } from '../../../contract/orders';
import { ORDER_ACTIONS } from '../../../contract/orders/actions';
import { tableRequestSchema } from '../../../contract/table';
import { writeChangeLog } from '../../audit';
import type { CustomerAction, DemoCustomerBehaviour } from '../../customer-api/define';
import { customerActor, orderIdsOf } from '../../customer-api/orders';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor, AppDeps } from '../../deps';
import type { AppContext } from '../../http/context';
import { conflict, fieldError, HttpError, notFound } from '../../http/errors';
import { defineRecurringTask } from '../../jobs/tasks';
import { displayMoney } from '../../kit/ledger';
import { endpointPermission } from '../../kit/endpointPermission';
import { notifyCountersChanged } from '../../realtime/counters';
import { defineTable, utcText, type TableContext } from '../../table';
import { isUpstreamError, upstream, upstreamMessage } from '../../upstream/calls';
import { WORKER_ACTOR } from '../../upstream/attempts';
import { cancelOrder } from './cancel';

/**
 * Customers' cancel requests (docs/upstream.md). A customer asks through the customer API (`cancel`)
 * to cancel an open order of theirs; staff work the request on /cancel-requests:
 *
 * - Forward to provider: API v2 `cancel` for the order's id at its provider. An answer of `1` means
 *   the provider accepted the request, not that the order is canceled: the request becomes
 *   forwarded and the order goes on; `settleForwardedCancelRequests` cancels the order with the
 *   refund of its undelivered share once the provider's status (followed by the order worker) says
 *   Canceled or Partial, and rejects the request when it says Completed. A refusal (`{"error"}`
 *   for the order, or the whole call failing) is kept on the request, which stays pending: 422.
 * - Reject with a note: the order goes on.
 * - Cancel here and refund: the orders' own cancel (cancel.ts), default refund (the undelivered
 *   share of what was paid less earlier refunds), in the same transaction as the request closing.
 *
 * Locks, always in this order: the request, then the customer, then the order (cancelOrder's own
 * order), so a request worked twice at once closes once and the refund is posted once.
 */

const OPEN_ORDER: readonly OrderStatus[] = ORDER_ACTIONS.cancel.from;
const MANAGE = endpointPermission(CANCEL_REQUEST_ACTIONS.forward.endpoint);

interface CancelRequestDbRow extends Record<string, unknown> {
  id: number;
  status: CancelRequestStatus;
  order_id: number;
  order_status: OrderStatus;
  quantity: number;
  current_quantity: number;
  user_id: number;
  user_email: string;
  provider: string | null;
  external_id: string | null;
  note: string | null;
  error: string | null;
  created_at: string;
  forwarded_at: string | null;
  resolved_at: string | null;
}

function mapRow(r: CancelRequestDbRow, ctx: TableContext): CancelRequestRow {
  const may = ctx.permissions.has(MANAGE);
  const openOrder = OPEN_ORDER.includes(r.order_status);
  return {
    id: Number(r.id),
    status: r.status,
    order: { id: Number(r.order_id), status: r.order_status, quantity: r.quantity, currentQuantity: r.current_quantity },
    user: { id: r.user_id, email: r.user_email },
    provider: r.provider,
    externalId: r.external_id,
    note: r.note,
    error: r.error,
    createdAt: r.created_at,
    forwardedAt: r.forwarded_at,
    resolvedAt: r.resolved_at,
    actions: {
      forwardable: may && CANCEL_REQUEST_ACTIONS.forward.from.includes(r.status) && openOrder && r.external_id !== null,
      rejectable: may && CANCEL_REQUEST_ACTIONS.reject.from.includes(r.status),
      cancelable: may && CANCEL_REQUEST_ACTIONS.cancel.from.includes(r.status) && openOrder,
    },
  };
}

export const cancelRequestsTable = defineTable(CANCEL_REQUESTS_TABLE, {
  from: sql`cancel_requests r
    JOIN orders o ON o.id = r.order_id
    JOIN users u ON u.id = o.user_id
    LEFT JOIN providers p ON p.id = o.provider_id`,
  select: sql`r.id::int AS id, r.status, o.id::int AS order_id, o.status AS order_status, o.quantity, o.current_quantity,
    u.id AS user_id, u.email AS user_email, p.name AS provider, o.external_id, r.note, r.error,
    ${utcText(sql`r.created_at`)} AS created_at, ${utcText(sql`r.forwarded_at`)} AS forwarded_at, ${utcText(sql`r.resolved_at`)} AS resolved_at`,
  id: sql`r.id`,
  columns: {
    id: { sql: sql`r.id` },
    status: { sql: sql`r.status` },
    'order.id': { sql: sql`r.order_id` },
    'user.email': { sql: sql`u.email` },
    provider: { sql: sql`p.name` },
    note: { sql: sql`r.note` },
    createdAt: { sql: sql`r.created_at` },
  },
  search: [sql`r.id::text`, sql`r.order_id::text`, sql`u.email`, sql`r.note`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

async function findRow(q: Queryable, id: number, ctx: TableContext): Promise<CancelRequestRow> {
  const { items } = await cancelRequestsTable.query(q, ONE_ROW, ctx, { where: sql`r.id = ${id}` });
  if (!items[0]) throw notFound(`Cancel request ${id}`);
  return items[0];
}

interface Locked {
  id: number;
  status: CancelRequestStatus;
  order_id: number;
}

/** Locks the request; 404 when there is none, 409 when its status does not allow the action. */
async function lockRequest(q: Queryable, id: number, action: keyof typeof CANCEL_REQUEST_ACTIONS): Promise<Locked> {
  const r = await one<Locked>(q, sql`SELECT id::int AS id, status, order_id::int AS order_id FROM cancel_requests WHERE id = ${id} FOR UPDATE`);
  if (!r) throw notFound(`Cancel request ${id}`);
  const rule = CANCEL_REQUEST_ACTIONS[action];
  if (!rule.from.includes(r.status)) throw conflict(`Cancel request ${id} cannot be ${rule.past}: it is ${r.status}.`);
  return r;
}

async function close(q: Queryable, id: number, status: 'canceled' | 'rejected', note: string | null): Promise<void> {
  await q.execute(sql`UPDATE cancel_requests SET status = ${status}, note = coalesce(${note}, note), resolved_at = now() WHERE id = ${id}`);
}

/** Cancel here and refund: the orders' cancel with its default refund, and the request closed, in one transaction. */
export async function cancelHere(deps: AppDeps, actor: Actor, id: number, ctx: TableContext) {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, 'cancel');
    const { refunded } = await cancelOrder(tx, actor, r.order_id, {
      action: 'cancel',
      cancelReason: null,
      cancelDescription: `Customer's cancel request ${id}`,
      returnMoney: true,
      amount: null,
      sendEmailNotification: false,
    });
    const note = Number(refunded) > 0 ? `Canceled here; ${displayMoney(refunded)} refunded.` : 'Canceled here; nothing to refund.';
    await close(tx, id, 'canceled', note);
    return { message: `Order ${r.order_id} canceled. ${note}`, cancelRequest: await findRow(tx, id, ctx) };
  });
}

export async function rejectRequest(deps: AppDeps, actor: Actor, id: number, note: string, ctx: TableContext) {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, 'reject');
    await close(tx, id, 'rejected', note);
    await writeChangeLog(tx, actor, {
      actionType: 'cancel_request_rejected',
      modelType: 'order',
      modelId: r.order_id,
      information: `Cancel request ${id} rejected: ${note}`,
    });
    return { message: `Cancel request ${id} rejected; order ${r.order_id} goes on.`, cancelRequest: await findRow(tx, id, ctx) };
  });
}

/**
 * Forward: one API v2 `cancel` call outside any transaction, then the request is marked under its
 * lock (forwarded on `1`, the refusal kept otherwise). A request forwarded twice at once asks the
 * provider twice (a repeated cancel is harmless there) and is forwarded once.
 */
export async function forwardRequest(deps: AppDeps, c: AppContext | undefined, actor: Actor, id: number, ctx: TableContext) {
  const db = deps.database.db;
  const target = await one<{
    status: CancelRequestStatus;
    order_id: number;
    order_status: OrderStatus;
    external_id: string | null;
    endpoint: string | null;
    api_token: string | null;
    provider: string | null;
  }>(
    db,
    sql`SELECT r.status, o.id::int AS order_id, o.status AS order_status, o.external_id, p.endpoint, p.api_token, p.name AS provider
          FROM cancel_requests r JOIN orders o ON o.id = r.order_id LEFT JOIN providers p ON p.id = o.provider_id
         WHERE r.id = ${id}`,
  );
  if (!target) throw notFound(`Cancel request ${id}`);
  if (!CANCEL_REQUEST_ACTIONS.forward.from.includes(target.status)) throw conflict(`Cancel request ${id} cannot be forwarded: it is ${target.status}.`);
  if (!OPEN_ORDER.includes(target.order_status))
    throw conflict(`Cancel request ${id} cannot be forwarded: order ${target.order_id} is ${target.order_status.replace('_', ' ')}.`);
  if (!target.external_id || !target.endpoint)
    throw conflict(`Cancel request ${id} cannot be forwarded: order ${target.order_id} is at no provider (cancel it here).`);

  let refusal: string | null = null;
  try {
    const answer = await upstream(deps, c, target.endpoint, target.api_token ?? '').cancel([target.external_id]);
    const entry = answer.find((a) => a.order === target.external_id) ?? answer[0];
    if (!entry) refusal = 'The provider answered nothing about this order.';
    else if (typeof entry.cancel === 'object') refusal = entry.cancel.error;
  } catch (e) {
    if (!isUpstreamError(e)) throw e;
    refusal = upstreamMessage(e);
  }

  return db
    .transaction(async (tx) => {
      const r = await lockRequest(tx, id, 'forward');
      if (refusal !== null) {
        await tx.execute(sql`UPDATE cancel_requests SET error = ${refusal} WHERE id = ${id}`);
        await writeChangeLog(tx, actor, {
          actionType: 'cancel_request_forward_failed',
          modelType: 'order',
          modelId: r.order_id,
          information: `Cancel request ${id}: ${target.provider ?? 'the provider'} refused the cancel: ${refusal}`,
        });
        return { refused: refusal };
      }
      await tx.execute(sql`UPDATE cancel_requests SET status = 'forwarded', error = NULL, forwarded_at = now() WHERE id = ${id}`);
      await writeChangeLog(tx, actor, {
        actionType: 'cancel_request_forwarded',
        modelType: 'order',
        modelId: r.order_id,
        information: `Cancel request ${id} forwarded to ${target.provider}: accepted; the order is canceled and refunded when the provider's status says Canceled or Partial.`,
      });
      return {
        message: `Cancel request ${id} forwarded to ${target.provider}: accepted. Order ${r.order_id} is canceled and refunded once the provider says it is canceled.`,
        cancelRequest: await findRow(tx, id, ctx),
      };
    })
    .then((out) => {
      if ('refused' in out) throw fieldError('cancel', `${target.provider ?? 'The provider'} refused the cancel: ${out.refused}`);
      return out;
    });
}

/**
 * Forwarded requests whose order's provider status has ended: Canceled or Partial -> the order is
 * canceled with the refund of its undelivered share (the worker already recorded what was
 * delivered) and the request closed; Completed -> the request is rejected (the provider delivered).
 * Each in its own transaction under the request's lock, so a second run or a staff action at the
 * same time finds it closed and nothing moves twice. Answers how many were settled.
 */
export async function settleForwardedCancelRequests(deps: Pick<AppDeps, 'database'>): Promise<number> {
  const db = deps.database.db;
  const due = await rows<{ id: number; attempt_status: string }>(
    db,
    sql`SELECT r.id::int AS id, e.status AS attempt_status
          FROM cancel_requests r
          JOIN orders o ON o.id = r.order_id
          JOIN external_panel_orders e ON e.order_id = o.id AND e.external_id = o.external_id AND e.provider_id = o.provider_id
         WHERE r.status = 'forwarded' AND e.status IN ('canceled', 'partial', 'completed')
         ORDER BY r.id LIMIT 200`,
  );
  let settled = 0;
  for (const d of due) {
    const done = await db.transaction(async (tx) => {
      const r = await one<Locked>(
        tx,
        sql`SELECT id::int AS id, status, order_id::int AS order_id FROM cancel_requests WHERE id = ${d.id} AND status = 'forwarded' FOR UPDATE`,
      );
      if (!r) return false;
      const order = await one<{ status: OrderStatus }>(tx, sql`SELECT status FROM orders WHERE id = ${r.order_id}`);
      if (d.attempt_status === 'completed' || order?.status === 'completed') {
        await close(tx, r.id, 'rejected', 'The provider completed the order instead of canceling it.');
        return true;
      }
      if (order && OPEN_ORDER.includes(order.status)) {
        const { refunded } = await cancelOrder(tx, WORKER_ACTOR, r.order_id, {
          action: 'cancel',
          cancelReason: null,
          cancelDescription: `Canceled by the provider (customer's cancel request ${r.id})`,
          returnMoney: true,
          amount: null,
          sendEmailNotification: false,
        });
        await close(tx, r.id, 'canceled', `The provider canceled the order; ${displayMoney(refunded)} refunded.`);
        return true;
      }
      await close(tx, r.id, 'canceled', 'The order was already canceled.');
      return true;
    });
    if (done) settled += 1;
  }
  return settled;
}

export const cancelRequestsSettleTask = defineRecurringTask({
  name: 'cancel-requests-settle',
  everyMs: 5_000,
  async run(deps) {
    const settled = await settleForwardedCancelRequests(deps);
    if (settled > 0) notifyCountersChanged(deps);
    return settled > 0;
  },
});

/** Asks a cancel of one own open order: 404 not theirs, 422 not open or not cancelable by clients, 409 already asked. */
async function askCancel(q: Queryable, customerId: number, orderId: number, actor: Actor): Promise<number> {
  const order = await one<{ status: OrderStatus; allowed: boolean; open: boolean }>(
    q,
    sql`SELECT o.status, coalesce(s.cancel_by_client_is_allowed, false) AS allowed,
               EXISTS (SELECT 1 FROM cancel_requests r WHERE r.order_id = o.id AND r.status IN ('pending', 'forwarded')) AS open
          FROM orders o LEFT JOIN services s ON s.id = o.service_id
         WHERE o.id = ${orderId} AND o.user_id = ${customerId}
         FOR UPDATE OF o`,
  );
  if (!order) throw new HttpError(404, 'Incorrect order ID');
  if (!order.allowed) throw new HttpError(422, 'Cancel is not available for this order');
  if (!OPEN_ORDER.includes(order.status)) throw new HttpError(422, 'The order cannot be canceled: it is no longer active');
  if (order.open) throw new HttpError(409, 'A cancel of this order is already requested');
  const created = await one<{ id: number }>(q, sql`INSERT INTO cancel_requests (order_id) VALUES (${orderId}) RETURNING id::int AS id`);
  await writeChangeLog(q, actor, {
    actionType: 'cancel_requested',
    modelType: 'order',
    modelId: orderId,
    information: `The customer asked to cancel the order through the API (cancel request ${created!.id}).`,
  });
  return created!.id;
}

/**
 * API v2 `cancel`, answered as API v2 panels answer it (docs/customer-api.md): `order` answers
 * `{"cancel": 1}`, `orders` (at most 100) a list of `{"order", "cancel"}` whose cancel is `1` or
 * `{"error"}`. `1` means the request is taken, not that the order is canceled.
 */
const cancel: CustomerAction = async (call) => {
  const { customer, fields, deps } = call;
  const actor = customerActor(call);
  const { ids, single } = orderIdsOf(fields, 'order', 'orders');
  const db = deps.database.db;
  if (single) {
    await db.transaction((tx) => askCancel(tx, customer.id, ids[0], actor));
    notifyCountersChanged(deps);
    return { cancel: 1 };
  }
  const texts = fields.orders
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: { order: string | number; cancel: 1 | { error: string } }[] = [];
  for (const [i, id] of ids.entries()) {
    try {
      if (id <= 0) throw new HttpError(404, 'Incorrect order ID');
      await db.transaction((tx) => askCancel(tx, customer.id, id, actor));
      out.push({ order: id, cancel: 1 });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      out.push({ order: id > 0 ? id : texts[i], cancel: { error: e.message } });
    }
  }
  if (out.some((o) => o.cancel === 1)) notifyCountersChanged(deps);
  return out;
};

export const CANCEL_REQUEST_CUSTOMER_ACTIONS: Readonly<Record<string, CustomerAction>> = { cancel };

/** The demo's simulated customers now and then ask to cancel one of their open orders, so the queue is alive. */
export const askToCancelDemo: DemoCustomerBehaviour = {
  name: 'ask to cancel an order',
  weight: 1,
  async run(client) {
    const order = await one<{ id: number }>(
      client.deps.database.db,
      sql`SELECT o.id::int AS id FROM orders o JOIN services s ON s.id = o.service_id
           WHERE o.user_id = ${client.customer.id} AND o.status IN ('in_processing', 'in_moderation') AND s.cancel_by_client_is_allowed
             AND NOT EXISTS (SELECT 1 FROM cancel_requests r WHERE r.order_id = o.id)
           ORDER BY o.id DESC LIMIT 1`,
    );
    if (!order) return false;
    await client.v2('cancel', { order: order.id });
    return true;
  },
};
