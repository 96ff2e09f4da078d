import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeTableQuery } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { ensureSimAccount } from '../../../src/server/provider-sim/catalogue';
import type { SimDialect } from '../../../src/server/provider-sim/dialect';
import { startProviderSimServer, type ProviderSimServer } from '../../../src/server/provider-sim/standalone';
import { normalizeRefillStatus, normalizeSmmStatus, type SmmOrderStatus } from '../../../src/server/upstream/answers';
import {
  createSmmClient,
  DEFAULT_RATE_LIMIT_PAUSE_MS,
  SmmApiError,
  SmmRateLimitError,
  SmmUnreadableError,
  type SmmClient,
} from '../../../src/server/upstream/client';
import { UNREADABLE_HOLD_AFTER } from '../../../src/server/upstream/follow';
import { createOrderWorker } from '../../../src/server/upstream/worker';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * The SMM client and the order worker against the third simulated panel, whose dialect is switched
 * quirk by quirk (src/server/provider-sim/dialect.ts): every way real panels answer is read, and
 * what cannot be read is kept and held for a human — never guessed completed, never refunded.
 */

const CONTROL = 'dialect-control';
let t: TestApp;
let sim: ProviderSimServer;
let nowMs = 9_000_000;
const advance = (ms: number) => void (nowMs += ms);
const timing = { pendingMs: 1000, pendingJitterMs: 0, processingMs: 1000, msPerUnit: 10, minDurationMs: 5000, maxDurationMs: 60_000 };
let client: SmmClient;
let refillService: number;
let dripService: number;

async function dialect(quirks: Partial<SimDialect>): Promise<void> {
  const res = await fetch(sim.dialectEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'dialect', control: CONTROL, quirks: JSON.stringify(quirks) }),
  });
  expect(res.status).toBe(200);
}
const rawCall = async (body: Record<string, string>) => {
  const res = await fetch(sim.dialectEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return { status: res.status, text: await res.text() };
};
const newClient = () => createSmmClient({ endpoint: sim.dialectEndpoint, trusted: true, apiKey: 'dialect-key', now: () => nowMs });

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  sim = await startProviderSimServer(t.database, { now: () => nowMs, timing, controlKey: CONTROL });
  await ensureSimAccount(t.db, 'dialect-key', '5000.0000', 'EUR', 'perfect');
  client = newClient();
  await client.balance(); // creates the catalogue
  refillService = (await one<{ id: number }>(
    t.db,
    sql`SELECT id FROM provider_sim.services WHERE panel = 'perfect' AND refill AND cancel AND min <= 100 AND max >= 1000 AND present ORDER BY id LIMIT 1`,
  ))!.id;
  dripService = (await one<{ id: number }>(
    t.db,
    sql`SELECT id FROM provider_sim.services WHERE panel = 'perfect' AND dripfeed AND min <= 100 AND present ORDER BY id LIMIT 1`,
  ))!.id;
});

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

beforeEach(async () => {
  await dialect({});
});

/** Places an order and plays it to its end. */
async function finished(link: string, quantity = 1000): Promise<string> {
  const { order } = await client.add({ service: refillService, link, quantity });
  advance(70_000);
  return order;
}

describe('the client reads every dialect', () => {
  it('answers exactly as Perfect Supply with every quirk off', async () => {
    const { order } = await client.add({ service: refillService, link: 'https://x.test/plain', quantity: 100 });
    expect(order).toMatch(/^\d+$/);
    expect(await client.status(order)).toMatchObject({ status: 'Pending', remains: 100, currency: 'EUR' });
  });

  it('reads numbers as JSON numbers and as strings with 8 decimals', async () => {
    await dialect({ numbers: 'number' });
    expect(JSON.parse((await rawCall({ key: 'dialect-key', action: 'balance' })).text).balance).toEqual(expect.any(Number));
    const { order } = await client.add({ service: refillService, link: 'https://x.test/n#sim-complete', quantity: 1000 });
    const asNumbers = await client.status(order);
    expect(asNumbers).toMatchObject({ status: 'Pending', remains: 1000, startCount: expect.any(Number) });
    expect(asNumbers.charge).toMatch(/^\d+(\.\d+)?$/);

    await dialect({ numbers: 'string8' });
    const charge = JSON.parse((await rawCall({ key: 'dialect-key', action: 'status', order })).text).charge as string;
    expect(charge).toMatch(/^\d+\.\d{8}$/);
    expect(await client.status(order)).toMatchObject({ charge, remains: 1000 });
    expect((await client.balance()).balance).toMatch(/^\d+\.\d{8}$/);
    expect((await client.services()).length).toBeGreaterThan(100);
  });

  it.each(['ulid', 'objectid'] as const)('follows orders and refills whose ids are not integers (%s)', async (ids) => {
    await dialect({ ids });
    const { order } = await client.add({ service: refillService, link: `https://x.test/${ids}#sim-complete`, quantity: 1000 });
    expect(order).toMatch(ids === 'ulid' ? /^ord_01HG[0-9A-Z]{12}$/ : /^[0-9a-f]{24}$/);
    expect((await client.status(order)).status).toBe('Pending');
    const many = await client.statuses([order, 'ord_01HGNOPE']);
    expect(many[order]).toMatchObject({ status: 'Pending' });
    expect(many.ord_01HGNOPE).toEqual({ error: 'Incorrect order ID' });
    advance(70_000);
    const { refill } = await client.refill(order);
    expect(refill).toMatch(ids === 'ulid' ? /^rf_01HG/ : /^[0-9a-f]{24}$/);
    expect(await client.refillStatus(refill)).toEqual({ status: 'Pending' });
    const statuses = await client.refillStatuses([refill]);
    expect(statuses).toEqual([{ refill, status: 'Pending' }]);
  });

  it('reads one status wrapped as {"<id>": {…}}, and an error inside the wrapper as the refusal', async () => {
    await dialect({ wrapSingleStatus: true, ids: 'ulid' });
    const { order } = await client.add({ service: refillService, link: 'https://x.test/wrap', quantity: 100 });
    expect(Object.keys(JSON.parse((await rawCall({ key: 'dialect-key', action: 'status', order })).text))).toEqual([order]);
    expect(await client.status(order)).toMatchObject({ status: 'Pending', remains: 100 });
    await expect(client.status('ord_01HG000000000000')).rejects.toThrow(new SmmApiError('Incorrect order ID'));
  });

  it('reads statuses in other spellings and cases, and tells what it does not know', async () => {
    await dialect({ statusNames: { Pending: 'Awaiting', 'In progress': 'IN_PROGRESS', Completed: 'COMPLETED', Canceled: 'Cancelled' } });
    const { order } = await client.add({ service: refillService, link: 'https://x.test/spell#sim-complete', quantity: 1000 });
    const seen: (string | null)[] = [];
    for (const step of [0, 1500, 4000, 70_000]) {
      advance(step);
      seen.push(normalizeSmmStatus((await client.status(order)).status));
    }
    expect(seen).toEqual(['Pending', 'Processing', 'In progress', 'Completed']);
    expect((await client.status(order)).status).toBe('COMPLETED');
    for (const [text, read] of [
      ['Cancelled', 'Canceled'],
      ['IN_PROGRESS', 'In progress'],
      ['in-progress', 'In progress'],
      ['Fail', 'Canceled'],
      ['Error', 'Canceled'],
      ['Awaiting', 'Pending'],
      ['Refunded', 'Canceled'],
      ['partial', 'Partial'],
      ['Shipped to Mars', null],
    ] as const) {
      expect(normalizeSmmStatus(text)).toBe(read);
    }
    expect(normalizeRefillStatus('REJECTED')).toBe('Rejected');
    expect(normalizeRefillStatus('in_progress')).toBe('In progress');
    expect(normalizeRefillStatus('teleported')).toBeNull();
  });

  it('keeps per-id errors inside multi-status, multi-refill and cancel answers', async () => {
    await dialect({ ids: 'objectid' });
    const done = await finished('https://x.test/multi#sim-complete');
    const { order: open } = await client.add({ service: refillService, link: 'https://x.test/multi-open', quantity: 1000 });
    const unknown = 'ffffffffffffffffffffffff';
    const statuses = await client.statuses([done, open, unknown]);
    expect(statuses[done]).toMatchObject({ status: 'Completed' });
    expect(statuses[unknown]).toEqual({ error: 'Incorrect order ID' });
    const refills = await client.refills([done, open]);
    expect(refills[0]).toMatchObject({ order: done, refill: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(refills[1]).toEqual({ order: open, refill: { error: 'Refill is available only for completed orders' } });
    const cancels = await client.cancel([open, done]);
    expect(cancels[0]).toEqual({ order: open, cancel: '1' });
    expect(cancels[1].cancel).toEqual({ error: expect.stringContaining('cannot be canceled') });
  });

  it('reads {"error"} as the provider’s refusal with HTTP 200 and with a 4xx', async () => {
    for (const errorStatus of [200, 400, 401]) {
      await dialect({ errorStatus });
      const wrong = createSmmClient({ endpoint: sim.dialectEndpoint, trusted: true, apiKey: 'nope' });
      await expect(wrong.balance()).rejects.toThrow(new SmmApiError('Invalid API key'));
      expect((await rawCall({ key: 'nope', action: 'balance' })).status).toBe(errorStatus);
    }
  });

  it('honours HTTP 429 with Retry-After: no call reaches that provider until it has passed', async () => {
    const mine = newClient();
    await dialect({ rateLimit: { retryAfter: 20 } });
    const refused = await mine.balance().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmmRateLimitError);
    expect((refused as SmmRateLimitError).retryAt).toBe(nowMs + 20_000);
    await dialect({});
    advance(19_000);
    await expect(mine.balance()).rejects.toBeInstanceOf(SmmRateLimitError);
    // Another provider's client is not paused.
    expect(await newClient().balance()).toMatchObject({ currency: 'EUR' });
    advance(1000);
    expect(await mine.balance()).toMatchObject({ currency: 'EUR' });
  });

  it('pauses for the default after a 429 without Retry-After', async () => {
    const mine = newClient();
    await dialect({ rateLimit: { retryAfter: null } });
    await expect(mine.balance()).rejects.toMatchObject({ retryAt: nowMs + DEFAULT_RATE_LIMIT_PAUSE_MS });
    await dialect({});
    advance(DEFAULT_RATE_LIMIT_PAUSE_MS - 1);
    await expect(mine.balance()).rejects.toBeInstanceOf(SmmRateLimitError);
    advance(1);
    expect(await mine.balance()).toMatchObject({ currency: 'EUR' });
  });

  it.each([502, 200])('keeps an HTML page instead of JSON (HTTP %i) as it came', async (status) => {
    await dialect({ htmlPage: { status } });
    const error = await client.statuses(['1', '2']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmmUnreadableError);
    expect(error).toMatchObject({ httpStatus: status, raw: expect.stringContaining('<!DOCTYPE html>') });
    expect((error as Error).message).toContain('HTML page');
  });

  it('reads over-delivery as negative remains and as "+N"', async () => {
    const order = await finished('https://x.test/over#sim-overdeliver');
    const negative = await client.status(order);
    expect(negative.status).toBe('Completed');
    expect(negative.remains).toBeLessThan(0);
    await dialect({ overDelivery: 'plus' });
    expect(JSON.parse((await rawCall({ key: 'dialect-key', action: 'status', order })).text).remains).toBe(`+${-negative.remains!}`);
    expect((await client.status(order)).remains).toBe(negative.remains);
  });

  it('reads drip-feed statuses with runs and the runs’ orders', async () => {
    await dialect({ dripFeedRuns: true, ids: 'ulid' });
    const { order } = await client.add({ service: dripService, link: 'https://x.test/drip', quantity: 100, runs: 3, interval: 10 });
    const one: SmmOrderStatus = await client.status(order);
    expect(one).toMatchObject({ status: 'Pending', remains: null, runs: 3 });
    expect(one.childOrders).toHaveLength(3);
    expect(one.childOrders![0]).toMatch(/^ord_01HG/);
    expect((await client.statuses([order]))[order]).toMatchObject({ runs: 3 });
  });

  it('keeps a multi-status entry it cannot read as it came, and reads the others', async () => {
    const { order } = await client.add({ service: refillService, link: 'https://x.test/garbled', quantity: 100 });
    const fetchOne = async () => {
      const text = JSON.stringify({ [order]: { status: 'Pending', remains: '100' }, 77: ['not', 'a', 'status'] });
      return new Response(text, { status: 200 });
    };
    const recorded = createSmmClient({ endpoint: 'https://panel.test/api/v2', apiKey: 'k', fetch: fetchOne as unknown as typeof fetch });
    const answer = await recorded.statuses([order, '77']);
    expect(answer[order]).toMatchObject({ status: 'Pending' });
    expect(answer['77']).toEqual({ unreadable: '["not","a","status"]' });
  });
});

describe('the order worker against the dialects', () => {
  let userId: number;
  let serviceId: number;
  let providerId: number;
  const onError = vi.fn();
  let worker: ReturnType<typeof createOrderWorker>;

  beforeAll(async () => {
    const q = t.db;
    const network = await one<{ id: number }>(q, sql`INSERT INTO networks (name, network) VALUES ('Dialect', 'dialect') RETURNING id`);
    const type = await one<{ id: number }>(
      q,
      sql`INSERT INTO service_types (name, network_id, type) VALUES ('Dialect views', ${network!.id}, 'views') RETURNING id`,
    );
    serviceId = (await one<{ id: number }>(
      q,
      sql`INSERT INTO services (name, service_type_id, default_price, min_quantity) VALUES ('Dialect views', ${type!.id}, '3.4000', 10) RETURNING id`,
    ))!.id;
    userId = (await one<{ id: number }>(q, sql`INSERT INTO users (name, email, balance) VALUES ('Dora', 'dora@example.test', '50.0000') RETURNING id`))!.id;
    providerId = (await one<{ id: number }>(
      q,
      sql`INSERT INTO providers (name, endpoint, api_token, type) VALUES ('Dialect', ${sim.dialectEndpoint}, 'dialect-key', 'perfect_panel') RETURNING id`,
    ))!.id;
    const ps = await one<{ id: number }>(
      q,
      sql`INSERT INTO provider_services (name, external_panel_id, external_panel_service_id, source_price) VALUES ('Views', ${providerId}, ${String(refillService)}, '1.0000') RETURNING id`,
    );
    await q.execute(sql`INSERT INTO service_providers (service_id, provider_service_id, priority) VALUES (${serviceId}, ${ps!.id}, 1)`);
    worker = createOrderWorker(t.deps, { counters: { changed: () => {} }, simulatorBaseUrl: new URL(sim.endpoint).origin, now: () => nowMs, onError });
  });

  afterAll(async () => {
    await worker?.stop();
  });

  async function newOrder(url: string): Promise<number> {
    const row = await one<{ id: number }>(
      t.db,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, source, provider_id)
          VALUES ('in_processing', ${userId}, ${serviceId}, 'Dialect views', ${url}, '3.4000', '1.0000', 1000, true, 'cabinet', ${providerId})
          RETURNING id::int AS id`,
    );
    return row!.id;
  }
  const orderOf = async (id: number) =>
    (await one<{ status: string; current_quantity: number }>(t.db, sql`SELECT status, current_quantity FROM orders WHERE id = ${id}`))!;
  const attemptOf = async (id: number) =>
    (await one<{
      status: string;
      external_id: string | null;
      error: string | null;
      answer_raw: string | null;
      held: boolean;
      sent_at: string | null;
      unreadable_count: number;
      remains: number | null;
    }>(
      t.db,
      sql`SELECT status, external_id, error, answer_raw, held_at IS NOT NULL AS held, sent_at::text, unreadable_count, remains
          FROM external_panel_orders WHERE order_id = ${id} ORDER BY id DESC LIMIT 1`,
    ))!;
  const logsOf = (id: number) =>
    rows<{ action_type: string; information: string }>(
      t.db,
      sql`SELECT action_type, information FROM change_logs WHERE model_type = 'order' AND model_id = ${id} ORDER BY id`,
    );
  const moneyOf = async () => ({
    balance: (await one<{ b: string }>(t.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b,
    refunds: (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${userId}`))!.n,
  });

  it('completes an order placed under a ULID, followed in upper case with 8 decimals and "+N" over-delivery', async () => {
    await dialect({ ids: 'ulid', numbers: 'string8', statusNames: { 'In progress': 'IN_PROGRESS', Completed: 'COMPLETED' }, overDelivery: 'plus' });
    const id = await newOrder('https://x.test/worker-ulid#sim-overdeliver');
    await worker.runOnce();
    expect((await attemptOf(id)).external_id).toMatch(/^ord_01HG/);
    advance(7000);
    await worker.runOnce();
    expect(await attemptOf(id)).toMatchObject({ status: 'in_progress' });
    advance(60_000);
    await worker.runOnce();
    expect(await orderOf(id)).toEqual({ status: 'completed', current_quantity: 1000 });
    const attempt = await attemptOf(id);
    expect(attempt.status).toBe('completed');
    expect(attempt.remains).toBeLessThan(0);
  });

  it('holds an order whose status cannot be read: kept raw, shown on the attempt, stopped, not followed, no money moved', async () => {
    const id = await newOrder('https://x.test/worker-garbled#sim-complete');
    await worker.runOnce();
    const before = await moneyOf();
    await dialect({ garbledStatus: true });
    advance(70_000);
    await worker.runOnce();
    const held = await attemptOf(id);
    expect(held).toMatchObject({ status: 'pending', held: true, error: expect.stringContaining('status that is not known') });
    expect(held.answer_raw).toContain('st#');
    expect(await orderOf(id)).toEqual({ status: 'stopped', current_quantity: 0 });
    expect((await logsOf(id)).at(-1)).toMatchObject({ action_type: 'provider_held', information: expect.stringContaining('held for a member') });

    // Even once the provider answers plainly, a held attempt is left for the member to decide.
    await dialect({});
    advance(10_000);
    const round = await worker.runOnce();
    expect(round.polled).toBe(0);
    expect(await orderOf(id)).toEqual({ status: 'stopped', current_quantity: 0 });
    expect(await moneyOf()).toEqual(before);
  });

  it('shows a held attempt with the answer as it came; Follow again resumes it once, and it completes', async () => {
    const admin = (await t.createMember({ permissions: ['manageExternalPanelOrders', 'viewOrders'] })).token;
    const id = await newOrder('https://x.test/worker-follow#sim-complete');
    await worker.runOnce();
    await dialect({ garbledStatus: true });
    advance(3000);
    await worker.runOnce();
    const attemptId = (await one<{ id: number }>(t.db, sql`SELECT id::int AS id FROM external_panel_orders WHERE order_id = ${id}`))!.id;
    const list = await t.request(
      'GET',
      `/api/v1/admin/external-panel-orders?${encodeTableQuery({
        headers: [
          { value: 'held', filter: true },
          { value: 'order.id', filter: id },
        ],
      })}`,
      {
        token: admin,
      },
    );
    const [row] = (await list.json()).items;
    expect(row).toMatchObject({
      id: attemptId,
      status: expect.any(String),
      heldAt: expect.any(String),
      answerRaw: expect.stringContaining('st#'),
      error: expect.stringContaining('not known'),
      actions: { followable: true, recreatable: true },
    });

    await dialect({});
    const follows = await Promise.all([1, 2].map(() => t.request('POST', `/api/v1/admin/external-panel-orders/${attemptId}/follow`, { token: admin })));
    expect(follows.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await orderOf(id)).toMatchObject({ status: 'in_processing' });
    expect(await attemptOf(id)).toMatchObject({ held: false, error: null, answer_raw: expect.stringContaining('st#') });
    advance(70_000);
    await worker.runOnce();
    expect(await orderOf(id)).toEqual({ status: 'completed', current_quantity: 1000 });
  });

  it('holds an order the provider answers an error for alone in its multi-status answer', async () => {
    const id = await newOrder('https://x.test/worker-lost');
    await worker.runOnce();
    await t.db.execute(sql`DELETE FROM provider_sim.orders WHERE id = (SELECT external_id::bigint FROM external_panel_orders WHERE order_id = ${id})`);
    advance(5000);
    await worker.runOnce();
    expect(await attemptOf(id)).toMatchObject({ status: 'pending', held: true, error: 'The provider answered for this order: Incorrect order ID' });
    expect((await orderOf(id)).status).toBe('stopped');
  });

  it('keeps an HTML page on the attempt and retries; the third in a row holds the order', async () => {
    const id = await newOrder('https://x.test/worker-cdn#sim-complete');
    await worker.runOnce();
    await dialect({ htmlPage: { status: 502 } });
    for (let i = 1; i < UNREADABLE_HOLD_AFTER; i++) {
      advance(70_000);
      await worker.runOnce();
      const kept = await attemptOf(id);
      expect(kept).toMatchObject({ status: 'pending', held: false, unreadable_count: i, answer_raw: expect.stringContaining('<!DOCTYPE html>') });
      expect((await orderOf(id)).status).toBe('in_processing');
    }
    advance(70_000);
    await worker.runOnce();
    expect(await attemptOf(id)).toMatchObject({ held: true, error: expect.stringContaining('HTML page') });
    expect(await orderOf(id)).toEqual({ status: 'stopped', current_quantity: 0 });
    await dialect({});
  });

  it('forgets unreadable answers once one is read', async () => {
    const id = await newOrder('https://x.test/worker-blip#sim-complete');
    await worker.runOnce();
    await dialect({ htmlPage: { status: 503 } });
    advance(2000);
    await worker.runOnce();
    expect((await attemptOf(id)).unreadable_count).toBe(1);
    await dialect({});
    advance(70_000);
    await worker.runOnce();
    expect(await attemptOf(id)).toMatchObject({ status: 'completed', unreadable_count: 0, held: false });
    expect((await orderOf(id)).status).toBe('completed');
  });

  it('gives an order refused with 429 back to the queue and sends it once the Retry-After has passed', async () => {
    await dialect({ rateLimit: { retryAfter: 40 } });
    const id = await newOrder('https://x.test/worker-429#sim-complete');
    const first = await worker.runOnce();
    expect(first).toMatchObject({ queued: 1, sent: 0, failed: 0 });
    expect(await attemptOf(id)).toMatchObject({ status: 'creating', error: null, sent_at: null });
    await dialect({});
    advance(30_000);
    expect(await worker.runOnce()).toMatchObject({ sent: 0 });
    advance(10_000);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    expect((await attemptOf(id)).external_id).toMatch(/^\d+$/);
  });
});
