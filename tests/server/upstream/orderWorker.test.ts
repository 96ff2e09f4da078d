import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeTableQuery } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { ensureSimAccount } from '../../../src/server/provider-sim/catalogue';
import { startProviderSimServer, type ProviderSimServer } from '../../../src/server/provider-sim/standalone';
import { resolveEndpoint } from '../../../src/server/upstream/target';
import { createOrderWorker, startOrderWorker } from '../../../src/server/upstream/worker';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * The order worker against the simulated provider over HTTP, on a clock the test moves: it sends
 * orders, follows them to the end (completed, or stopped after a partial delivery), records the
 * refusals, never touches a finished order, and sends a recreated attempt.
 */

let t: TestApp;
let sim: ProviderSimServer;
let nowMs = 5_000_000;
const advance = (ms: number) => void (nowMs += ms);
// Pending 1 s, Processing 1 s, delivery 10 ms per unit (1000 units: 10 s).
const timing = { pendingMs: 1000, pendingJitterMs: 0, processingMs: 1000, msPerUnit: 10, minDurationMs: 5000, maxDurationMs: 60_000 };
const counters = { changed: vi.fn() };
let worker: ReturnType<typeof createOrderWorker>;
let userId: number;
let serviceId: number;
let providerId: number;
let otherProviderId: number;
let admin: string;

interface OrderRow {
  status: string;
  current_quantity: number;
  external_id: string | null;
  provider_id: number | null;
  completed_at: string | null;
}
const orderOf = async (id: number) =>
  (await one<OrderRow>(t.db, sql`SELECT status, current_quantity, external_id, provider_id, completed_at::text FROM orders WHERE id = ${id}`))!;
const attemptsOf = (orderId: number) =>
  rows<{ id: number; status: string; external_id: string | null; error: string | null; quantity: number; provider_id: number; recreated_at: string | null }>(
    t.db,
    sql`SELECT id::int AS id, status, external_id, error, quantity, provider_id, recreated_at::text FROM external_panel_orders WHERE order_id = ${orderId} ORDER BY id`,
  );
const logsOf = (orderId: number) =>
  rows<{ action_type: string; information: string }>(
    t.db,
    sql`SELECT action_type, information FROM change_logs WHERE model_type = 'order' AND model_id = ${orderId} ORDER BY id`,
  );

async function newOrder(url: string, quantity = 1000): Promise<number> {
  const row = await one<{ id: number }>(
    t.db,
    sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, source, provider_id)
        VALUES ('in_processing', ${userId}, ${serviceId}, 'Instagram Followers', ${url}, '3.4000', '1.7000', ${quantity}, true, 'cabinet', ${providerId})
        RETURNING id::int AS id`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  sim = await startProviderSimServer(t.database, { now: () => nowMs, timing });
  await ensureSimAccount(t.db, 'worker-key', '1000.0000');
  const q = t.db;
  const network = await one<{ id: number }>(q, sql`INSERT INTO networks (name, network) VALUES ('Instagram', 'instagram') RETURNING id`);
  const type = await one<{ id: number }>(
    q,
    sql`INSERT INTO service_types (name, network_id, type) VALUES ('Instagram Followers', ${network!.id}, 'followers') RETURNING id`,
  );
  serviceId = (await one<{ id: number }>(
    q,
    sql`INSERT INTO services (name, service_type_id, default_price, min_quantity) VALUES ('Instagram Followers', ${type!.id}, '3.4000', 10) RETURNING id`,
  ))!.id;
  userId = (await one<{ id: number }>(q, sql`INSERT INTO users (name, email) VALUES ('Wendy', 'wendy@example.test') RETURNING id`))!.id;
  providerId = (await one<{ id: number }>(
    q,
    sql`INSERT INTO providers (name, endpoint, api_token, type) VALUES ('Sim', ${sim.endpoint}, 'worker-key', 'socpanel') RETURNING id`,
  ))!.id;
  otherProviderId = (await one<{ id: number }>(
    q,
    sql`INSERT INTO providers (name, endpoint, api_token, type) VALUES ('Sim again', ${sim.endpoint}, 'worker-key', 'perfect_panel') RETURNING id`,
  ))!.id;
  for (const p of [providerId, otherProviderId]) {
    const ps = await one<{ id: number }>(
      q,
      sql`INSERT INTO provider_services (name, external_panel_id, external_panel_service_id, source_price) VALUES ('IG followers', ${p}, '11', '1.7000') RETURNING id`,
    );
    await q.execute(
      sql`INSERT INTO service_providers (service_id, provider_service_id, priority) VALUES (${serviceId}, ${ps!.id}, ${p === providerId ? 1 : 2})`,
    );
  }
  // The simulator's own origin: its loopback address is allowed (providerTarget), as on the server.
  worker = createOrderWorker(t.deps, { counters, simulatorBaseUrl: new URL(sim.endpoint).origin });
  admin = (await t.createMember({ permissions: ['manageExternalPanelOrders', 'viewOrders', 'manageOrders'] })).token;
});

afterAll(async () => {
  await worker?.stop();
  await sim?.close();
  await t?.close();
});

describe('the order worker', () => {
  it('sends an order, follows its progress and completes it', async () => {
    const id = await newOrder('https://instagram.com/wendy#sim-complete');
    counters.changed.mockClear();

    const first = await worker.runOnce();
    expect(first).toMatchObject({ queued: 1, sent: 1, failed: 0 });
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ status: 'pending', quantity: 1000, error: null, provider_id: providerId });
    expect((await orderOf(id)).external_id).toBe(attempt.external_id);

    advance(2000 + 5000); // half of the delivery
    await worker.runOnce();
    expect((await attemptsOf(id))[0].status).toBe('in_progress');
    expect(await orderOf(id)).toMatchObject({ status: 'in_processing', current_quantity: 500, completed_at: null });

    advance(5000);
    const last = await worker.runOnce();
    expect(last.ordersChanged).toBe(1);
    const done = await orderOf(id);
    expect(done).toMatchObject({ status: 'completed', current_quantity: 1000 });
    expect(done.completed_at).not.toBeNull();
    expect((await attemptsOf(id))[0]).toMatchObject({ status: 'completed' });
    expect(counters.changed).toHaveBeenCalled();
    const logs = await logsOf(id);
    expect(logs.map((l) => l.action_type)).toEqual(['provider_accepted', 'provider_status', 'provider_status']);
    expect(logs[2].information).toContain('order in processing -> completed');

    // Nothing moves any more: the order is final and the attempt is no longer followed.
    advance(60_000);
    expect(await worker.runOnce()).toMatchObject({ queued: 0, sent: 0, polled: 0 });
  });

  it('stops an order the provider delivered only in part; recreate sends the rest elsewhere', async () => {
    const id = await newOrder('https://instagram.com/wendy/p/1#sim-partial');
    await worker.runOnce();
    advance(60_000);
    await worker.runOnce();
    const stopped = await orderOf(id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.current_quantity).toBeGreaterThan(0);
    expect(stopped.current_quantity).toBeLessThan(1000);
    const [partial] = await attemptsOf(id);
    expect(partial.status).toBe('partial');

    const list = await t.request('GET', `/api/v1/admin/external-panel-orders?${encodeTableQuery({ headers: [{ value: 'order.id', filter: id }] })}`, {
      token: admin,
    });
    const row = (await list.json()).items[0];
    expect(row).toMatchObject({ id: partial.id, status: 'partial', actions: { recreatable: true } });

    const left = 1000 - stopped.current_quantity;
    // The simulator plays a link's marked ending: the next provider delivers everything.
    await t.db.execute(sql`UPDATE orders SET url = 'https://instagram.com/wendy/p/1#sim-complete' WHERE id = ${id}`);
    const res = await t.request('POST', `/api/v1/admin/external-panel-orders/${partial.id}/recreate`, {
      token: admin,
      body: { quantity: left, providerId: otherProviderId },
    });
    expect(res.status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ status: 'in_processing', provider_id: otherProviderId, external_id: null });

    const round = await worker.runOnce();
    expect(round).toMatchObject({ queued: 0, sent: 1 });
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toMatchObject({ status: 'pending', quantity: left, provider_id: otherProviderId });
    advance(60_000);
    await worker.runOnce();
    expect(await orderOf(id)).toMatchObject({ status: 'completed', current_quantity: 1000 });
  });

  it('records a refusal on the attempt, keeps the order waiting and does not send it again', async () => {
    const id = await newOrder('https://instagram.com/wendy/p/2', 20); // the provider's minimum is 50
    const round = await worker.runOnce();
    expect(round).toMatchObject({ queued: 1, failed: 1 });
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ status: 'creating', external_id: null, error: 'Quantity less than minimal 50' });
    expect(await orderOf(id)).toMatchObject({ status: 'in_processing', external_id: null });
    expect((await logsOf(id)).map((l) => l.action_type)).toEqual(['provider_refused']);

    await worker.runOnce();
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('never touches an order that was finished meanwhile', async () => {
    const id = await newOrder('https://instagram.com/wendy/p/3#sim-complete');
    await worker.runOnce();
    await t.db.execute(sql`UPDATE orders SET status = 'canceled', canceled_at = now() WHERE id = ${id}`);
    advance(60_000);
    await worker.runOnce();
    expect(await orderOf(id)).toMatchObject({ status: 'canceled', current_quantity: 0, completed_at: null });
    expect((await attemptsOf(id))[0].status).toBe('completed');
  });

  it('closes an attempt whose order finished before it was sent, without calling the provider', async () => {
    const id = await newOrder('https://instagram.com/wendy/p/4');
    await t.db.execute(sql`INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, url)
      VALUES (${id}, ${providerId}, '11', 'creating', 1000, 'https://instagram.com/wendy/p/4')`);
    await t.db.execute(sql`UPDATE orders SET status = 'completed', completed_at = now() WHERE id = ${id}`);
    const round = await worker.runOnce();
    expect(round.sent).toBe(0);
    expect((await attemptsOf(id))[0]).toMatchObject({ status: 'canceled', external_id: null, error: 'The order was completed before it was sent.' });
  });
});

describe('endpoints and switches', () => {
  it('sends loopback simulator endpoints to the running server, and leaves others alone', () => {
    expect(resolveEndpoint('http://127.0.0.1:8080/provider-sim/api/v2', 'http://localhost:41234')).toBe('http://localhost:41234/provider-sim/api/v2');
    expect(resolveEndpoint('https://panel.example/api/v2', 'http://localhost:41234')).toBe('https://panel.example/api/v2');
    expect(resolveEndpoint('http://127.0.0.1:8080/provider-sim/api/v2')).toBe('http://127.0.0.1:8080/provider-sim/api/v2');
  });

  it('starts nothing with the simulator turned off', async () => {
    const id = await newOrder('https://instagram.com/wendy/p/off');
    const off = startOrderWorker({ ...t.deps, config: { ...t.deps.config, simulator: false } }, { intervalMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    await off.stop();
    expect(await attemptsOf(id)).toHaveLength(0);
    await t.db.execute(sql`UPDATE orders SET status = 'canceled' WHERE id = ${id}`);
  });

  it('runs rounds on a timer until stopped', async () => {
    const id = await newOrder('https://instagram.com/wendy/p/timer');
    const running = startOrderWorker(
      { ...t.deps, config: { ...t.deps.config, simulator: true } },
      { intervalMs: 20, counters, simulatorBaseUrl: new URL(sim.endpoint).origin },
    );
    try {
      await vi.waitFor(async () => expect((await attemptsOf(id))[0]?.status).toBe('pending'), { timeout: 10_000, interval: 50 });
    } finally {
      await running.stop();
    }
  });
});
