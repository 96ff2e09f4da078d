import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { askToCancelDemo, settleForwardedCancelRequests } from '../../../src/server/areas/orders/cancelRequests';
import { one, rows } from '../../../src/server/db/client';
import { ensureSimAccount } from '../../../src/server/provider-sim/catalogue';
import { startProviderSimServer, type ProviderSimServer } from '../../../src/server/provider-sim/standalone';
import { setUpstreamFetch } from '../../../src/server/upstream/calls';
import { createOrderWorker } from '../../../src/server/upstream/worker';
import { createTestApp, type TestApp } from '../helpers/testServer';
import { insertTestService } from '../helpers/testService';

/**
 * Customers' cancel requests: asked through the customer API (`cancel`, as API v2 panels answer it),
 * worked by staff on /cancel-requests — forwarded to the provider (accepted is not canceled: the
 * order is canceled and refunded when the provider's status says so), rejected with a note, or
 * canceled here with the refund of the undelivered share, once.
 */

let t: TestApp;
let sim: ProviderSimServer;
let nowMs = 9_000_000;
const timing = { pendingMs: 1000, pendingJitterMs: 0, processingMs: 1000, msPerUnit: 10, minDurationMs: 5000, maxDurationMs: 60_000 };
let worker: ReturnType<typeof createOrderWorker>;
let userId: number;
let otherUserId: number;
let serviceId: number;
let providerId: number;
let key: string;
let manager: string;
let viewer: string;

async function v2(fields: Record<string, string | number>, apiKey = key) {
  const res = await t.app.request('/api/v2', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries({ key: apiKey, ...fields }).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function paidOrder(owner = userId, status = 'in_processing', url = 'https://instagram.com/pat'): Promise<number> {
  return (await one<{ id: number }>(
    t.db,
    sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, source, provider_id)
        VALUES (${status}, ${owner}, ${serviceId}, 'Followers', ${url}, '10.0000', '1.7000', 1000, true, 'api', ${providerId})
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
const requestsOf = (orderId: number) =>
  rows<{ id: number; status: string; note: string | null; error: string | null }>(
    t.db,
    sql`SELECT id::int AS id, status, note, error FROM cancel_requests WHERE order_id = ${orderId} ORDER BY id`,
  );
const orderOf = async (id: number) =>
  (await one<{ status: string; refund_amount: string; current_quantity: number }>(
    t.db,
    sql`SELECT status, refund_amount::text, current_quantity FROM orders WHERE id = ${id}`,
  ))!;

async function asked(orderId: number): Promise<number> {
  expect((await v2({ action: 'cancel', order: orderId })).body).toEqual({ cancel: 1 });
  return (await requestsOf(orderId)).at(-1)!.id;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  sim = await startProviderSimServer(t.database, { now: () => nowMs, timing });
  await ensureSimAccount(t.db, 'cancel-key', '1000.0000');
  const q = t.db;
  serviceId = await insertTestService(q, { defaultPrice: '10' });
  await q.execute(sql`UPDATE services SET cancel_by_client_is_allowed = true WHERE id = ${serviceId}`);
  providerId = (await one<{ id: number }>(
    q,
    sql`INSERT INTO providers (name, endpoint, api_token, type) VALUES ('Sim', ${sim.endpoint}, 'cancel-key', 'socpanel') RETURNING id`,
  ))!.id;
  const ps = await one<{ id: number }>(
    q,
    sql`INSERT INTO provider_services (name, external_panel_id, external_panel_service_id, source_price) VALUES ('IG followers', ${providerId}, '11', '1.7000') RETURNING id`,
  );
  await q.execute(sql`INSERT INTO service_providers (service_id, provider_service_id, priority) VALUES (${serviceId}, ${ps!.id}, 1)`);
  userId = (await one<{ id: number }>(q, sql`INSERT INTO users (name, email, balance) VALUES ('Pat', 'pat@example.test', 0) RETURNING id`))!.id;
  otherUserId = (await one<{ id: number }>(q, sql`INSERT INTO users (name, email) VALUES ('Sam', 'sam@example.test') RETURNING id`))!.id;
  const admin = await t.memberWith(['viewUsers', 'editUsers']);
  key = (await t.ok('usersIssueApiKey', { params: { userId } }, admin)).key;
  manager = (await t.createMember({ permissions: ['viewOrders', 'manageOrders'] })).token;
  viewer = (await t.createMember({ permissions: ['viewOrders'] })).token;
  worker = createOrderWorker(t.deps, { counters: { changed: vi.fn() }, simulatorBaseUrl: new URL(sim.endpoint).origin });
  // Staff's calls reach the simulator in this process (its loopback address is not this app's own).
  setUpstreamFetch(((url: string, init: RequestInit) => fetch(url, init)) as never);
});

afterAll(async () => {
  setUpstreamFetch(null);
  await worker?.stop();
  await sim?.close();
  await t?.close();
});

describe('the customer API cancel action', () => {
  it("takes one own open order, or many with per-id errors, and never another customer's or a finished one", async () => {
    const open = await paidOrder();
    const done = await paidOrder(userId, 'completed');
    const theirs = await paidOrder(otherUserId);
    const many = await v2({ action: 'cancel', orders: `${open}, ${done},${theirs},abc` });
    expect(many.body).toEqual([
      { order: open, cancel: 1 },
      { order: done, cancel: { error: 'The order cannot be canceled: it is no longer active' } },
      { order: theirs, cancel: { error: 'Incorrect order ID' } },
      { order: 'abc', cancel: { error: 'Incorrect order ID' } },
    ]);
    expect(await requestsOf(open)).toMatchObject([{ status: 'pending' }]);
    expect(await requestsOf(theirs)).toEqual([]);
    // One open request per order.
    expect((await v2({ action: 'cancel', order: open })).body).toEqual({ error: 'A cancel of this order is already requested' });
    expect((await v2({ action: 'cancel', order: theirs })).body).toEqual({ error: 'Incorrect order ID' });
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await v2({ action: 'cancel', orders: ids })).body).toEqual({ error: 'At most 100 orders at a time.' });
  });

  it('refuses an order of a service customers may not cancel', async () => {
    const id = await paidOrder();
    await t.db.execute(sql`UPDATE services SET cancel_by_client_is_allowed = false WHERE id = ${serviceId}`);
    try {
      expect((await v2({ action: 'cancel', order: id })).body).toEqual({ error: 'Cancel is not available for this order' });
    } finally {
      await t.db.execute(sql`UPDATE services SET cancel_by_client_is_allowed = true WHERE id = ${serviceId}`);
    }
  });
});

describe("the demo's simulated customers", () => {
  it('now and then ask to cancel one of their open orders, through the same action', async () => {
    const id = await paidOrder();
    const client = {
      customer: { id: userId, email: 'pat@example.test', name: 'Pat' },
      deps: t.deps,
      v2: async (action: string, fields: Record<string, string | number> = {}) => (await v2({ action, ...fields })).body,
    };
    expect(await askToCancelDemo.run(client)).toBe(true);
    expect(await requestsOf(id)).toMatchObject([{ status: 'pending' }]);
  });
});

describe('the list and its actions', () => {
  it('lists requests with filters; a viewer reads but may not act', async () => {
    const id = await paidOrder();
    const requestId = await asked(id);
    const table = await t.ok(
      'cancelRequestsTable',
      {
        body: {
          headers: [
            { value: 'order.id', filter: id },
            { value: 'status', filter: ['pending'] },
          ],
        } as never,
      },
      viewer,
    );
    expect(table.items).toHaveLength(1);
    expect(table.items[0]).toMatchObject({
      id: requestId,
      status: 'pending',
      order: { id, status: 'in_processing' },
      user: { id: userId, email: 'pat@example.test' },
      provider: 'Sim',
      actions: { forwardable: false, rejectable: false, cancelable: false },
    });
    const forbidden = await t.call('cancelRequestsReject', { params: { cancelRequestId: requestId }, body: { note: 'No' } }, viewer);
    expect(forbidden.status).toBe(403);
  });

  it('rejects with a note (422 without one); the order goes on', async () => {
    const id = await paidOrder();
    const requestId = await asked(id);
    const empty = await t.call('cancelRequestsReject', { params: { cancelRequestId: requestId }, body: { note: ' ' } }, manager);
    expect(empty.status).toBe(422);
    expect((empty.body as any).errors.note).toBeDefined();
    const res = await t.ok('cancelRequestsReject', { params: { cancelRequestId: requestId }, body: { note: 'Already half delivered.' } }, manager);
    expect(res.cancelRequest).toMatchObject({ status: 'rejected', note: 'Already half delivered.' });
    expect((await orderOf(id)).status).toBe('in_processing');
    const again = await t.call('cancelRequestsReject', { params: { cancelRequestId: requestId }, body: { note: 'x' } }, manager);
    expect(again.status).toBe(409);
  });

  it('cancels here with the refund of the undelivered share, once under 30 parallel requests', async () => {
    const id = await paidOrder();
    await t.db.execute(sql`UPDATE orders SET current_quantity = 250 WHERE id = ${id}`);
    const requestId = await asked(id);
    const before = await money();
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.call('cancelRequestsCancel', { params: { cancelRequestId: requestId } }, manager)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(29);
    expect(await orderOf(id)).toMatchObject({ status: 'canceled', refund_amount: '7.5000' });
    expect(await requestsOf(id)).toMatchObject([{ status: 'canceled', note: 'Canceled here; 7.50 refunded.' }]);
    const after = await money();
    expect(after.refunds).toBe(before.refunds + 1);
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(7.5, 10);
    expect(after.balance).toBe(after.sum);
  });

  it('forwards to the provider; accepted is not canceled; the provider cancels and the refund lands once', async () => {
    const id = await paidOrder(userId, 'in_processing', 'https://instagram.com/pat/forwarded');
    await worker.runOnce(); // sent to the simulated provider
    expect((await one<{ external_id: string | null }>(t.db, sql`SELECT external_id FROM orders WHERE id = ${id}`))!.external_id).not.toBeNull();
    const requestId = await asked(id);
    const before = await money();

    const res = await t.ok('cancelRequestsForward', { params: { cancelRequestId: requestId } }, manager);
    expect(res.cancelRequest).toMatchObject({ status: 'forwarded', error: null });
    expect((await orderOf(id)).status).toBe('in_processing');
    expect(await settleForwardedCancelRequests(t.deps)).toBe(0); // the provider has not said Canceled yet
    expect((await money()).refunds).toBe(before.refunds);

    nowMs += 10;
    await worker.runOnce(); // the provider's status: Canceled -> the worker stops the order
    expect((await orderOf(id)).status).toBe('stopped');
    const [a, b] = await Promise.all([settleForwardedCancelRequests(t.deps), settleForwardedCancelRequests(t.deps)]);
    expect(a + b).toBe(1);
    expect(await orderOf(id)).toMatchObject({ status: 'canceled', refund_amount: '10.0000' });
    expect((await requestsOf(id))[0]).toMatchObject({ status: 'canceled', note: 'The provider canceled the order; 10.00 refunded.' });
    const after = await money();
    expect(after.refunds).toBe(before.refunds + 1);
    expect(after.balance).toBe(after.sum);
    expect(await settleForwardedCancelRequests(t.deps)).toBe(0);
  });

  it("keeps the provider's refusal on the request, which stays pending; an order at no provider cannot be forwarded", async () => {
    const id = await paidOrder();
    await t.db.execute(sql`UPDATE orders SET external_id = '999999' WHERE id = ${id}`);
    const requestId = await asked(id);
    const res = await t.call('cancelRequestsForward', { params: { cancelRequestId: requestId } }, manager);
    expect(res.status).toBe(422);
    expect((res.body as any).errors.cancel[0]).toMatch(/^Sim refused the cancel: /);
    expect((await requestsOf(id))[0]).toMatchObject({ status: 'pending' });
    expect((await requestsOf(id))[0].error).not.toBeNull();

    const nowhere = await paidOrder();
    const second = await asked(nowhere);
    const refused = await t.call('cancelRequestsForward', { params: { cancelRequestId: second } }, manager);
    expect(refused.status).toBe(409);
  });
});
