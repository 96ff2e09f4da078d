import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comboOrderDetailSchema, comboOrderRowSchema } from '../../../src/contract/combo-orders';
import { tableResponseSchema, type TableRequest } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { useTestApp, type Caller, type TestMember } from '../helpers/testServer';

/**
 * Combo orders through the real app with the demo seed: the table and its filters, the
 * in-moderation count, one combo order with its orders, approve / reject / complete with their orders (409 on repeat; reject refunds
 * what was paid and keeps balance = sum of transactions), and 403 with no change without
 * manageOrders.
 */

const t = useTestApp();
let admin: string;
let viewer: TestMember;
const tableOf = tableResponseSchema(comboOrderRowSchema);

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  viewer = await t.memberWith(['viewOrders']);
});

const table = async (as: Caller, body: TableRequest) => {
  const res = await t.call('comboOrdersTable', { body }, as);
  return { status: res.status, body: res.body as any };
};
const ACTIONS = { approve: 'comboOrdersApprove', reject: 'comboOrdersReject', complete: 'comboOrdersComplete' } as const;
const act = async (action: keyof typeof ACTIONS, comboOrderId: number, as: Caller = admin) => {
  const res = await t.call(ACTIONS[action], { body: { comboOrderId } }, as);
  return { status: res.status, body: res.body as any };
};
const comboAudit = (id: number, event: string) =>
  one<{ old_values: Record<string, unknown>; new_values: Record<string, unknown> }>(
    t.db,
    sql`SELECT old_values, new_values FROM audit_entries WHERE auditable_type = 'combo_order' AND auditable_id = ${id} AND event = ${event}`,
  );
const comboStatus = async (id: number) => (await one<{ status: string }>(t.db, sql`SELECT status FROM combo_orders WHERE id = ${id}`))?.status;
const childStatuses = async (id: number) =>
  (await rows<{ status: string }>(t.db, sql`SELECT status FROM orders WHERE source_type = 'combo_order' AND source_id = ${id} ORDER BY id`)).map(
    (r) => r.status,
  );
const balanceCheck = (userId: number) =>
  one<{ balance: string; sum: string }>(
    t.db,
    sql`SELECT u.balance::text AS balance, (SELECT coalesce(sum(amount), 0)::numeric(14,4)::text FROM transactions WHERE user_id = u.id AND balance_type = 'main') AS sum
        FROM users u WHERE u.id = ${userId}`,
  );

/** A paid combo order of two orders waiting in moderation (money recorded as the seed does). */
async function comboInModeration(): Promise<{ id: number; userId: number }> {
  const user = (await one<{ id: number }>(t.db, sql`SELECT id FROM users WHERE status = 'active' ORDER BY id DESC LIMIT 1`))!.id;
  const pkg = (await one<{ id: number }>(t.db, sql`SELECT id FROM packages WHERE type = 'auto' AND NOT is_archived ORDER BY id LIMIT 1`))!.id;
  const service = (await one<{ id: number }>(t.db, sql`SELECT id FROM services ORDER BY id LIMIT 1`))!.id;
  const combo = (await one<{ id: number }>(
    t.db,
    sql`INSERT INTO combo_orders (user_id, package_id, url, status, orders_count, price) VALUES (${user}, ${pkg}, 'https://x.test/combo', 'in_moderation', 2, '5.5000') RETURNING id`,
  ))!.id;
  for (const price of ['2.5000', '3.0000']) {
    const order = (await one<{ id: number }>(
      t.db,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, source, source_type, source_id)
          VALUES ('in_moderation', ${user}, ${service}, 'Combo part', 'https://x.test/combo', ${price}, '1.0000', 100, true, 'package', 'combo_order', ${combo})
          RETURNING id::int AS id`,
    ))!.id;
    await t.db.execute(
      sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, order_id) VALUES (${user}, -${price}::numeric, 'main', 'order', 'expense', ${order})`,
    );
    await t.db.execute(sql`UPDATE users SET balance = balance - ${price}::numeric, spent = spent + ${price}::numeric WHERE id = ${user}`);
  }
  return { id: combo, userId: user };
}

describe('combo orders table', () => {
  it('answers rows in the contract shape; a manual package counts one order', async () => {
    const { status, body } = await table(admin, { options: { itemsPerPage: -1 } });
    expect(status).toBe(200);
    const parsed = tableOf.parse(body);
    expect(parsed.totalItemsCount).toBeGreaterThan(0);
    expect(parsed.items.some((r) => r.package.type === 'manual')).toBe(true);
    for (const row of parsed.items) {
      if (row.package.type === 'manual') expect(row.ordersCount).toBe(1);
      expect(row.actions).toEqual({
        approvable: row.status === 'in_moderation',
        rejectable: row.status === 'in_moderation',
        completable: row.status === 'in_processing',
      });
    }
  });

  it('filters by status, package type and package; sorts; 422 on unknown keys', async () => {
    const open = await table(admin, { headers: [{ value: 'status', filter: ['in_processing'] }], options: { itemsPerPage: -1 } });
    const expected = (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM combo_orders WHERE status = 'in_processing'`))!.c;
    expect(open.body.totalItemsCount).toBe(expected);
    expect(open.body.items.every((r: any) => r.status === 'in_processing')).toBe(true);

    const manual = await table(admin, { headers: [{ value: 'package.type', filter: ['manual'] }], options: { itemsPerPage: -1 } });
    expect(manual.body.items.length).toBeGreaterThan(0);
    expect(manual.body.items.every((r: any) => r.package.type === 'manual')).toBe(true);
    const pkg = manual.body.items[0].package.id;
    const one_ = await table(admin, { headers: [{ value: 'package.name', filter: pkg }], options: { itemsPerPage: -1 } });
    expect(one_.body.items.every((r: any) => r.package.id === pkg)).toBe(true);

    const sorted = await table(admin, { options: { itemsPerPage: -1, sortBy: ['ordersCount'], sortDesc: [true] } });
    const counts = sorted.body.items.map((r: any) => r.ordersCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    expect((await table(admin, { headers: [{ value: 'package.type', filter: ['robot'] }] })).status).toBe(422);
    expect((await table(admin, { options: { sortBy: ['actions'] } })).status).toBe(422);
  });

  it('counts the combo orders in moderation', async () => {
    const expected = (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM combo_orders WHERE status = 'in_moderation'`))!.c;
    expect(await t.ok('comboOrdersInModeration', {}, viewer)).toEqual({ orders_in_moderation: expected });
    const nobody = await t.memberWith(['viewUsers']);
    expect((await t.call('comboOrdersInModeration', {}, nobody)).status).toBe(403);
  });
});

describe('one combo order', () => {
  it('answers the row, what was paid, its dates and its orders oldest first', async () => {
    const { id, userId } = await comboInModeration();
    const res = await t.call('comboOrdersShow', { params: { comboOrderId: id } }, viewer);
    expect(res.status).toBe(200);
    const detail = comboOrderDetailSchema.parse(res.body);
    const user = (await one<{ email: string; telegram_username: string | null }>(t.db, sql`SELECT email, telegram_username FROM users WHERE id = ${userId}`))!;
    expect(detail).toMatchObject({
      id,
      status: 'in_moderation',
      user: { id: userId, email: user.email, telegramUsername: user.telegram_username },
      url: 'https://x.test/combo',
      package: { type: 'auto' },
      ordersCount: 2,
      price: '5.5000',
      approvedAt: null,
      completedAt: null,
      canceledAt: null,
      // The viewer may read it, not act on it.
      actions: { approvable: false, rejectable: false, completable: false },
    });
    expect(detail.package.name).not.toBe('');
    expect(detail.orders.map((o) => [o.status, o.price, o.quantity])).toEqual([
      ['in_moderation', '2.5000', 100],
      ['in_moderation', '3.0000', 100],
    ]);
    expect(detail.orders[0].id).toBeLessThan(detail.orders[1].id);
    expect(detail.orders[0].service?.name).toEqual(expect.any(String));
    // The same record as its list row, with the flags of the member asking.
    expect((await t.call('comboOrdersShow', { params: { comboOrderId: id } }, admin)).body).toMatchObject({
      actions: { approvable: true, rejectable: true, completable: false },
    });
  });

  it('answers the combo order a member meets first in the demo data: the newest in processing (the list opens on them)', async () => {
    const seeded = await one<{ id: number; orders: number }>(
      t.db,
      sql`SELECT c.id, (SELECT count(*)::int FROM orders o WHERE o.source_type = 'combo_order' AND o.source_id = c.id) AS orders
            FROM combo_orders c WHERE c.status = 'in_processing' ORDER BY c.id DESC LIMIT 1`,
    );
    expect(seeded).toBeDefined();
    const detail = comboOrderDetailSchema.parse(await t.ok('comboOrdersShow', { params: { comboOrderId: seeded!.id } }, admin));
    expect(detail).toMatchObject({ id: seeded!.id, status: 'in_processing' });
    expect(detail.orders).toHaveLength(seeded!.orders);
    expect(detail.orders.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown or malformed id, never a 500; the in-moderation count keeps its path', async () => {
    expect(await t.call('comboOrdersShow', { params: { comboOrderId: 99999999 } }, admin)).toEqual({
      ok: false,
      status: 404,
      body: { message: 'Combo order 99999999 not found.' },
    });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999']) {
      expect(await t.call('comboOrdersShow', { params: { comboOrderId: bad } }, admin)).toMatchObject({
        status: 404,
        body: { message: 'Combo order not found.' },
      });
    }
    expect((await t.call('comboOrdersInModeration', {}, admin)).body).toEqual({ orders_in_moderation: expect.any(Number) });
  });

  it('needs viewOrders, as the list does', async () => {
    const { id } = await comboInModeration();
    const nobody = await t.memberWith(['viewUsers']);
    expect((await t.call('comboOrdersShow', { params: { comboOrderId: id } }, nobody)).status).toBe(403);
    expect((await t.call('comboOrdersTable', { body: {} }, nobody)).status).toBe(403);
  });
});

describe('transitions', () => {
  it('approve moves the combo and its orders in moderation to processing; repeats are 409', async () => {
    const { id } = await comboInModeration();
    const res = await act('approve', id);
    expect(res.status).toBe(200);
    expect(res.body.comboOrder).toMatchObject({ id, status: 'in_processing', actions: { approvable: false, rejectable: false, completable: true } });
    expect(await childStatuses(id)).toEqual(['in_processing', 'in_processing']);
    const orderIds = (
      await rows<{ id: number }>(t.db, sql`SELECT id::int AS id FROM orders WHERE source_type = 'combo_order' AND source_id = ${id} ORDER BY id`)
    ).map((r) => r.id);
    expect(await comboAudit(id, 'approved')).toEqual({ old_values: { status: 'in_moderation' }, new_values: { status: 'in_processing', orders: orderIds } });
    const logs = await rows<{ action_type: string }>(t.db, sql`SELECT action_type FROM change_logs WHERE model_type = 'order' AND model_id IN ${orderIds}`);
    expect(logs.map((l) => l.action_type)).toEqual(['approve', 'approve']);

    const again = await act('approve', id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Combo order ${id} cannot be approved: it is in processing.`);
    expect((await act('reject', id)).status).toBe(409);
  });

  it('reject cancels the combo and its orders and refunds what was paid, keeping balance = transactions', async () => {
    const { id, userId } = await comboInModeration();
    const before = await balanceCheck(userId);
    expect(before!.balance).toBe(before!.sum);
    const res = await act('reject', id);
    expect(res.status).toBe(200);
    expect(res.body.comboOrder.status).toBe('canceled');
    expect(await childStatuses(id)).toEqual(['canceled', 'canceled']);
    const after = await balanceCheck(userId);
    expect(after!.balance).toBe(after!.sum);
    expect(Number(after!.balance) - Number(before!.balance)).toBeCloseTo(5.5, 10);
    const refunds = await rows<{ amount: string }>(
      t.db,
      sql`SELECT t.amount::text AS amount FROM transactions t JOIN orders o ON o.id = t.order_id
          WHERE o.source_type = 'combo_order' AND o.source_id = ${id} AND t.type = 'refund' ORDER BY t.id`,
    );
    expect(refunds.map((r) => r.amount)).toEqual(['2.5000', '3.0000']);
    expect((await comboAudit(id, 'rejected'))?.new_values).toMatchObject({ status: 'canceled', refunded: '5.5000' });
    const log = await one<{ information: string }>(t.db, sql`SELECT information FROM change_logs WHERE model_type = 'combo_order' AND model_id = ${id}`);
    expect(log?.information).toBe(`Combo order ${id} rejected; 2 of its orders rejected, 5.5000 refunded.`);

    expect((await act('reject', id)).status).toBe(409);
    expect(Number((await balanceCheck(userId))!.balance)).toBeCloseTo(Number(after!.balance), 10);
  });

  it('complete finishes the combo and its running orders; repeats are 409', async () => {
    const { id } = await comboInModeration();
    await act('approve', id);
    const res = await act('complete', id);
    expect(res.status).toBe(200);
    expect(await comboStatus(id)).toBe('completed');
    expect(await childStatuses(id)).toEqual(['completed', 'completed']);
    expect((await act('complete', id)).status).toBe(409);
    expect((await act('complete', 99999999)).status).toBe(404);
  });

  it('validates the body', async () => {
    const res = await t.call('comboOrdersApprove', { body: { comboOrderId: 'x' as never } }, admin);
    expect(res).toMatchObject({ status: 422, body: { errors: { comboOrderId: expect.any(Array) } } });
  });

  it('forbids a member without manageOrders and changes nothing', async () => {
    const { id } = await comboInModeration();
    for (const action of ['approve', 'reject', 'complete'] as const) expect((await act(action, id, viewer)).status).toBe(403);
    expect(await comboStatus(id)).toBe('in_moderation');
    expect(await childStatuses(id)).toEqual(['in_moderation', 'in_moderation']);
    const { body } = await table(viewer, { headers: [{ value: 'id', filter: id }] });
    expect(body.items[0].actions).toEqual({ approvable: false, rejectable: false, completable: false });
  });
});
