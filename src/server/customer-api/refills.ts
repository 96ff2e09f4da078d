import { sql } from 'drizzle-orm';
import { writeChangeLog } from '../audit';
import { one, rows, type Queryable } from '../db/client';
import { HttpError } from '../http/errors';
import type { Customer, CustomerAction } from './define';
import { customerActor, orderIdsOf } from './orders';

/**
 * API v2 `refill` and `refill_status` for a customer's own orders, answered as API v2 panels answer
 * them (docs/customer-api.md): `order` answers `{"refill": "<id>"}`, `orders` (at most 100) a list
 * of `{"order", "refill"}` whose refill is an id or `{"error"}`; `refill` answers `{"status"}`,
 * `refills` a list of `{"refill", "status"}`. A refill is asked of a completed order of a service
 * with refill, one open request per order: the request waits in the order's refill requests for
 * staff (docs/upstream.md). The order row is locked while asking, so two requests at once make one.
 */

const REFILL_STATUS_WORDS: Record<string, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
};

async function askRefill(q: Queryable, customer: Customer, orderId: number, actor: ReturnType<typeof customerActor>): Promise<string> {
  const order = await one<{ status: string; refill: boolean; open: boolean }>(
    q,
    sql`SELECT o.status, coalesce(s.has_refill, false) AS refill,
               EXISTS (SELECT 1 FROM order_refill_requests r WHERE r.order_id = o.id AND r.status IN ('pending', 'in_progress')) AS open
          FROM orders o LEFT JOIN services s ON s.id = o.service_id
         WHERE o.id = ${orderId} AND o.user_id = ${customer.id}
         FOR UPDATE OF o`,
  );
  if (!order) throw new HttpError(404, 'Incorrect order ID');
  if (!order.refill) throw new HttpError(422, 'Refill is not available for this order');
  if (order.status !== 'completed') throw new HttpError(422, 'Refill is available only for completed orders');
  if (order.open) throw new HttpError(409, 'A refill of this order is already requested');
  const created = await one<{ id: string }>(
    q,
    sql`INSERT INTO order_refill_requests (order_id, status) VALUES (${orderId}, 'pending') RETURNING id::text AS id`,
  );
  await writeChangeLog(q, actor, {
    actionType: 'refill_requested',
    modelType: 'order',
    modelId: orderId,
    information: `The customer asked for a refill through the API (refill request ${created!.id}).`,
  });
  return created!.id;
}

const refill: CustomerAction = async (call) => {
  const { customer, fields, deps } = call;
  const actor = customerActor(call);
  const { ids, single } = orderIdsOf(fields, 'order', 'orders');
  const db = deps.database.db;
  if (single) return { refill: await db.transaction((tx) => askRefill(tx, customer, ids[0], actor)) };
  const texts = fields.orders
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: { order: string | number; refill: string | { error: string } }[] = [];
  for (const [i, id] of ids.entries()) {
    try {
      if (id <= 0) throw new HttpError(404, 'Incorrect order ID');
      out.push({ order: id, refill: await db.transaction((tx) => askRefill(tx, customer, id, actor)) });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      out.push({ order: id > 0 ? id : texts[i], refill: { error: e.message } });
    }
  }
  return out;
};

const refillStatus: CustomerAction = async ({ customer, fields, deps }) => {
  const { ids, single } = orderIdsOf(fields, 'refill', 'refills');
  const wanted = ids.filter((id) => id > 0);
  const found = new Map(
    (wanted.length
      ? await rows<{ id: number; status: string }>(
          deps.database.db,
          sql`SELECT r.id::int AS id, r.status FROM order_refill_requests r JOIN orders o ON o.id = r.order_id
               WHERE o.user_id = ${customer.id} AND r.id IN ${wanted}`,
        )
      : []
    ).map((r) => [r.id, REFILL_STATUS_WORDS[r.status] ?? 'Pending']),
  );
  if (single) {
    const status = found.get(ids[0]);
    if (!status) throw new HttpError(404, 'Refill not found');
    return { status };
  }
  const texts = fields.refills
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return ids.map((id, i) => {
    const status = found.get(id);
    return { refill: id > 0 ? id : texts[i], status: status ?? { error: 'Refill not found' } };
  });
};

export const REFILL_ACTIONS: Readonly<Record<string, CustomerAction>> = { refill, refill_status: refillStatus };
