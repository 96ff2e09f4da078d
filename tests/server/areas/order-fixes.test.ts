import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../../../src/server/db/client';
import { createTestApp, type TestApp } from '../helpers/testServer';
import { insertTestService } from '../helpers/testService';

/**
 * Manual fixes on an order (docs/upstream.md): Set partial completes it with what was delivered
 * and refunds the undelivered share once, through the ledger; Edit start count and remains corrects
 * what the provider reported. Bad input is a 422 on its field, a finished order a 409. The race of
 * many requests at once runs on PostgreSQL (order-fixes-postgres.test.ts).
 */

let t: TestApp;
let manager: string;
let viewer: string;
let serviceId: number;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  manager = (await t.createMember({ permissions: ['viewOrders', 'manageOrders'] })).token;
  viewer = (await t.createMember({ permissions: ['viewOrders'] })).token;
  serviceId = await insertTestService(t.db);
  userId = (await one<{ id: number }>(t.db, sql`INSERT INTO users (name, email, balance) VALUES ('Pat', 'pat@example.test', 0) RETURNING id`))!.id;
});

afterAll(async () => {
  await t?.close();
});

async function paidOrder(status = 'in_processing', price = '10.0000', delivered = 0): Promise<number> {
  return (await one<{ id: number }>(
    t.db,
    sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, current_quantity, is_paid, source)
        VALUES (${status}, ${userId}, ${serviceId}, 'Followers', 'https://instagram.com/pat', ${price}, '1.0000', 1000, ${delivered}, true, 'cabinet')
        RETURNING id::int AS id`,
  ))!.id;
}
const money = async () =>
  (await one<{ balance: string; sum: string; refunds: number }>(
    t.db,
    sql`SELECT u.balance::text AS balance,
               coalesce((SELECT sum(amount) FROM transactions WHERE user_id = u.id AND balance_type = 'main'), 0)::numeric(14,4)::text AS sum,
               (SELECT count(*)::int FROM transactions WHERE user_id = u.id AND type = 'refund') AS refunds
          FROM users u WHERE u.id = ${userId}`,
  ))!;
const orderOf = async (id: number) =>
  (await one<{ status: string; current_quantity: number; refund_amount: string; start_count: number | null }>(
    t.db,
    sql`SELECT status, current_quantity, refund_amount::text, start_count FROM orders WHERE id = ${id}`,
  ))!;

describe('set partial', () => {
  it('completes the order with quantity − remains delivered and refunds the undelivered share once', async () => {
    const id = await paidOrder('stopped');
    const before = await money();
    const res = await t.request('POST', '/api/v1/admin/orders/set-partial', { token: manager, body: { orderId: id, remains: 400 } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ refunded: '4.0000', order: { id, status: 'completed' } });
    expect(body.message).toBe(`Order ${id} set partial; 4.00 refunded.`);
    expect(await orderOf(id)).toMatchObject({ status: 'completed', current_quantity: 600, refund_amount: '4.0000' });
    const after = await money();
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(4, 10);
    expect(after.balance).toBe(after.sum);
    expect(after.refunds).toBe(before.refunds + 1);

    const again = await t.request('POST', '/api/v1/admin/orders/set-partial', { token: manager, body: { orderId: id, remains: 400 } });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(`Order ${id} cannot be set partial: it is completed.`);
    expect(await money()).toEqual(after);
  });

  it('refunds only what earlier refunds left', async () => {
    const id = await paidOrder('in_processing', '10.0000', 100);
    await t.db.execute(sql`UPDATE orders SET refund_amount = 1 WHERE id = ${id}`);
    const res = await t.request('POST', '/api/v1/admin/orders/set-partial', { token: manager, body: { orderId: id, remains: 500 } });
    expect((await res.json()).refunded).toBe('4.0000'); // 10 × 500/1000 − 1
  });

  it('answers 422 on remains that are not below the quantity or not a positive integer, 404 on no order, 403 without manageOrders', async () => {
    const id = await paidOrder();
    for (const [remains, message] of [
      [1000, "The remains must be less than the order's quantity (1000)."],
      [0, 'The remains must be at least 1.'],
      ['abc', 'The remains must be a whole number.'],
      [1.5, 'The remains must be a whole number.'],
      [-3, 'The remains must be at least 1.'],
    ] as const) {
      const res = await t.request('POST', '/api/v1/admin/orders/set-partial', { token: manager, body: { orderId: id, remains } });
      expect(res.status, String(remains)).toBe(422);
      expect((await res.json()).errors.remains).toContain(message);
    }
    expect((await t.request('POST', '/api/v1/admin/orders/set-partial', { token: manager, body: { orderId: 99_999_999, remains: 1 } })).status).toBe(404);
    expect((await t.request('POST', '/api/v1/admin/orders/set-partial', { token: viewer, body: { orderId: id, remains: 1 } })).status).toBe(403);
    expect((await orderOf(id)).status).toBe('in_processing');
  });

  it('is offered on orders in processing or stopped only', async () => {
    const open = await paidOrder('in_processing');
    const done = await paidOrder('completed');
    const flags = async (id: number) => (await (await t.request('GET', `/api/v1/admin/orders/${id}`, { token: manager })).json()).actions;
    expect(await flags(open)).toMatchObject({ partialable: true, countsEditable: true });
    expect(await flags(done)).toMatchObject({ partialable: false, countsEditable: false });
  });
});

describe('edit start count and remains', () => {
  it('sets the start count and the delivered count from remains, moving no money', async () => {
    const id = await paidOrder();
    const before = await money();
    const res = await t.request('POST', '/api/v1/admin/orders/edit-counts', { token: manager, body: { orderId: id, startCount: 1234, remains: 250 } });
    expect(res.status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ status: 'in_processing', current_quantity: 750, start_count: 1234, refund_amount: '0.0000' });
    expect(await money()).toEqual(before);
    const logs = await t.request('GET', `/api/v1/admin/orders/${id}/change-logs`, { token: manager });
    expect(JSON.stringify(await logs.json())).toContain('delivered 0 -> 750');
  });

  it('answers 422 on remains past the quantity and 409 on a finished order', async () => {
    const id = await paidOrder();
    const res = await t.request('POST', '/api/v1/admin/orders/edit-counts', { token: manager, body: { orderId: id, remains: 1001 } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.remains).toEqual(["The remains may not be greater than the order's quantity (1000)."]);
    const done = await paidOrder('completed');
    expect((await t.request('POST', '/api/v1/admin/orders/edit-counts', { token: manager, body: { orderId: done, remains: 0 } })).status).toBe(409);
  });
});
