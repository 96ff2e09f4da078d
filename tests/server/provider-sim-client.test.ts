import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, openDatabase, type Database } from '../../src/server/db/client';
import { ensureSimAccount } from '../../src/server/provider-sim/catalogue';
import { createSmmClient, SmmApiError, SmmTransportError, type SmmClient } from '../../src/server/provider-sim/client';
import { planOrder, simStateAt } from '../../src/server/provider-sim/progress';
import { startProviderSimServer, type ProviderSimServer } from '../../src/server/provider-sim/standalone';

/**
 * The SMM API v2 client against the simulated provider over real HTTP, on a clock the test moves:
 * every action, its errors, the multi-status map, over-delivery (negative remains), partial
 * endings with their refund, cancel and refills.
 */

let database: Database;
let sim: ProviderSimServer;
let client: SmmClient;
let nowMs = 1_000_000;
const advance = (ms: number) => void (nowMs += ms);
// Pending 1 s, Processing 1 s, then 10 ms per unit (at least 5 s).
const timing = { pendingMs: 1000, pendingJitterMs: 0, processingMs: 1000, msPerUnit: 10, minDurationMs: 5000, maxDurationMs: 60_000 };

const balanceOf = async (key: string) => (await one<{ b: string }>(database.db, sql`SELECT balance::text AS b FROM sim_accounts WHERE api_key = ${key}`))!.b;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await ensureSimAccount(database.db, 'key-main', '100.0000');
  await ensureSimAccount(database.db, 'key-other', '100.0000');
  await ensureSimAccount(database.db, 'key-poor', '0.0100');
  sim = await startProviderSimServer(database, { now: () => nowMs, timing });
  client = createSmmClient({ endpoint: sim.endpoint, apiKey: 'key-main' });
});

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

const raw = async (body: Record<string, string>, json = false) => {
  const res = await fetch(sim.endpoint, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(body) : new URLSearchParams(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('services and balance', () => {
  it('lists services with numbers as strings, as SMM panels send them', async () => {
    const { body } = await raw({ key: 'key-main', action: 'services' });
    const followers = body.find((s: any) => s.service === 11);
    expect(followers).toMatchObject({ name: 'Instagram Followers [Real]', type: 'Default', category: 'Instagram', rate: '1.7000', min: '50', max: '100000', refill: true, cancel: true });
    const services = await client.services();
    expect(services.find((s) => s.service === '11')).toMatchObject({ rate: '1.7000', min: 50, max: 100000 });
  });

  it('answers the balance with its currency', async () => {
    expect(await createSmmClient({ endpoint: sim.endpoint, apiKey: 'key-other' }).balance()).toEqual({ balance: '100.0000', currency: 'USD' });
  });

  it('refuses a bad key and an unknown action with an error body', async () => {
    expect((await raw({ key: 'nope', action: 'balance' })).body).toEqual({ error: 'Invalid API key' });
    expect((await raw({ action: 'balance' })).body).toEqual({ error: 'Invalid API key' });
    await expect(createSmmClient({ endpoint: sim.endpoint, apiKey: 'nope' }).services()).rejects.toThrow(new SmmApiError('Invalid API key'));
    expect((await raw({ key: 'key-main', action: 'teleport' })).body).toEqual({ error: 'Incorrect request' });
  });

  it('accepts a JSON body as well as a form', async () => {
    const { body } = await raw({ key: 'key-other', action: 'balance' }, true);
    expect(body).toEqual({ balance: '100.0000', currency: 'USD' });
  });

  it('reports an unreachable provider as a transport error', async () => {
    const dead = createSmmClient({ endpoint: 'http://127.0.0.1:9/provider-sim/api/v2', apiKey: 'x', timeoutMs: 2000 });
    await expect(dead.balance()).rejects.toBeInstanceOf(SmmTransportError);
  });
});

describe('add', () => {
  it('places an order and charges rate × quantity / 1000 exactly', async () => {
    const before = await balanceOf('key-main');
    const { order } = await client.add({ service: 11, link: 'https://instagram.com/p/a', quantity: 1000 });
    expect(order).toMatch(/^\d+$/);
    expect(Number(before) - Number(await balanceOf('key-main'))).toBeCloseTo(1.7, 10);
    const status = await client.status(order);
    expect(status).toEqual({ charge: '1.7000', startCount: expect.any(Number), status: 'Pending', remains: 1000, currency: 'USD' });
  });

  it('validates the service, link, quantity, drip-feed and funds', async () => {
    await expect(client.add({ service: 999, link: 'https://x.test', quantity: 100 })).rejects.toThrow('Incorrect service ID');
    await expect(client.add({ service: 11, link: '', quantity: 100 })).rejects.toThrow('Bad link');
    await expect(client.add({ service: 11, link: 'https://x.test', quantity: 10 })).rejects.toThrow('Quantity less than minimal 50');
    await expect(client.add({ service: 11, link: 'https://x.test', quantity: 100001 })).rejects.toThrow('Quantity more than maximal 100000');
    await expect(client.add({ service: 12, link: 'https://x.test', quantity: 100, runs: 2, interval: 10 })).rejects.toThrow(
      'Drip-feed is not available for this service',
    );
    const poor = createSmmClient({ endpoint: sim.endpoint, apiKey: 'key-poor' });
    await expect(poor.add({ service: 11, link: 'https://x.test', quantity: 1000 })).rejects.toThrow('Not enough funds on balance');
    expect(await balanceOf('key-poor')).toBe('0.0100');
  });

  it('charges drip-feed orders for every run', async () => {
    const before = Number(await balanceOf('key-main'));
    const { order } = await client.add({ service: 13, link: 'https://instagram.com/p/drip', quantity: 100, runs: 5, interval: 30 });
    expect(before - Number(await balanceOf('key-main'))).toBeCloseTo(0.2, 10); // 0.40 per 1000 × 500
    expect((await client.status(order)).remains).toBe(500);
  });
});

describe('status', () => {
  it('moves Pending -> Processing -> In progress -> Completed as the clock runs', async () => {
    const { order } = await client.add({ service: 21, link: 'https://tiktok.com/@a#sim-complete', quantity: 1000 });
    expect((await client.status(order)).status).toBe('Pending');
    advance(1000);
    expect(await client.status(order)).toMatchObject({ status: 'Processing', remains: 1000 });
    advance(1000 + 5000); // half of the 10 s delivery
    expect(await client.status(order)).toMatchObject({ status: 'In progress', remains: 500 });
    advance(5000);
    expect(await client.status(order)).toMatchObject({ status: 'Completed', remains: 0, charge: '2.1000' });
    advance(60_000);
    expect(await client.status(order)).toMatchObject({ status: 'Completed', remains: 0 });
  });

  it('answers many orders as a map by id, with an error for unknown ids and other accounts’ orders', async () => {
    const a = await client.add({ service: 11, link: 'https://instagram.com/p/m1', quantity: 100 });
    const b = await client.add({ service: 11, link: 'https://instagram.com/p/m2', quantity: 200 });
    const theirs = await createSmmClient({ endpoint: sim.endpoint, apiKey: 'key-other' }).add({ service: 11, link: 'https://x.test/o', quantity: 100 });
    const answer = await client.statuses([a.order, b.order, '1', theirs.order, 'abc']);
    expect(Object.keys(answer).sort()).toEqual([a.order, b.order, '1', theirs.order, 'abc'].sort());
    expect(answer[a.order]).toMatchObject({ status: 'Pending', remains: 100 });
    expect(answer[b.order]).toMatchObject({ status: 'Pending', remains: 200 });
    expect(answer['1']).toEqual({ error: 'Incorrect order ID' });
    expect(answer[theirs.order]).toEqual({ error: 'Incorrect order ID' });
    expect(answer.abc).toEqual({ error: 'Incorrect order ID' });
    await expect(client.status('424242')).rejects.toThrow('Incorrect order ID');
  });

  it('over-delivers with negative remains', async () => {
    const { order } = await client.add({ service: 11, link: 'https://instagram.com/p/o#sim-overdeliver', quantity: 1000 });
    advance(60_000);
    const status = await client.status(order);
    expect(status.status).toBe('Completed');
    expect(status.remains).toBeLessThan(0);
    expect(status.charge).toBe('1.7000');
  });

  it('ends Partial with remains, keeps only the delivered share of the charge and refunds the rest once', async () => {
    const before = Number(await balanceOf('key-main'));
    const { order } = await client.add({ service: 11, link: 'https://instagram.com/p/p#sim-partial', quantity: 1000 });
    advance(60_000);
    const status = await client.status(order);
    expect(status.status).toBe('Partial');
    expect(status.remains!).toBeGreaterThan(0);
    expect(status.remains!).toBeLessThan(1000);
    const delivered = 1000 - status.remains!;
    expect(status.charge).toBe((1.7 * delivered / 1000).toFixed(4));
    const after = Number(await balanceOf('key-main'));
    expect(before - after).toBeCloseTo(Number(status.charge), 10);
    await client.statuses([order, order]);
    await client.status(order);
    expect(Number(await balanceOf('key-main'))).toBeCloseTo(after, 10);
  });

  it('cancels by plan right after the wait, refunding everything', async () => {
    const before = Number(await balanceOf('key-main'));
    const { order } = await client.add({ service: 11, link: 'https://instagram.com/p/c#sim-cancel', quantity: 500 });
    advance(1000);
    expect(await client.status(order)).toMatchObject({ status: 'Canceled', remains: 500, charge: '0.0000' });
    expect(Number(await balanceOf('key-main'))).toBeCloseTo(before, 10);
  });

  it('plays the same order out the same way every time', () => {
    const a = planOrder('https://x.test/p', 1000, 'seed');
    expect(planOrder('https://x.test/p', 1000, 'seed')).toEqual(a);
    const input = { total: 1000, outcome: 'complete' as const, target: 1000, placedAtMs: 0, pendingMs: 10, processingMs: 10, durationMs: 100, canceledAtMs: null };
    expect(simStateAt(input, 70)).toEqual({ status: 'In progress', delivered: 500, remains: 500 });
  });
});

describe('cancel', () => {
  it('cancels what it can and explains the rest per order', async () => {
    const running = await client.add({ service: 11, link: 'https://instagram.com/p/cx', quantity: 1000 });
    const noCancel = await client.add({ service: 12, link: 'https://instagram.com/p/cy', quantity: 100 });
    advance(2000 + 5000); // half delivered
    const answer = await client.cancel([running.order, noCancel.order, '77']);
    expect(answer).toEqual([
      { order: running.order, cancel: '1' },
      { order: noCancel.order, cancel: { error: 'Cancel is not available for this order' } },
      { order: '77', cancel: { error: 'Incorrect order ID' } },
    ]);
    expect(await client.status(running.order)).toMatchObject({ status: 'Partial', remains: 500, charge: '0.8500' });
    const again = await client.cancel([running.order]);
    expect(again[0].cancel).toEqual({ error: 'Order is partial and cannot be canceled' });
  });
});

describe('refill', () => {
  it('refills completed orders of refill services and follows the refill', async () => {
    const done = await client.add({ service: 11, link: 'https://instagram.com/p/r1#sim-complete', quantity: 100 });
    const fresh = await client.add({ service: 11, link: 'https://instagram.com/p/r2#sim-complete', quantity: 100 });
    const noRefill = await client.add({ service: 13, link: 'https://instagram.com/p/r3#sim-complete', quantity: 100 });
    advance(60_000);
    const second = await client.add({ service: 11, link: 'https://instagram.com/p/r4', quantity: 100 });
    const { refill } = await client.refill(done.order);
    expect(refill).toMatch(/^\d+$/);
    expect(await client.refillStatus(refill)).toEqual({ status: 'Pending' });
    await expect(client.refill(second.order)).rejects.toThrow('Refill is available only for completed orders');
    await expect(client.refill(noRefill.order)).rejects.toThrow('Refill is not available for this order');

    const many = await client.refills([fresh.order, noRefill.order, '5']);
    expect(many[0]).toEqual({ order: fresh.order, refill: expect.stringMatching(/^\d+$/) });
    expect(many[1]).toEqual({ order: noRefill.order, refill: { error: 'Refill is not available for this order' } });
    expect(many[2]).toEqual({ order: '5', refill: { error: 'Incorrect order ID' } });

    advance(5000);
    expect(await client.refillStatus(refill)).toEqual({ status: 'In progress' });
    advance(20_000);
    const statuses = await client.refillStatuses([refill, many[0].refill as string, '99999']);
    expect(statuses).toEqual([
      { refill, status: 'Completed' },
      { refill: many[0].refill, status: 'Completed' },
      { refill: '99999', status: { error: 'Refill not found' } },
    ]);
    await expect(client.refillStatus('99999')).rejects.toThrow('Refill not found');
  });
});
