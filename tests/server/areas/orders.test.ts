import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { bulkResultSchema } from '../../../src/contract/fields';
import {
  ORDER_STATUSES,
  orderActionResultSchema,
  orderCancelResultSchema,
  orderDetailSchema,
  orderRowSchema,
  type OrderRowActions,
  type OrderStatus,
} from '../../../src/contract/orders';
import { providerOptionSchema, providerOptionsPageSchema } from '../../../src/contract/providers';
import { tableResponseSchema } from '../../../src/contract/table';
import { flushCounters } from '../../../src/server/realtime/counters';
import { refreshHasNoActiveProviders } from '../../../src/server/areas/orders/providers';
import { one, rows } from '../../../src/server/db/client';
import { CANCEL_REASONS, seedOrdersCount } from '../../../src/server/areas/orders/seed';
import { ORDER_SOURCES } from '../../../src/contract/orders';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * The orders area through the real app on PGlite with the demo seed (a small order book): the
 * table, row flags per caller, every transition allowed and refused, cancel and reject with their
 * refunds, bulk partial failures, edits, the order screen, and the permission and validation
 * guards (403 and 422 change nothing). Tests make their own orders on their own customers, so they
 * do not depend on each other.
 */

let t: TestApp;
let admin: string;
let manager: string;
let viewer: string;
const usedUsers = new Set<number>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'password');
  manager = await t.login('manager@example.com', 'password');
  viewer = (await t.createMember({ permissions: ['viewOrders'] })).token;
});

afterAll(async () => {
  if (t) await flushCounters(t.deps);
  await t?.close();
});

async function call(
  name: EndpointName,
  token: string,
  options: { params?: Record<string, string | number>; body?: unknown; query?: Record<string, string | number> } = {},
) {
  const e = endpoints[name];
  const qs = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await t.request(e.method, `${buildPath(e.path, options.params)}${qs}`, { token, body: options.body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A customer no other test touched. */
async function freshUser(): Promise<number> {
  const found = await rows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE email <> 'bob@example.com' ORDER BY id DESC LIMIT 400`);
  const pick = found.find((r) => !usedUsers.has(r.id));
  if (!pick) throw new Error('no unused user');
  usedUsers.add(pick.id);
  return pick.id;
}

/** A service with a usable provider (the simulator first). */
async function servedService(): Promise<{ serviceId: number; providerId: number }> {
  const row = await one<{ service_id: number; provider_id: number }>(
    t.db,
    sql`SELECT sp.service_id, ps.external_panel_id AS provider_id FROM service_providers sp
          JOIN provider_services ps ON ps.id = sp.provider_service_id JOIN providers p ON p.id = ps.external_panel_id
         WHERE sp.is_active AND ps.status = 'active' AND NOT ps.is_archived AND p.status = 'active' AND NOT p.is_archived
         ORDER BY sp.service_id, sp.priority LIMIT 1`,
  );
  return { serviceId: row!.service_id, providerId: row!.provider_id };
}

interface NewOrder {
  status?: OrderStatus;
  price?: string;
  quantity?: number;
  currentQuantity?: number;
  isPaid?: boolean;
  /** An earlier refund, with its transaction. */
  refundAmount?: string;
  userId?: number;
  url?: string;
  hasNoActiveProviders?: boolean;
}

/**
 * An order of a fresh customer. A paid order gets its top-up and its debit, an earlier refund its
 * credit, so the customer's balance stays the sum of their transactions.
 */
async function makeOrder(o: NewOrder = {}): Promise<{ id: number; userId: number }> {
  const userId = o.userId ?? (await freshUser());
  const { serviceId } = await servedService();
  const price = o.price ?? '10.0000';
  const isPaid = o.isPaid ?? (o.status ?? 'in_processing') !== 'unpaid';
  const refund = o.refundAmount ?? '0';
  const row = await one<{ id: number | string }>(
    t.db,
    sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, current_quantity, is_paid, refund_amount, has_no_active_providers)
        VALUES (${o.status ?? 'in_processing'}, ${userId}, ${serviceId}, 'Test order', ${o.url ?? `https://example.test/${Math.random().toString(36).slice(2)}`},
          ${price}::numeric, 4, ${o.quantity ?? 1000}, ${o.currentQuantity ?? 0}, ${isPaid}, ${refund}::numeric, ${o.hasNoActiveProviders ?? false})
        RETURNING id`,
  );
  const id = Number(row!.id);
  if (isPaid) {
    await t.db.execute(sql`INSERT INTO transactions (user_id, amount, type, transaction_type) VALUES (${userId}, ${price}::numeric, 'deposit', 'income')`);
    await t.db.execute(
      sql`INSERT INTO transactions (user_id, amount, type, transaction_type, order_id) VALUES (${userId}, -${price}::numeric, 'order', 'expense', ${id})`,
    );
  }
  if (Number(refund) > 0) {
    await t.db.execute(
      sql`INSERT INTO transactions (user_id, amount, type, transaction_type, order_id) VALUES (${userId}, ${refund}::numeric, 'refund', 'income', ${id})`,
    );
    await t.db.execute(sql`UPDATE users SET balance = balance + ${refund}::numeric WHERE id = ${userId}`);
  }
  return { id, userId };
}

const orderOf = (id: number) =>
  one<{
    status: OrderStatus;
    refund_amount: string;
    url: string;
    comment: string | null;
    provider_id: number | null;
    external_id: string | null;
    cancel_reason: string | null;
    completed_at: string | null;
  }>(
    t.db,
    sql`SELECT status, refund_amount::text AS refund_amount, url, comment, provider_id, external_id, cancel_reason, completed_at::text AS completed_at
          FROM orders WHERE id = ${id}`,
  );
const balanceOf = async (userId: number) => (await one<{ b: string }>(t.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b;
const sumOf = async (userId: number) =>
  (await one<{ s: string }>(
    t.db,
    sql`SELECT coalesce(sum(amount), 0)::numeric(14,4)::text AS s FROM transactions WHERE user_id = ${userId} AND balance_type = 'main'`,
  ))!.s;
const refundsOf = (orderId: number) =>
  rows<{ amount: string; user_id: number; balance_type: string }>(
    t.db,
    sql`SELECT amount::text AS amount, user_id, balance_type FROM transactions WHERE order_id = ${orderId} AND type = 'refund' ORDER BY id`,
  );
const auditsOf = (id: number) =>
  rows<{
    event: string;
    staff_id: number | null;
    ip_address: string | null;
    user_agent: string | null;
    old_values: Record<string, unknown> | null;
    new_values: Record<string, unknown> | null;
  }>(
    t.db,
    sql`SELECT event, staff_id, ip_address, user_agent, old_values, new_values FROM audit_entries WHERE auditable_type = 'order' AND auditable_id = ${id} ORDER BY id`,
  );
const changeLogsOf = (id: number) =>
  rows<{ action_type: string; information: unknown }>(
    t.db,
    sql`SELECT action_type, information FROM change_logs WHERE model_type = 'order' AND model_id = ${id} ORDER BY id`,
  );

const tableOf = tableResponseSchema(orderRowSchema);
const table = async (body: unknown, token = admin) => {
  const res = await call('ordersTable', token, { body });
  if (res.status !== 200) throw new Error(`ordersTable answered ${res.status}: ${JSON.stringify(res.body)}`);
  return tableOf.parse(res.body);
};
const byId = async (id: number, token = admin) => (await table({ headers: [{ value: 'id', filter: id }], options: { itemsPerPage: 1 } }, token)).items[0];

const CANCEL = { cancelReason: CANCEL_REASONS[0].value, cancelDescription: 'Checked with the customer', sendEmailNotification: false };

describe('orders table', () => {
  it('answers the default page newest first, in the contract shape, with the filtered total', async () => {
    const page = await table({ draw: 7, options: { itemsPerPage: 30 } });
    expect(page.draw).toBe(7);
    expect(page.items).toHaveLength(30);
    const ids = page.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(page.totalItemsCount).toBe(n);
    expect(page.totalIsEstimate).toBeUndefined();
  });

  it('filters by status (the console default in_processing) and counts exactly', async () => {
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'in_processing'`);
    const page = await table({ headers: [{ value: 'status', filter: ['in_processing'] }], options: { itemsPerPage: 50 } });
    expect(page.totalItemsCount).toBe(n);
    expect(page.items.every((r) => r.status === 'in_processing')).toBe(true);
  });

  it('filters by source, service, price range, date range, no-providers flag', async () => {
    const svc = await one<{ service_id: number }>(
      t.db,
      sql`SELECT service_id FROM orders WHERE service_id IS NOT NULL GROUP BY service_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const page = await table({
      headers: [
        { value: 'source', filter: ['api', 'cabinet'] },
        { value: 'service.name', filter: svc!.service_id },
        { value: 'price', filter: { from: '0.5', to: '40' } },
        { value: 'createdAt', filter: { from: '2000-01-01' } },
      ],
      options: { itemsPerPage: 0 },
    });
    const [{ n }] = await rows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE source IN ('api', 'cabinet') AND service_id = ${svc!.service_id} AND price BETWEEN 0.5 AND 40`,
    );
    expect(page.totalItemsCount).toBe(n);
    expect(n).toBeGreaterThan(0);
    expect(
      page.items.every((r) => ['api', 'cabinet'].includes(r.source) && r.service?.id === svc!.service_id && Number(r.price) >= 0.5 && Number(r.price) <= 40),
    ).toBe(true);

    const flagged = await table({ headers: [{ value: 'hasNoActiveProviders', filter: true }], options: { itemsPerPage: 0 } });
    const [{ m }] = await rows<{ m: number }>(t.db, sql`SELECT count(*)::int AS m FROM orders WHERE has_no_active_providers`);
    expect(flagged.totalItemsCount).toBe(m);
    expect(m).toBeGreaterThan(0);
    expect(flagged.items.every((r) => r.hasNoActiveProviders)).toBe(true);
  });

  it('filters by user: an id picks the user, other text matches the e-mail', async () => {
    const u = await one<{ user_id: number; email: string }>(
      t.db,
      sql`SELECT o.user_id, u.email FROM orders o JOIN users u ON u.id = o.user_id GROUP BY o.user_id, u.email ORDER BY count(*) DESC LIMIT 1`,
    );
    const byUserId = await table({ headers: [{ value: 'user.email', filter: u!.user_id }], options: { itemsPerPage: 0 } });
    expect(byUserId.totalItemsCount).toBeGreaterThan(0);
    expect(byUserId.items.every((r) => r.user?.id === u!.user_id)).toBe(true);

    const byEmail = await table({ headers: [{ value: 'user.email', filter: u!.email.toUpperCase() }], options: { itemsPerPage: 0 } });
    expect(byEmail.items.map((r) => r.id).sort()).toEqual(byUserId.items.map((r) => r.id).sort());
  });

  it('takes the source-type chip and a user as queries', async () => {
    const page = await table({ queries: { sourceType: 'drip_feed' }, options: { itemsPerPage: 0 } });
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE source_type = 'drip_feed'`);
    expect(n).toBeGreaterThan(0);
    expect(page.totalItemsCount).toBe(n);
    expect(page.items.every((r) => r.sourceType === 'drip_feed' && r.source === 'drip_feed')).toBe(true);

    const mine = await makeOrder();
    await t.db.execute(sql`UPDATE orders SET source_type = 'subscription', source_id = 987654 WHERE id = ${mine.id}`);
    const bySource = await table({ queries: { sourceType: 'subscription', sourceId: 987654 } });
    expect(bySource.items.map((r) => r.id)).toEqual([mine.id]);
    expect(bySource.items[0]).toMatchObject({ sourceType: 'subscription', sourceId: 987654 });

    const byUser = await table({ queries: { userId: mine.userId }, options: { itemsPerPage: 0 } });
    const theirs = await rows<{ id: number | string }>(t.db, sql`SELECT id FROM orders WHERE user_id = ${mine.userId} ORDER BY id DESC`);
    expect(byUser.items.map((r) => r.id)).toEqual(theirs.map((r) => Number(r.id)));
    expect(byUser.items.map((r) => r.id)).toContain(mine.id);
  });

  it('searches the id exactly, and the url and the e-mail as contains', async () => {
    const mine = await makeOrder({ url: 'https://www.instagram.com/zz_search_probe/p/ABC' });
    expect((await table({ search: String(mine.id) })).items.map((r) => r.id)).toContain(mine.id);
    const byUrl = await table({ search: 'ZZ_SEARCH_PROBE' });
    expect(byUrl.items.map((r) => r.id)).toEqual([mine.id]);
    const email = (await one<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id = ${mine.userId}`))!.email;
    const byEmail = await table({ search: email, options: { itemsPerPage: 0 } });
    expect(byEmail.items.map((r) => r.id)).toContain(mine.id);
    expect(byEmail.items.every((r) => r.user?.email.includes(email) || r.url.includes(email))).toBe(true);
  });

  it('sorts by any declared column with the id as tie-breaker', async () => {
    const page = await table({ options: { sortBy: ['price'], sortDesc: [false], itemsPerPage: 100 } });
    const prices = page.items.map((r) => Number(r.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byUser = await table({ options: { sortBy: ['user.email'], sortDesc: [true], itemsPerPage: 50 } });
    const emails = byUser.items.map((r) => r.user?.email ?? '');
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('computes revenue and margin from price and cost', async () => {
    const mine = await makeOrder({ price: '10.0000' });
    const row = await byId(mine.id);
    expect(row).toMatchObject({ price: '10.0000', cost: '4.0000', revenue: '6.0000', marginPercent: '60.00', isPaid: true, refundAmount: '0.0000' });
  });

  it('answers 422 for unknown sorts, filters, queries and bad values, never 500', async () => {
    const bad = async (body: unknown, key: string) => {
      const res = await call('ordersTable', admin, { body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(key);
    };
    await bad({ options: { sortBy: ['secret'], sortDesc: [true] } }, 'options.sortBy.0');
    await bad({ headers: [{ value: 'status', filter: ['shipped'] }] }, 'headers.0.filter');
    await bad({ headers: [{ value: 'price', filter: { from: 'cheap' } }] }, 'headers.0.filter');
    await bad({ headers: [{ value: 'nope', filter: 'x' }] }, 'headers.0.filter');
    await bad({ queries: { sourceType: 'package' } }, 'queries.sourceType');
    await bad({ queries: { sourceId: 'abc' } }, 'queries.sourceId');
    await bad({ queries: { other: 1 } }, 'queries.other');
  });
});

describe('row flags', () => {
  const expected: Record<OrderStatus, Partial<OrderRowActions>> = {
    in_moderation: { approvable: true, rejectable: true, cancelable: true, editable: true },
    in_processing: { pausable: true, completable: true, cancelable: true, editable: true, partialable: true, countsEditable: true },
    stopped: { activable: true, completable: true, cancelable: true, editable: true, partialable: true, countsEditable: true },
    unpaid: { cancelable: true, editable: true },
    completed: {},
    canceled: {},
  };
  const none: OrderRowActions = {
    editable: false,
    activable: false,
    approvable: false,
    cancelable: false,
    completable: false,
    pausable: false,
    rejectable: false,
    partialable: false,
    countsEditable: false,
  };

  it('follow the status for a member with manageOrders, and are all false with viewOrders only', async () => {
    for (const status of ORDER_STATUSES) {
      const { id } = await makeOrder({ status });
      expect((await byId(id, manager)).actions, status).toEqual({ ...none, ...expected[status] });
      expect((await byId(id, viewer)).actions, status).toEqual(none);
    }
  });
});

describe('transitions', () => {
  const actions = {
    ordersApprove: { from: ['in_moderation'], to: 'in_processing', verb: 'approved', action: 'approve' },
    ordersActivate: { from: ['stopped'], to: 'in_processing', verb: 'activated', action: 'activate' },
    ordersPause: { from: ['in_processing'], to: 'stopped', verb: 'paused', action: 'pause' },
    ordersComplete: { from: ['in_processing', 'stopped'], to: 'completed', verb: 'completed', action: 'complete' },
  } as const;
  const words: Record<OrderStatus, string> = {
    in_processing: 'in processing',
    in_moderation: 'in moderation',
    completed: 'completed',
    stopped: 'stopped',
    canceled: 'canceled',
    unpaid: 'unpaid',
  };

  for (const [name, rule] of Object.entries(actions) as [keyof typeof actions, (typeof actions)[keyof typeof actions]][]) {
    it(`${rule.action}: allowed from ${rule.from.join(', ')}, 409 with a sentence from every other status`, async () => {
      for (const status of ORDER_STATUSES) {
        const { id } = await makeOrder({ status });
        const res = await call(name, manager, { body: { orderId: id } });
        if ((rule.from as readonly string[]).includes(status)) {
          expect(res.status, `${rule.action} from ${status}`).toBe(200);
          const answer = orderActionResultSchema.parse(res.body);
          expect(answer.message).toBe(`Order ${id} ${rule.verb}.`);
          expect(answer.order.status).toBe(rule.to);
          expect((await orderOf(id))!.status).toBe(rule.to);
          const [audit] = await auditsOf(id);
          expect(audit).toMatchObject({ event: rule.verb, old_values: { status }, new_values: { status: rule.to } });
          expect(audit.staff_id).not.toBeNull();
          expect((await changeLogsOf(id)).map((c) => c.action_type)).toEqual([rule.action]);
        } else {
          expect(res.status, `${rule.action} from ${status}`).toBe(409);
          expect(res.body.message).toBe(`Order ${id} cannot be ${rule.verb}: it is ${words[status]}.`);
          expect((await orderOf(id))!.status).toBe(status);
          expect(await auditsOf(id)).toEqual([]);
        }
      }
    });
  }

  it('complete stamps completed_at and clears the no-providers flag', async () => {
    const { id } = await makeOrder({ status: 'stopped', hasNoActiveProviders: true });
    const res = await call('ordersComplete', manager, { body: { orderId: id } });
    expect(res.status).toBe(200);
    expect(res.body.order.completedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body.order.hasNoActiveProviders).toBe(false);
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await call('ordersApprove', manager, { body: { orderId: 987654321 } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Order 987654321 not found.');
  });

  it('records who did it, from where and with which browser', async () => {
    const { id } = await makeOrder({ status: 'in_processing' });
    // Behind a trusted proxy the address comes from X-Forwarded-For.
    t.deps.config.trustProxy = true;
    const res = await t
      .request('POST', endpoints.ordersPause.path, {
        token: manager,
        body: { orderId: id },
        headers: { 'user-agent': 'OrdersTest/1.0', 'x-forwarded-for': '203.0.113.9' },
      })
      .finally(() => {
        t.deps.config.trustProxy = false;
      });
    expect(res.status).toBe(200);
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ ip_address: '203.0.113.9', user_agent: 'OrdersTest/1.0' });
  });

  it('tells the live counters after the change', async () => {
    const published: { channel: string; event: string; data: any }[] = [];
    const original = t.deps.publish;
    t.deps.publish = (channel, event, data) => void published.push({ channel, event, data });
    try {
      await flushCounters(t.deps);
      published.length = 0;
      const { id } = await makeOrder({ status: 'in_moderation' });
      const before = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE status = 'in_moderation'`);
      expect((await call('ordersApprove', manager, { body: { orderId: id } })).status).toBe(200);
      await flushCounters(t.deps);
      expect(published.at(-1)).toMatchObject({ channel: 'private-admin.counters', event: 'counters.updated', data: { ordersInModeration: before!.n - 1 } });
    } finally {
      t.deps.publish = original;
    }
  });
});

describe('cancel and refunds', () => {
  it('refund-amount is the undelivered share of what was paid, minus earlier refunds; 0 for unpaid', async () => {
    const half = await makeOrder({ price: '12.5000', quantity: 1000, currentQuantity: 400 });
    expect((await call('ordersRefundAmount', manager, { query: { orderId: half.id } })).body).toEqual({ amount: '7.5000' });
    const refunded = await makeOrder({ price: '10.0000', quantity: 100, currentQuantity: 0, refundAmount: '4.0000' });
    expect((await call('ordersRefundAmount', manager, { query: { orderId: refunded.id } })).body).toEqual({ amount: '6.0000' });
    const unpaid = await makeOrder({ status: 'unpaid', price: '10.0000' });
    expect((await call('ordersRefundAmount', manager, { query: { orderId: unpaid.id } })).body).toEqual({ amount: '0.0000' });
    expect((await call('ordersRefundAmount', manager, { query: { orderId: 987654321 } })).status).toBe(404);
    expect((await call('ordersRefundAmount', manager, { query: { orderId: 'x' } })).status).toBe(422);
  });

  it('cancel with returnMoney refunds the amount: order, transaction and balance in one go', async () => {
    const { id, userId } = await makeOrder({ price: '20.0000' });
    const before = await balanceOf(userId);
    const res = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true, amount: '12.3456' } });
    expect(res.status).toBe(200);
    const answer = orderCancelResultSchema.parse(res.body);
    expect(answer).toMatchObject({ refunded: '12.3456', message: `Order ${id} canceled; 12.3456 refunded.` });
    expect(answer.order).toMatchObject({ status: 'canceled', refundAmount: '12.3456' });
    expect(answer.order.actions.cancelable).toBe(false);

    expect(await orderOf(id)).toMatchObject({ status: 'canceled', refund_amount: '12.3456', cancel_reason: CANCEL.cancelReason });
    expect(await refundsOf(id)).toEqual([{ amount: '12.3456', user_id: userId, balance_type: 'main' }]);
    expect(Number(await balanceOf(userId)) - Number(before)).toBeCloseTo(12.3456, 4);
    expect(await balanceOf(userId)).toBe(await sumOf(userId));

    const audits = await auditsOf(id);
    expect(audits[0]).toMatchObject({
      event: 'canceled',
      old_values: { status: 'in_processing', refund_amount: '0.0000' },
      new_values: { status: 'canceled', refund_amount: '12.3456' },
    });
    const userAudit = await one<{ event: string }>(
      t.db,
      sql`SELECT event FROM audit_entries WHERE auditable_type = 'user' AND auditable_id = ${userId} ORDER BY id DESC LIMIT 1`,
    );
    expect(userAudit?.event).toBe('refunded');
    expect((await changeLogsOf(id)).map((c) => c.action_type)).toEqual(['cancel']);
  });

  it('cancel without an amount refunds the default; without returnMoney nothing moves', async () => {
    const withDefault = await makeOrder({ price: '8.0000', quantity: 200, currentQuantity: 50 });
    const res = await call('ordersCancel', manager, { body: { orderId: withDefault.id, ...CANCEL, returnMoney: true } });
    expect(res.status).toBe(200);
    expect(res.body.refunded).toBe('6.0000');

    const noMoney = await makeOrder({ price: '8.0000' });
    const before = await balanceOf(noMoney.userId);
    const kept = await call('ordersCancel', manager, { body: { orderId: noMoney.id, ...CANCEL, returnMoney: false, amount: '8' } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ refunded: '0.0000', message: `Order ${noMoney.id} canceled.` });
    expect(await refundsOf(noMoney.id)).toEqual([]);
    expect(await balanceOf(noMoney.userId)).toBe(before);
  });

  it('refuses a refund above what is refundable with 422 on amount, and changes nothing', async () => {
    const { id, userId } = await makeOrder({ price: '12.3400' });
    const before = await balanceOf(userId);
    const res = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true, amount: '12.35' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ amount: ['The amount may not be greater than 12.34.'] });
    expect((await orderOf(id))!.status).toBe('in_processing');
    expect(await refundsOf(id)).toEqual([]);
    expect(await balanceOf(userId)).toBe(before);
    expect(await auditsOf(id)).toEqual([]);
  });

  it('limits a refund by earlier refunds, and a canceled order refunds no more', async () => {
    const { id, userId } = await makeOrder({ price: '10.0000', quantity: 100, refundAmount: '4.0000' });
    const over = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true, amount: 7 } });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual(['The amount may not be greater than 6.00.']);
    const ok = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true, amount: 6 } });
    expect(ok.status).toBe(200);
    expect((await orderOf(id))!.refund_amount).toBe('10.0000');

    const again = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true, amount: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${id} cannot be canceled: it is canceled.`);
    expect((await refundsOf(id)).map((r) => r.amount)).toEqual(['4.0000', '6.0000']);
    expect(await balanceOf(userId)).toBe(await sumOf(userId));
  });

  it('reject cancels an order in moderation and refunds what was paid in full', async () => {
    const { id, userId } = await makeOrder({ status: 'in_moderation', price: '15.5000' });
    const res = await call('ordersReject', manager, { body: { orderId: id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refunded: '15.5000', order: { status: 'canceled', refundAmount: '15.5000' } });
    expect(await balanceOf(userId)).toBe(await sumOf(userId));
    expect((await changeLogsOf(id)).map((c) => c.action_type)).toEqual(['reject']);

    const done = await makeOrder({ status: 'in_processing' });
    const refused = await call('ordersReject', manager, { body: { orderId: done.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Order ${done.id} cannot be rejected: it is in processing.`);
  });

  it('cancel is refused for final orders', async () => {
    for (const status of ['completed', 'canceled'] as const) {
      const { id } = await makeOrder({ status });
      const res = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Order ${id} cannot be canceled: it is ${status}.`);
    }
  });

  it('validates the cancel body in Laravel shape', async () => {
    const { id } = await makeOrder();
    const expect422 = async (body: Record<string, unknown>, field: string, message?: string) => {
      const res = await call('ordersCancel', manager, { body: { orderId: id, ...CANCEL, returnMoney: true, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
      if (message) expect(res.body.errors[field]).toEqual([message]);
      expect(typeof res.body.message).toBe('string');
    };
    await expect422({ cancelReason: undefined }, 'cancelReason', 'The cancel reason field is required.');
    await expect422({ cancelReason: '' }, 'cancelReason', 'The cancel reason field is required.');
    await expect422({ cancelReason: 'because' }, 'cancelReason', 'The selected cancel reason is invalid.');
    await expect422({ cancelDescription: 'x'.repeat(1001) }, 'cancelDescription', 'The cancel description may not be greater than 1000 characters.');
    await expect422({ amount: -1 }, 'amount', 'The amount must be at least 0.');
    await expect422({ amount: '1.23456' }, 'amount', 'The amount may have at most 4 decimals.');
    await expect422({ amount: 'ten' }, 'amount', 'The amount must be a number.');
    await expect422({ returnMoney: 'yes' }, 'returnMoney');
    expect((await orderOf(id))!.status).toBe('in_processing');
  });

  it('lists the cancel reasons in order', async () => {
    const res = await call('ordersCancelReasons', viewer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(CANCEL_REASONS.map((r) => ({ value: r.value, text: r.text })));
  });
});

describe('bulk actions', () => {
  it('pause applies what it can and reports each failure', async () => {
    const a = await makeOrder({ status: 'in_processing' });
    const b = await makeOrder({ status: 'completed' });
    const res = await call('ordersBulkPause', manager, { body: { ordersIds: [a.id, b.id, 987654321] } });
    expect(res.status).toBe(200);
    expect(bulkResultSchema.parse(res.body)).toEqual({
      done: [a.id],
      failed: [
        { id: b.id, message: `Order ${b.id} cannot be paused: it is completed.` },
        { id: 987654321, message: 'Order 987654321 not found.' },
      ],
    });
    expect((await orderOf(a.id))!.status).toBe('stopped');
    expect((await orderOf(b.id))!.status).toBe('completed');
  });

  it('activate and complete in bulk', async () => {
    const stopped = [await makeOrder({ status: 'stopped' }), await makeOrder({ status: 'stopped' })];
    const activated = await call('ordersBulkActivate', manager, { body: { ordersIds: stopped.map((o) => o.id) } });
    expect(activated.body).toEqual({ done: stopped.map((o) => o.id), failed: [] });
    const completed = await call('ordersBulkComplete', manager, { body: { ordersIds: stopped.map((o) => o.id) } });
    expect(completed.body).toEqual({ done: stopped.map((o) => o.id), failed: [] });
    for (const o of stopped) expect((await orderOf(o.id))!.status).toBe('completed');
  });

  it('cancel in bulk refunds each order its default amount and reports the rest', async () => {
    const a = await makeOrder({ price: '10.0000', quantity: 100, currentQuantity: 50 });
    const b = await makeOrder({ price: '4.0000', status: 'stopped' });
    const c = await makeOrder({ status: 'completed' });
    const res = await call('ordersBulkCancel', manager, { body: { ordersIds: [a.id, b.id, c.id], ...CANCEL, returnMoney: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: [a.id, b.id], failed: [{ id: c.id, message: `Order ${c.id} cannot be canceled: it is completed.` }] });
    expect((await refundsOf(a.id)).map((r) => r.amount)).toEqual(['5.0000']);
    expect((await refundsOf(b.id)).map((r) => r.amount)).toEqual(['4.0000']);
    for (const o of [a, b]) expect(await balanceOf(o.userId)).toBe(await sumOf(o.userId));
  });

  it('validates the bulk bodies', async () => {
    expect((await call('ordersBulkPause', manager, { body: { ordersIds: [] } })).status).toBe(422);
    const res = await call('ordersBulkCancel', manager, { body: { ordersIds: [1, 'two'], cancelReason: 'other' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain('ordersIds.1');
  });
});

describe('edits', () => {
  it('change-url on an open order, 409 on a final one', async () => {
    const { id } = await makeOrder();
    const res = await call('ordersChangeUrl', manager, { body: { orderId: id, url: 'https://example.test/new-url' } });
    expect(res.status).toBe(200);
    expect(res.body.order.url).toBe('https://example.test/new-url');
    const [audit] = await auditsOf(id);
    expect(audit.new_values).toEqual({ url: 'https://example.test/new-url' });

    const done = await makeOrder({ status: 'completed' });
    const refused = await call('ordersChangeUrl', manager, { body: { orderId: done.id, url: 'https://example.test/x' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Order ${done.id} cannot be edited: it is completed.`);
    expect((await call('ordersChangeUrl', manager, { body: { orderId: id, url: '' } })).status).toBe(422);
  });

  it('update-comment in any status, and clears with null', async () => {
    const { id } = await makeOrder({ status: 'completed' });
    const set = await call('ordersUpdateComment', manager, { body: { orderId: id, comment: 'Checked by phone' } });
    expect(set.status).toBe(200);
    expect((await orderOf(id))!.comment).toBe('Checked by phone');
    await call('ordersUpdateComment', manager, { body: { orderId: id, comment: null } });
    expect((await orderOf(id))!.comment).toBeNull();
    expect((await changeLogsOf(id)).map((c) => c.action_type)).toEqual(['update_comment', 'update_comment']);
  });

  it('change-provider sends open orders to a provider that offers their service', async () => {
    const { providerId } = await servedService();
    const other = await one<{ id: number }>(
      t.db,
      sql`SELECT p.id FROM providers p WHERE p.status = 'active' AND NOT p.is_archived AND p.id <> ${providerId} ORDER BY p.id LIMIT 1`,
    );
    const a = await makeOrder({ hasNoActiveProviders: true });
    await t.db.execute(sql`UPDATE orders SET provider_id = ${other!.id}, external_id = 'X-1' WHERE id = ${a.id}`);
    const res = await call('ordersChangeProvider', manager, { body: { orderIds: [a.id], providerId, quantity: 500 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: [a.id], failed: [] });
    expect(await orderOf(a.id)).toMatchObject({ provider_id: providerId, external_id: null });
    expect((await byId(a.id)).hasNoActiveProviders).toBe(false);
    const [audit] = await auditsOf(a.id);
    expect(audit).toMatchObject({
      event: 'provider_changed',
      old_values: { provider_id: other!.id, external_id: 'X-1' },
      new_values: { provider_id: providerId, provider_quantity: 500 },
    });
  });

  it('change-provider validates provider and quantity, and reports per order in bulk', async () => {
    const { providerId } = await servedService();
    const a = await makeOrder({ quantity: 300 });
    const b = await makeOrder({ status: 'completed' });
    const tooMany = await call('ordersChangeProvider', manager, { body: { orderIds: [a.id], providerId, quantity: 301 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ quantity: ['The quantity may not be greater than 300.'] });
    const twoWithQuantity = await call('ordersChangeProvider', manager, { body: { orderIds: [a.id, b.id], providerId, quantity: 10 } });
    expect(twoWithQuantity.status).toBe(422);
    expect(Object.keys(twoWithQuantity.body.errors)).toEqual(['quantity']);
    const archived = await one<{ id: number }>(t.db, sql`SELECT id FROM providers WHERE is_archived LIMIT 1`);
    const badProvider = await call('ordersChangeProvider', manager, { body: { orderIds: [a.id], providerId: archived!.id } });
    expect(badProvider.status).toBe(422);
    expect(badProvider.body.errors).toEqual({ providerId: ['The selected provider is invalid.'] });

    const bulk = await call('ordersChangeProvider', manager, { body: { orderIds: [a.id, b.id], providerId } });
    expect(bulk.body).toEqual({ done: [a.id], failed: [{ id: b.id, message: `Order ${b.id} cannot be edited: it is completed.` }] });
  });

  it('change-provider to a provider without the service is a 422 on providerId for one order', async () => {
    const { serviceId } = await servedService();
    const stranger = await one<{ id: number }>(
      t.db,
      sql`SELECT p.id FROM providers p WHERE p.status = 'active' AND NOT p.is_archived AND NOT EXISTS (
            SELECT 1 FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
             WHERE ps.external_panel_id = p.id AND sp.service_id = ${serviceId}) ORDER BY p.id LIMIT 1`,
    );
    expect(stranger).toBeDefined();
    const a = await makeOrder();
    const res = await call('ordersChangeProvider', manager, { body: { orderIds: [a.id], providerId: stranger!.id } });
    expect(res.status).toBe(422);
    expect(res.body.errors.providerId[0]).toMatch(/does not offer the service of order/);
  });
});

describe('the order screen', () => {
  it('shows every field, the provider, the money summary, statistics, change log and refills', async () => {
    const { id } = await makeOrder({ price: '9.0000', quantity: 300, currentQuantity: 100 });
    await t.db.execute(sql`UPDATE orders SET start_count = 1000, percent_of_external_statistics_fill = 33.33 WHERE id = ${id}`);
    await t.db.execute(
      sql`INSERT INTO order_statistics (order_id, count, checked_at) VALUES (${id}, 1050, now() - interval '2 hours'), (${id}, 1100, now() - interval '1 hour')`,
    );
    await t.db.execute(sql`INSERT INTO order_refill_requests (order_id, status, quantity) VALUES (${id}, 'pending', 20)`);
    await call('ordersUpdateComment', manager, { body: { orderId: id, comment: 'VIP' } });
    await call('ordersPause', manager, { body: { orderId: id } });

    const res = await call('ordersShow', viewer, { params: { orderId: id } });
    expect(res.status).toBe(200);
    const detail = orderDetailSchema.parse(res.body);
    expect(detail).toMatchObject({
      id,
      status: 'stopped',
      comment: 'VIP',
      paidAmount: '9.0000',
      refundableAmount: '9.0000',
      defaultRefundAmount: '6.0000',
      percentOfExternalStatisticsFill: '33.33',
    });
    expect(detail.statistics).toMatchObject({ startCount: 1000, currentCount: 1100, quantity: 300, delivered: 100, remains: 200 });
    expect(detail.statistics.history.map((p) => p.count)).toEqual([1050, 1100]);
    expect(detail.changeLogs.map((c) => c.actionType)).toEqual(['pause', 'update_comment']);
    expect(detail.changeLogs[0].staff?.email).toBe('manager@example.com');
    expect(detail.refillRequests).toMatchObject([{ status: 'pending', quantity: 20 }]);
    expect(detail.serviceProviders.length).toBeGreaterThan(0);
    expect(JSON.stringify(detail)).not.toMatch(/api_?token/i);

    expect((await call('ordersChangeLogs', viewer, { params: { orderId: id } })).body.map((c: { actionType: string }) => c.actionType)).toEqual([
      'pause',
      'update_comment',
    ]);
    expect((await call('ordersStatistics', viewer, { params: { orderId: id } })).body.currentCount).toBe(1100);
    expect((await call('ordersRefillRequests', viewer, { params: { orderId: id } })).body).toHaveLength(1);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const name of ['ordersShow', 'ordersChangeLogs', 'ordersStatistics', 'ordersRefillRequests'] as const) {
      expect((await call(name, viewer, { params: { orderId: 987654321 } })).status).toBe(404);
      expect((await call(name, viewer, { params: { orderId: 'abc' } })).status).toBe(404);
    }
  });
});

describe('provider picker', () => {
  it('answers a list for a search and a page for a page, never with the API token', async () => {
    const list = await call('providersAvailableForOrderRecreate', manager, { query: { search: 'panel' } });
    expect(list.status).toBe(200);
    const items = providerOptionSchema.array().parse(list.body);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.name.toLowerCase().includes('panel'))).toBe(true);
    // Disabled and archived providers are never offered.
    const unusable = await rows<{ id: number }>(t.db, sql`SELECT id FROM providers WHERE status <> 'active' OR is_archived`);
    expect(unusable.length).toBeGreaterThan(0);
    expect(items.some((p) => unusable.some((u) => u.id === p.id))).toBe(false);
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const page = providerOptionsPageSchema.parse((await call('providersAvailableForOrderRecreate', manager, { query: { page: 1 } })).body);
    expect(page).toMatchObject({ currentPage: 1, lastPage: 1 });
    expect(page.items.map((p) => p.name)).toEqual([...page.items.map((p) => p.name)].sort());

    const { serviceId, providerId } = await servedService();
    const forService = providerOptionSchema.array().parse((await call('providersAvailableForOrderRecreate', manager, { query: { serviceId } })).body);
    expect(forService.map((p) => p.id)).toContain(providerId);
    expect((await call('providersAvailableForOrderRecreate', viewer, { query: { search: '' } })).status).toBe(403);
  });
});

describe('permissions', () => {
  it('a member with viewOrders only gets 403 on every action, and nothing changes', async () => {
    const orders = {
      moderation: await makeOrder({ status: 'in_moderation' }),
      processing: await makeOrder({ status: 'in_processing' }),
      stopped: await makeOrder({ status: 'stopped' }),
    };
    const { providerId } = await servedService();
    const snapshot = async () =>
      JSON.stringify({
        orders: await rows(t.db, sql`SELECT * FROM orders WHERE id IN ${Object.values(orders).map((o) => o.id)} ORDER BY id`),
        transactions: await one(t.db, sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS s FROM transactions`),
        audits: await one(t.db, sql`SELECT count(*)::int AS n FROM audit_entries`),
        logs: await one(t.db, sql`SELECT count(*)::int AS n FROM change_logs`),
      });
    const before = await snapshot();
    const attempts: [EndpointName, unknown][] = [
      ['ordersApprove', { orderId: orders.moderation.id }],
      ['ordersReject', { orderId: orders.moderation.id }],
      ['ordersActivate', { orderId: orders.stopped.id }],
      ['ordersPause', { orderId: orders.processing.id }],
      ['ordersComplete', { orderId: orders.processing.id }],
      ['ordersCancel', { orderId: orders.processing.id, ...CANCEL, returnMoney: true }],
      ['ordersBulkCancel', { ordersIds: [orders.processing.id], ...CANCEL, returnMoney: true }],
      ['ordersBulkActivate', { ordersIds: [orders.stopped.id] }],
      ['ordersBulkPause', { ordersIds: [orders.processing.id] }],
      ['ordersBulkComplete', { ordersIds: [orders.processing.id] }],
      ['ordersChangeUrl', { orderId: orders.processing.id, url: 'https://example.test/forbidden' }],
      ['ordersUpdateComment', { orderId: orders.processing.id, comment: 'forbidden' }],
      ['ordersChangeProvider', { orderIds: [orders.processing.id], providerId }],
    ];
    for (const [name, body] of attempts) {
      const res = await call(name, viewer, { body });
      expect(res.status, name).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('reads need viewOrders', async () => {
    const nobody = (await t.createMember({ permissions: ['viewUsers'] })).token;
    expect((await call('ordersTable', nobody, { body: {} })).status).toBe(403);
    expect((await call('ordersCancelReasons', nobody)).status).toBe(403);
    expect((await call('ordersShow', nobody, { params: { orderId: 1 } })).status).toBe(403);
    expect((await call('ordersTable', viewer, { body: {} })).status).toBe(200);
  });
});

describe('the demo order book', () => {
  it('seeds SEED_ORDERS orders across every status and source, with money that adds up', async () => {
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(n).toBeGreaterThanOrEqual(seedOrdersCount());
    const statuses = (await rows<{ status: string }>(t.db, sql`SELECT DISTINCT status FROM orders`)).map((r) => r.status).sort();
    expect(statuses).toEqual([...ORDER_STATUSES].sort());
    const sources = (await rows<{ source: string }>(t.db, sql`SELECT DISTINCT source FROM orders`)).map((r) => r.source).sort();
    expect(sources).toEqual([...ORDER_SOURCES].sort());
    const types = (await rows<{ t: string }>(t.db, sql`SELECT DISTINCT source_type AS t FROM orders WHERE source_type IS NOT NULL`)).map((r) => r.t).sort();
    expect(types).toEqual(['combo_order', 'drip_feed', 'subscription']);

    // Balance == SUM(main transactions) for every customer, after the seed.
    const [{ bad }] = await rows<{ bad: number }>(
      t.db,
      sql`SELECT count(*)::int AS bad FROM users u
           WHERE u.balance <> coalesce((SELECT sum(amount) FROM transactions x WHERE x.user_id = u.id AND x.balance_type = 'main'), 0)`,
    );
    expect(bad).toBe(0);
    // Every paid order was debited once, every refund credited, within what was paid.
    const [money] = await rows<{ unpaid_debits: number; missing_debits: number; refund_mismatch: number; over: number }>(
      t.db,
      sql`SELECT
        (SELECT count(*)::int FROM orders o WHERE NOT o.is_paid AND EXISTS (SELECT 1 FROM transactions x WHERE x.order_id = o.id AND x.type = 'order')) AS unpaid_debits,
        (SELECT count(*)::int FROM orders o WHERE o.is_paid AND (SELECT coalesce(-sum(amount), 0) FROM transactions x WHERE x.order_id = o.id AND x.type = 'order') <> o.price) AS missing_debits,
        (SELECT count(*)::int FROM orders o WHERE (SELECT coalesce(sum(amount), 0) FROM transactions x WHERE x.order_id = o.id AND x.type = 'refund') <> o.refund_amount) AS refund_mismatch,
        (SELECT count(*)::int FROM orders o WHERE o.refund_amount > CASE WHEN o.is_paid THEN o.price ELSE 0 END) AS over`,
    );
    expect(money).toEqual({ unpaid_debits: 0, missing_debits: 0, refund_mismatch: 0, over: 0 });
    // "No providers" only on open orders; some in moderation for the counters.
    const [flags] = await rows<{ final_flagged: number; open_flagged: number; moderation: number }>(
      t.db,
      sql`SELECT count(*) FILTER (WHERE has_no_active_providers AND status IN ('completed', 'canceled'))::int AS final_flagged,
                 count(*) FILTER (WHERE has_no_active_providers AND status NOT IN ('completed', 'canceled'))::int AS open_flagged,
                 count(*) FILTER (WHERE status = 'in_moderation')::int AS moderation
            FROM orders`,
    );
    expect(flags.final_flagged).toBe(0);
    expect(flags.open_flagged).toBeGreaterThan(0);
    expect(flags.moderation).toBeGreaterThan(0);
  });

  it('refreshHasNoActiveProviders follows the providers of a service', async () => {
    const { serviceId } = await servedService();
    const open = await makeOrder({ status: 'in_processing' });
    const done = await makeOrder({ status: 'completed' });
    await t.db.execute(sql`UPDATE orders SET service_id = ${serviceId}, has_no_active_providers = false WHERE id IN ${[open.id, done.id]}`);
    const links = await rows<{ provider_service_id: number; is_active: boolean }>(
      t.db,
      sql`SELECT provider_service_id, is_active FROM service_providers WHERE service_id = ${serviceId}`,
    );
    const flagOf = async (id: number) => (await one<{ f: boolean }>(t.db, sql`SELECT has_no_active_providers AS f FROM orders WHERE id = ${id}`))!.f;
    try {
      await t.db.execute(sql`UPDATE service_providers SET is_active = false WHERE service_id = ${serviceId}`);
      expect(await refreshHasNoActiveProviders(t.db, [serviceId])).toBeGreaterThan(0);
      expect(await flagOf(open.id)).toBe(true);
      expect(await flagOf(done.id)).toBe(false);
    } finally {
      for (const l of links) {
        await t.db.execute(
          sql`UPDATE service_providers SET is_active = ${l.is_active} WHERE service_id = ${serviceId} AND provider_service_id = ${l.provider_service_id}`,
        );
      }
    }
    await refreshHasNoActiveProviders(t.db, [serviceId]);
    expect(await flagOf(open.id)).toBe(false);
  });
});
