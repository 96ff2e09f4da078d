import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, newIdempotencyKey } from '../../../src/contract/idempotency';
import type { OrderStatus } from '../../../src/contract/orders';
import { one, rows } from '../../../src/server/db/client';
import { CANCEL_REASONS } from '../../../src/server/areas/orders/seed';
import { flushCounters } from '../../../src/server/realtime/counters';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * Idempotency-Key through the real app on PGlite: a repeated request gets the first answer again
 * (successes and 4xx alike) and changes nothing more; another request under the same key, a bad
 * key, or a key still in use is refused; keys are per staff member and expire after a day.
 * Requests without the header behave as before.
 */

let t: TestApp;
let manager: string;
let admin: string;
const usedUsers = new Set<number>();

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager@example.com', 'password');
  admin = await t.login('admin@example.com', 'password');
});

afterAll(async () => {
  if (t) await flushCounters(t.deps);
  await t?.close();
});

interface Answer {
  status: number;
  body: any;
  text: string;
  replayed: boolean;
}

async function send(name: EndpointName, token: string, body: unknown, key?: string): Promise<Answer> {
  const e = endpoints[name];
  const res = await t.request(e.method, e.path, { token, body, headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' };
}

async function freshUser(): Promise<number> {
  const found = await rows<{ id: number }>(t.db, sql`SELECT id FROM users ORDER BY id DESC LIMIT 200`);
  const pick = found.find((r) => !usedUsers.has(r.id));
  if (!pick) throw new Error('no unused user');
  usedUsers.add(pick.id);
  return pick.id;
}

/** A paid order of a fresh customer, with its top-up and debit so the balance adds up. */
async function makeOrder(status: OrderStatus, price = '20.0000'): Promise<{ id: number; userId: number }> {
  const userId = await freshUser();
  const svc = await one<{ service_id: number }>(t.db, sql`SELECT service_id FROM service_providers WHERE is_active ORDER BY service_id LIMIT 1`);
  const row = await one<{ id: number | string }>(
    t.db,
    sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, current_quantity, is_paid)
        VALUES (${status}, ${userId}, ${svc!.service_id}, 'Test order', ${`https://example.test/${newIdempotencyKey()}`}, ${price}::numeric, 4, 1000, 0, true)
        RETURNING id`,
  );
  const id = Number(row!.id);
  await t.db.execute(sql`INSERT INTO transactions (user_id, amount, type, transaction_type) VALUES (${userId}, ${price}::numeric, 'deposit', 'income')`);
  await t.db.execute(
    sql`INSERT INTO transactions (user_id, amount, type, transaction_type, order_id) VALUES (${userId}, -${price}::numeric, 'order', 'expense', ${id})`,
  );
  return { id, userId };
}

const statusOf = async (id: number) => (await one<{ status: OrderStatus }>(t.db, sql`SELECT status FROM orders WHERE id = ${id}`))!.status;
const auditCount = async (id: number) =>
  (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_entries WHERE auditable_type = 'order' AND auditable_id = ${id}`))!.n;
const changeLogCount = async (id: number) =>
  (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM change_logs WHERE model_type = 'order' AND model_id = ${id}`))!.n;
const balanceOf = async (userId: number) => (await one<{ b: string }>(t.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b;
const sumOf = async (userId: number) =>
  (await one<{ s: string }>(
    t.db,
    sql`SELECT coalesce(sum(amount), 0)::numeric(14,4)::text AS s FROM transactions WHERE user_id = ${userId} AND balance_type = 'main'`,
  ))!.s;
const refundCount = async (orderId: number) =>
  (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM transactions WHERE order_id = ${orderId} AND type = 'refund'`))!.n;

const CANCEL = { cancelReason: CANCEL_REASONS[0].value, cancelDescription: 'Checked with the customer', sendEmailNotification: false };

describe('a repeated request with the same key', () => {
  it('gets the same status and body again, marked as replayed, and the order changes once', async () => {
    const { id } = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    const first = await send('ordersApprove', manager, { orderId: id }, key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    expect(first.body.order.status).toBe('in_processing');

    const again = await send('ordersApprove', manager, { orderId: id }, key);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe(true);
    expect(again.text).toBe(first.text);
    expect(await auditCount(id)).toBe(1);
    expect(await changeLogCount(id)).toBe(1);
  });

  it('is the same request whatever the order of the body fields', async () => {
    const { id } = await makeOrder('in_processing');
    const key = newIdempotencyKey();
    const body = { orderId: id, returnMoney: false, ...CANCEL };
    const first = await send('ordersCancel', manager, body, key);
    expect(first.status).toBe(200);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await send('ordersCancel', manager, reordered, key);
    expect(again).toMatchObject({ status: 200, replayed: true, text: first.text });
  });

  it('replays a cancel with refund without refunding twice', async () => {
    const { id, userId } = await makeOrder('in_processing', '20.0000');
    const before = await balanceOf(userId);
    const key = newIdempotencyKey();
    const body = { orderId: id, ...CANCEL, returnMoney: true, amount: '12.3456' };

    const first = await send('ordersCancel', manager, body, key);
    expect(first.status).toBe(200);
    expect(first.body.refunded).toBe('12.3456');
    const again = await send('ordersCancel', manager, body, key);
    expect(again).toMatchObject({ status: 200, replayed: true, text: first.text });

    expect(await refundCount(id)).toBe(1);
    expect(Number(await balanceOf(userId)) - Number(before)).toBeCloseTo(12.3456, 4);
    expect(await balanceOf(userId)).toBe(await sumOf(userId));
  });

  it('replays a 409 as the same 409, even when the request would now succeed', async () => {
    const { id } = await makeOrder('in_processing');
    const key = newIdempotencyKey();
    const first = await send('ordersApprove', manager, { orderId: id }, key);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(`Order ${id} cannot be approved: it is in processing.`);

    // Were the request run again, it would approve the order now.
    await t.db.execute(sql`UPDATE orders SET status = 'in_moderation' WHERE id = ${id}`);
    const again = await send('ordersApprove', manager, { orderId: id }, key);
    expect(again).toMatchObject({ status: 409, replayed: true, text: first.text });
    expect(await statusOf(id)).toBe('in_moderation');
    expect(await auditCount(id)).toBe(0);
  });

  it('replays a validation 422 of the body as it was', async () => {
    const key = newIdempotencyKey();
    const first = await send('ordersApprove', manager, { orderId: 'not a number' }, key);
    expect(first.status).toBe(422);
    expect(first.body.errors.orderId).toBeDefined();
    expect(await send('ordersApprove', manager, { orderId: 'not a number' }, key)).toMatchObject({ status: 422, replayed: true, text: first.text });
  });
});

describe('keys that cannot be used', () => {
  it('another body under a used key is a 422 on the header, and nothing runs', async () => {
    const a = await makeOrder('in_moderation');
    const b = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    expect((await send('ordersApprove', manager, { orderId: a.id }, key)).status).toBe(200);

    const other = await send('ordersApprove', manager, { orderId: b.id }, key);
    expect(other.status).toBe(422);
    expect(other.body.errors[IDEMPOTENCY_KEY_HEADER]).toEqual(['This idempotency key was already used for a different request.']);
    expect(other.body.message).toBe('This idempotency key was already used for a different request.');
    expect(await statusOf(b.id)).toBe('in_moderation');
    expect(await auditCount(b.id)).toBe(0);
  });

  it('the same key on another endpoint is another request: 422', async () => {
    const { id } = await makeOrder('in_processing');
    const key = newIdempotencyKey();
    expect((await send('ordersPause', manager, { orderId: id }, key)).status).toBe(200);
    const other = await send('ordersComplete', manager, { orderId: id }, key);
    expect(other.status).toBe(422);
    expect(await statusOf(id)).toBe('stopped');
  });

  it('an empty, too long or non-ASCII key is a 422 on the header, and nothing runs', async () => {
    const { id } = await makeOrder('in_moderation');
    for (const key of ['', 'k'.repeat(256), 'cl\u00e9', 'tab\there']) {
      const res = await send('ordersApprove', manager, { orderId: id }, key);
      expect(res.status, JSON.stringify(key)).toBe(422);
      expect(res.body.errors[IDEMPOTENCY_KEY_HEADER]).toEqual(['The idempotency key must be 1 to 255 printable ASCII characters.']);
    }
    expect(await statusOf(id)).toBe('in_moderation');
    expect(await auditCount(id)).toBe(0);
    // The longest and the plainest keys are fine.
    expect((await send('ordersApprove', manager, { orderId: id }, 'k'.repeat(255))).status).toBe(200);
  });

  it('a key whose first request is still running is a 409, and nothing runs', async () => {
    const { id } = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    expect((await send('ordersApprove', manager, { orderId: id }, key)).status).toBe(200);
    await asRunning(key, id);

    const busy = await send('ordersApprove', manager, { orderId: id }, key);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ message: 'A request with this idempotency key is still being processed. Try again shortly.' });
    expect(await statusOf(id)).toBe('in_moderation');
  });

  it('a claim left for minutes by a request that never answered is taken over', async () => {
    const { id } = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    expect((await send('ordersApprove', manager, { orderId: id }, key)).status).toBe(200);
    await asRunning(key, id, '6 minutes');

    const retry = await send('ordersApprove', manager, { orderId: id }, key);
    expect(retry).toMatchObject({ status: 200, replayed: false });
    expect(await statusOf(id)).toBe('in_processing');
  });
});

/**
 * Turns the stored answer of `key` back into the claim of a request that started `age` ago and
 * has not answered, and puts its order back in moderation.
 */
async function asRunning(key: string, orderId: number, age = '0 seconds'): Promise<void> {
  await t.db.execute(sql`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, created_at = now() - ${age}::interval WHERE key = ${key}`);
  await t.db.execute(sql`UPDATE orders SET status = 'in_moderation' WHERE id = ${orderId}`);
}

describe('keys per staff member', () => {
  it("another member's use of the same key runs their own request and never gets the first answer", async () => {
    const { id } = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    const mine = await send('ordersApprove', manager, { orderId: id }, key);
    expect(mine.status).toBe(200);

    const theirs = await send('ordersApprove', admin, { orderId: id }, key);
    expect(theirs.replayed).toBe(false);
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(`Order ${id} cannot be approved: it is in processing.`);

    // The first member still gets their own answer.
    expect(await send('ordersApprove', manager, { orderId: id }, key)).toMatchObject({ status: 200, replayed: true, text: mine.text });
    expect(await auditCount(id)).toBe(1);
  });

  it('a member without the permission gets 403 under a used key, not the stored answer', async () => {
    const { id } = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    expect((await send('ordersApprove', manager, { orderId: id }, key)).status).toBe(200);
    const viewer = (await t.createMember({ permissions: ['viewOrders'] })).token;
    const denied = await send('ordersApprove', viewer, { orderId: id }, key);
    expect(denied.status).toBe(403);
    expect(denied.replayed).toBe(false);
  });
});

describe('lifetime of a key', () => {
  it('a key older than a day is forgotten: the same key runs a new request', async () => {
    const a = await makeOrder('in_moderation');
    const b = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    expect((await send('ordersApprove', manager, { orderId: a.id }, key)).status).toBe(200);
    await t.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`);
    const later = await send('ordersApprove', manager, { orderId: b.id }, key);
    expect(later).toMatchObject({ status: 200, replayed: false });
    expect(await statusOf(b.id)).toBe('in_processing');
  });

  it('a server error releases the key, so the retry runs for real', async () => {
    const { id } = await makeOrder('in_moderation');
    const key = newIdempotencyKey();
    const db = t.deps.database.db;
    const transaction = db.transaction;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    db.transaction = (() => Promise.reject(new Error('database went away'))) as typeof db.transaction;
    try {
      expect((await send('ordersApprove', manager, { orderId: id }, key)).status).toBe(500);
    } finally {
      db.transaction = transaction;
      quiet.mockRestore();
    }
    const retry = await send('ordersApprove', manager, { orderId: id }, key);
    expect(retry).toMatchObject({ status: 200, replayed: false });
    expect(await auditCount(id)).toBe(1);
  });
});

describe('requests without a key', () => {
  it('behave as before: each one runs', async () => {
    const { id } = await makeOrder('in_moderation');
    const first = await send('ordersApprove', manager, { orderId: id });
    expect(first).toMatchObject({ status: 200, replayed: false });
    const second = await send('ordersApprove', manager, { orderId: id });
    expect(second).toMatchObject({ status: 409, replayed: false });
    expect(await auditCount(id)).toBe(1);
  });

  it('reads and non-mutating endpoints ignore the header', async () => {
    const key = newIdempotencyKey();
    const res = await t.request('GET', endpoints.profile.path, { token: manager, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    expect(res.status).toBe(200);
    const table = await send('ordersTable', manager, { options: { itemsPerPage: 1 } }, key);
    expect(table.status).toBe(200);
    const tableAgain = await send('ordersTable', manager, { options: { itemsPerPage: 2 } }, key);
    expect(tableAgain).toMatchObject({ status: 200, replayed: false });
    const stored = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`);
    expect(stored!.n).toBe(0);
  });
});
