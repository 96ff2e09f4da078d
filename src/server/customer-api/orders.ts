import { sql } from 'drizzle-orm';
import type { OrderSource, OrderStatus } from '../../contract/orders/columns';
import { writeChangeLog } from '../audit';
import { one, rows, type Queryable } from '../db/client';
import { readPanelSettings } from '../db/panelSettings';
import type { Actor, AppDeps } from '../deps';
import { HttpError, validationFailed } from '../http/errors';
import { lockUser, postTransaction } from '../kit/ledger';
import { loadCustomer, loadDiscounts, loadService } from '../pricing/load';
import { priceOrder } from '../pricing/price';
import { notifyCountersChanged } from '../realtime/counters';
import type { Customer, CustomerAction, CustomerCall } from './define';

/**
 * The built-in API v2 actions: `balance`, `services`, `status` and `add`, answered as API v2 panels
 * answer them (docs/customer-api.md). `placeCustomerOrder` is also how other storefront routes (an
 * order widget) place an order, each with its own `source`.
 */

const MAX_STATUS_IDS = 100;

async function panelCurrency(q: Queryable): Promise<string> {
  return (await readPanelSettings(q)).currencies.default;
}

const balance: CustomerAction = async ({ customer, deps }) => {
  const db = deps.database.db;
  const row = await one<{ balance: string }>(db, sql`SELECT balance::text AS balance FROM users WHERE id = ${customer.id}`);
  return { balance: row!.balance, currency: await panelCurrency(db) };
};

/**
 * The services this customer may order through the API: enabled, not archived nor deactivated, with
 * API access, and restricted ones only when the customer has a custom price for them. `rate` is the
 * price of 1,000 units before discounts (the customer's custom price when there is one): discounts,
 * grades and coupons apply to the order itself.
 */
const services: CustomerAction = async ({ customer, deps }) => {
  const list = await rows<{
    id: number;
    name: string;
    category: string;
    rate: string;
    min: number;
    max: number;
    refill: boolean;
    cancel: boolean;
    dripfeed: boolean;
  }>(
    deps.database.db,
    sql`SELECT s.id, s.name, coalesce(n.name || ' — ', '') || coalesce(st.name, '') AS category,
               round(coalesce(us.price, s.default_price) * 1000 / s.pricing_per, 4)::text AS rate,
               s.min_quantity AS min, s.max_quantity AS max, s.has_refill AS refill,
               s.cancel_by_client_is_allowed AS cancel, s.drip_feed_is_allowed AS dripfeed
          FROM services s
          LEFT JOIN service_types st ON st.id = s.service_type_id
          LEFT JOIN networks n ON n.id = st.network_id
          LEFT JOIN user_services us ON us.service_id = s.id AND us.user_id = ${customer.id}
         WHERE s.is_enabled AND NOT s.is_archived AND NOT s.is_deactivated AND s.api_access
           AND (NOT s.restricted_access OR us.id IS NOT NULL)
         ORDER BY n.sorting NULLS LAST, st.sorting NULLS LAST, s.sorting, s.id`,
  );
  return list.map((s) => ({
    service: s.id,
    name: s.name,
    type: 'Default',
    category: s.category,
    rate: s.rate,
    min: s.min,
    max: s.max,
    refill: s.refill,
    cancel: s.cancel,
    dripfeed: s.dripfeed,
  }));
};

/** An order's state in API v2's words. */
export function apiStatusOf(o: { status: OrderStatus; current_quantity: number; external_id: string | null }): string {
  switch (o.status) {
    case 'completed':
      return 'Completed';
    case 'canceled':
      return o.current_quantity > 0 ? 'Partial' : 'Canceled';
    case 'in_processing':
      return o.current_quantity > 0 ? 'In progress' : o.external_id ? 'Processing' : 'Pending';
    case 'stopped':
      return 'In progress';
    default:
      return 'Pending';
  }
}

interface StatusRow {
  id: number;
  status: OrderStatus;
  charge: string;
  start_count: number | null;
  remains: number;
  current_quantity: number;
  external_id: string | null;
}

async function ownOrders(q: Queryable, customer: Customer, ids: number[]): Promise<Map<number, StatusRow>> {
  if (!ids.length) return new Map();
  const found = await rows<StatusRow>(
    q,
    sql`SELECT id::int AS id, status, (price - refund_amount)::text AS charge, start_count,
               greatest(quantity - current_quantity, 0) AS remains, current_quantity, external_id
          FROM orders WHERE user_id = ${customer.id} AND id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/** Order ids as API v2 sends them: one `order`, or `orders` separated by commas (at most 100). */
export function orderIdsOf(fields: Readonly<Record<string, string>>, one: string, many: string): { ids: number[]; single: boolean } {
  if (fields[many] !== undefined) {
    const parts = fields[many]
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (!parts.length) throw new HttpError(422, `Send the order ids in "${many}", separated by commas.`);
    if (parts.length > MAX_STATUS_IDS) throw new HttpError(422, `At most ${MAX_STATUS_IDS} orders at a time.`);
    return { ids: parts.map((p) => (/^[1-9]\d{0,14}$/.test(p) ? Number(p) : 0)), single: false };
  }
  const id = fields[one]?.trim() ?? '';
  if (!/^[1-9]\d{0,14}$/.test(id)) throw new HttpError(422, 'Incorrect order ID');
  return { ids: [Number(id)], single: true };
}

const status: CustomerAction = async ({ customer, fields, deps }) => {
  const db = deps.database.db;
  const { ids, single } = orderIdsOf(fields, 'order', 'orders');
  const found = await ownOrders(
    db,
    customer,
    ids.filter((id) => id > 0),
  );
  const currency = await panelCurrency(db);
  const answer = (r: StatusRow) => ({
    charge: r.charge,
    start_count: r.start_count === null ? '0' : String(r.start_count),
    status: apiStatusOf(r),
    remains: String(r.remains),
    currency,
  });
  if (single) {
    const r = found.get(ids[0]);
    if (!r) throw new HttpError(404, 'Incorrect order ID');
    return answer(r);
  }
  const raw = fields.orders
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return Object.fromEntries(
    raw.map((text, i) => {
      const r = found.get(ids[i]);
      return [text, r ? answer(r) : { error: 'Incorrect order ID' }];
    }),
  );
};

export interface PlaceOrderRequest {
  serviceId: number;
  link: string;
  quantity: number;
  source: OrderSource;
  couponCode?: string;
}

const URL_MAX = 2000;

/**
 * Places a customer's order: the service must be orderable by them, the quantity within its bounds
 * and steps, the link a web address (when the service needs one); the price is the pricing
 * function's, debited from the balance through the ledger in the same transaction as the order
 * (422 on `quantity` when the balance is short); the order goes to moderation when its service
 * asks for it, else to processing at its first active provider, where the order worker picks it up.
 * Answers the order's id.
 */
export async function placeCustomerOrder(
  deps: AppDeps,
  actor: Actor,
  customer: Customer,
  request: PlaceOrderRequest,
): Promise<{ orderId: number; price: string }> {
  const db = deps.database.db;
  const service = await one<{
    id: number;
    name: string;
    min_quantity: number;
    max_quantity: number;
    quantity_step: number;
    url_is_required: boolean;
    moderation_is_enabled: boolean;
    forbids_orders_with_same_url: boolean;
    orderable: boolean;
  }>(
    db,
    sql`SELECT s.id, s.name, s.min_quantity, s.max_quantity, s.quantity_step, s.url_is_required, s.moderation_is_enabled,
               s.forbids_orders_with_same_url,
               (s.is_enabled AND NOT s.is_archived AND NOT s.is_deactivated
                 AND (NOT s.restricted_access OR EXISTS (SELECT 1 FROM user_services us WHERE us.service_id = s.id AND us.user_id = ${customer.id}))) AS orderable
          FROM services s WHERE s.id = ${request.serviceId}`,
  );
  if (!service?.orderable) throw validationFailed({ service: ['Incorrect service ID'] });
  const errors: Record<string, string[]> = {};
  const q = request.quantity;
  if (!Number.isInteger(q) || q < service.min_quantity) errors.quantity = [`Quantity less than minimal ${service.min_quantity}`];
  else if (q > service.max_quantity) errors.quantity = [`Quantity more than maximal ${service.max_quantity}`];
  else if (service.quantity_step > 1 && (q - service.min_quantity) % service.quantity_step !== 0)
    errors.quantity = [`Quantity must go up in steps of ${service.quantity_step} from ${service.min_quantity}`];
  const link = request.link.trim();
  if (service.url_is_required || link) {
    let ok = link.length > 0 && link.length <= URL_MAX;
    try {
      ok &&= ['http:', 'https:'].includes(new URL(link).protocol);
    } catch {
      ok = false;
    }
    if (!ok) errors.link = ['Incorrect link'];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  const pricingService = (await loadService(db, service.id))!;
  const pricingCustomer = await loadCustomer(db, customer.id, service.id, null);
  const priced = priceOrder({
    service: pricingService,
    quantity: q,
    customer: pricingCustomer!,
    discounts: await loadDiscounts(db, service.id),
    couponCode: '',
    coupon: null,
    at: new Date(),
    payingWithBalance: true,
    unpaidOrder: false,
    freeTrial: false,
  });
  const settings = await readPanelSettings(db);
  const rates = { ...settings.currencies.rates, [settings.currencies.default]: '1' };

  const placed = await db.transaction(async (tx) => {
    await lockUser(tx, customer.id);
    if (service.forbids_orders_with_same_url) {
      const open = await one(
        tx,
        sql`SELECT 1 FROM orders WHERE user_id = ${customer.id} AND service_id = ${service.id} AND url = ${link}
              AND status IN ('in_processing', 'in_moderation', 'stopped', 'unpaid') LIMIT 1`,
      );
      if (open) throw validationFailed({ link: ['You have active order with this link. Please wait until order being completed.'] });
    }
    // The first active provider service linked to the service, by priority; its cost in the panel's currency.
    const provider = await one<{ provider_id: number; provider_service_id: number; cost: string }>(
      tx,
      sql`SELECT ps.external_panel_id AS provider_id, ps.id AS provider_service_id,
                 round(ps.source_price * ${q} / ps.source_pricing_per
                       / coalesce((${JSON.stringify(rates)}::jsonb ->> upper(coalesce(ps.source_price_currency, p.currency)))::numeric, 1), 4)::text AS cost
            FROM service_providers sp
            JOIN provider_services ps ON ps.id = sp.provider_service_id
            JOIN providers p ON p.id = ps.external_panel_id
           WHERE sp.service_id = ${service.id} AND sp.is_active AND ps.status = 'active' AND NOT ps.is_archived
             AND p.status = 'active' AND NOT p.is_archived
           ORDER BY sp.priority, ps.id LIMIT 1`,
    );
    const status: OrderStatus = service.moderation_is_enabled ? 'in_moderation' : 'in_processing';
    const order = await one<{ id: number }>(
      tx,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, quantity, price, cost, source, price_modifications,
                              provider_id, provider_service_id, has_no_active_providers)
          VALUES (${status}, ${customer.id}, ${service.id}, ${service.name}, ${link}, ${q}, ${priced.price}::numeric,
                  ${provider?.cost ?? '0'}::numeric, ${request.source}, ${JSON.stringify(priced.modifications)}::jsonb,
                  ${provider?.provider_id ?? null}, ${provider?.provider_service_id ?? null}, ${!provider})
          RETURNING id::int AS id`,
    );
    await postTransaction(tx, actor, {
      userId: customer.id,
      amount: `-${priced.price}`,
      type: 'order',
      orderId: order!.id,
      comment: `Order #${order!.id}`,
      refuseBelowZero: 'quantity',
      countsAsSpending: true,
    });
    await tx.execute(sql`UPDATE orders SET is_paid = true WHERE id = ${order!.id}`);
    await writeChangeLog(tx, actor, {
      actionType: 'created',
      modelType: 'order',
      modelId: order!.id,
      information: `Placed by the customer through the ${request.source === 'api' ? 'API' : request.source.replaceAll('_', ' ')}: ${q} × ${service.name}.`,
    });
    return { orderId: order!.id, price: priced.price };
  });
  notifyCountersChanged(deps);
  return placed;
}

const add: CustomerAction = async (call: CustomerCall) => {
  const { fields } = call;
  if (fields.runs !== undefined || fields.interval !== undefined) throw new HttpError(422, 'Drip-feed orders are not taken through this API.');
  const serviceId = /^[1-9]\d{0,8}$/.test(fields.service ?? '') ? Number(fields.service) : 0;
  if (!serviceId) throw new HttpError(422, 'Incorrect service ID');
  const quantity = /^\d{1,9}$/.test(fields.quantity ?? '') ? Number(fields.quantity) : Number.NaN;
  if (Number.isNaN(quantity)) throw new HttpError(422, 'Incorrect quantity');
  const { orderId } = await placeCustomerOrder(call.deps, customerActor(call), call.customer, { serviceId, link: fields.link ?? '', quantity, source: 'api' });
  return { order: orderId };
};

/** Who acts, in audit entries and change logs: no staff member, the customer's address and client. */
export const customerActor = (call: Pick<CustomerCall, 'ip' | 'userAgent'>): Actor => ({ staffId: null, ip: call.ip, userAgent: call.userAgent });

export const BUILT_IN_ACTIONS: Readonly<Record<string, CustomerAction>> = { balance, services, status, add };
