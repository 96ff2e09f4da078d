import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, openDatabase, type Database } from '../../../src/server/db/client';
import { ensureSimAccount } from '../../../src/server/provider-sim/catalogue';
import { createSmmClient, SmmApiError, SmmTransportError, type SmmClient } from '../../../src/server/upstream/client';
import { providerTarget } from '../../../src/server/upstream/target';
import { driftChanges, driftSim, resetSimDrift } from '../../../src/server/provider-sim/drift';
import { planOrder, simStateAt } from '../../../src/server/provider-sim/progress';
import { startProviderSimServer, type ProviderSimServer } from '../../../src/server/provider-sim/standalone';

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

const balanceOf = async (key: string) =>
  (await one<{ b: string }>(database.db, sql`SELECT balance::text AS b FROM provider_sim.accounts WHERE api_key = ${key}`))!.b;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await ensureSimAccount(database.db, 'key-main', '100.0000');
  await ensureSimAccount(database.db, 'key-other', '100.0000');
  await ensureSimAccount(database.db, 'key-poor', '0.0100');
  sim = await startProviderSimServer(database, { now: () => nowMs, timing });
  client = createSmmClient({ endpoint: sim.endpoint, trusted: true, apiKey: 'key-main' });
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
    expect(followers).toMatchObject({
      name: 'Instagram Followers [Real]',
      type: 'Default',
      category: 'Instagram',
      rate: '1.7000',
      min: '50',
      max: '100000',
      refill: true,
      cancel: true,
    });
    const services = await client.services();
    expect(services.find((s) => s.service === '11')).toMatchObject({ rate: '1.7000', min: 50, max: 100000 });
  });

  it('answers the balance with its currency', async () => {
    expect(await createSmmClient({ endpoint: sim.endpoint, trusted: true, apiKey: 'key-other' }).balance()).toEqual({ balance: '100.0000', currency: 'USD' });
  });

  it('refuses a bad key and an unknown action with an error body', async () => {
    expect((await raw({ key: 'nope', action: 'balance' })).body).toEqual({ error: 'Invalid API key' });
    expect((await raw({ action: 'balance' })).body).toEqual({ error: 'Invalid API key' });
    await expect(createSmmClient({ endpoint: sim.endpoint, trusted: true, apiKey: 'nope' }).services()).rejects.toThrow(new SmmApiError('Invalid API key'));
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
    const poor = createSmmClient({ endpoint: sim.endpoint, trusted: true, apiKey: 'key-poor' });
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
    const theirs = await createSmmClient({ endpoint: sim.endpoint, trusted: true, apiKey: 'key-other' }).add({
      service: 11,
      link: 'https://x.test/o',
      quantity: 100,
    });
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
    expect(status.charge).toBe(((1.7 * delivered) / 1000).toFixed(4));
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
    const input = {
      total: 1000,
      outcome: 'complete' as const,
      target: 1000,
      placedAtMs: 0,
      pendingMs: 10,
      processingMs: 10,
      durationMs: 100,
      canceledAtMs: null,
    };
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

/* ---------- recorded answers of real panels (tests/server/fixtures/smm) ---------- */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/smm/${name}`, import.meta.url), 'utf8');

/** A client whose "panel" answers each action with a recorded file (status 200 unless given). */
function recorded(answers: Record<string, string | { file: string; status: number }>) {
  const seen: URLSearchParams[] = [];
  const fakeFetch = (async (_url: string, init?: RequestInit) => {
    const body = new URLSearchParams(String(init?.body));
    seen.push(body);
    const answer = answers[body.get('action') ?? ''];
    if (!answer) return new Response(fixture('error.json'));
    const { file, status } = typeof answer === 'string' ? { file: answer, status: 200 } : answer;
    return new Response(fixture(file), { status });
  }) as typeof fetch;
  return { client: createSmmClient({ endpoint: 'https://panel.example/api/v2', apiKey: 'k', fetch: fakeFetch }), seen };
}

describe('recorded answers of several shapes', () => {
  it('reads numbers and booleans sent as strings, ".45" and "1." rates, missing flags as false', async () => {
    const { services, skipped } = await recorded({ services: 'services-strings.json' }).client.serviceList();
    expect(skipped).toBe(0);
    expect(services).toEqual([
      {
        service: '1',
        name: 'Instagram Followers [Real]',
        type: 'Default',
        category: 'Instagram - Followers',
        rate: '0.90',
        min: 50,
        max: 10000,
        refill: true,
        cancel: false,
        dripfeed: false,
      },
      {
        service: '2',
        name: 'Instagram Likes',
        type: 'Default',
        category: 'Instagram - Likes',
        rate: '0.45',
        min: 10,
        max: 50000,
        refill: false,
        cancel: false,
        dripfeed: true,
      },
      {
        service: '3',
        name: 'YouTube Views',
        type: 'Default',
        category: 'YouTube',
        rate: '1',
        min: 100,
        max: 1000000,
        refill: true,
        cancel: true,
        dripfeed: false,
      },
    ]);
  });

  it('reads a list keyed by service id, numbers as numbers, flags as 1/0, and skips what it cannot read', async () => {
    const { services, skipped, raw } = await recorded({ services: 'services-keyed.json' }).client.serviceList();
    expect(skipped).toBe(1);
    expect(services.map((s) => [s.service, s.rate, s.min, s.refill, s.cancel, s.dripfeed])).toEqual([
      ['101', '0.0125', 1000, true, false, true],
      ['102', '2', 50, false, false, false],
    ]);
    expect(raw).toBe(fixture('services-keyed.json'));
  });

  it('fills a missing or null category and type', async () => {
    const services = await recorded({ services: 'services-minimal.json' }).client.services();
    expect(services.map((s) => [s.service, s.category, s.type])).toEqual([
      ['7', '', 'Default'],
      ['8', '', 'Default'],
    ]);
  });

  it('takes the currency from balance (upper-cased), US dollars when left out, past a byte-order mark', async () => {
    expect(await recorded({ balance: 'balance-eur.json' }).client.balance()).toEqual({ balance: '100.84292', currency: 'EUR' });
    expect(await recorded({ balance: 'balance-no-currency.json' }).client.balance()).toEqual({ balance: '12.5', currency: 'USD' });
  });

  it('reads status with numbers, strings, nulls and negative remains; add with a numeric order id', async () => {
    expect(await recorded({ status: 'status-numbers.json' }).client.status(1)).toEqual({
      charge: '0.27819',
      startCount: 3572,
      status: 'Partial',
      remains: 157,
      currency: 'USD',
    });
    expect(await recorded({ status: 'status-strings-nulls.json' }).client.status(1)).toEqual({
      charge: '0.27819',
      startCount: null,
      status: 'In progress',
      remains: -12,
      currency: null,
    });
    expect(await recorded({ add: 'add-number.json' }).client.add({ service: 1, link: 'https://x.test', quantity: 100 })).toEqual({ order: '23501' });
  });

  it('reads packages with services as a list or as text, and panel_info with "1" as true', async () => {
    const { client } = recorded({ packages: 'packages.json', panel_info: 'panel-info.json' });
    expect(await client.packages()).toEqual([
      { id: '900', name: 'Starter bundle', type: 'fixed', fixedCost: '4.5000', discountPercent: null, services: ['1001', '1013'] },
      { id: '901', name: 'Growth', type: 'discount', fixedCost: null, discountPercent: '15', services: ['1002', '1003'] },
    ]);
    expect(await client.panelInfo()).toEqual({ isOurPanel: true, endpoint: 'https://partner.example/api/v2' });
  });

  it('takes an error answer to panel_info as "not one of our panels", and any other error as the panel’s refusal', async () => {
    const { client } = recorded({});
    expect(await client.panelInfo()).toEqual({ isOurPanel: false, endpoint: null });
    await expect(client.services()).rejects.toThrow(new SmmApiError('Incorrect request'));
  });

  it('reports a page that is not JSON, and an HTTP error, as unreadable answers kept as they came', async () => {
    const page = recorded({ services: { file: 'not-json.html', status: 502 } }).client.services();
    await expect(page).rejects.toThrow(/HTTP 502 with an HTML page/);
    const error = await page.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmmTransportError);
    expect(error).toMatchObject({ kind: 'unreadable', httpStatus: 502, raw: expect.stringContaining('<') });
    await expect(recorded({ balance: { file: 'balance-eur.json', status: 500 } }).client.balance()).rejects.toThrow(/HTTP 500/);
  });

  it('sends create_account without a key', async () => {
    const { client, seen } = recorded({ create_account: 'add-number.json' });
    await expect(client.createAccount()).rejects.toBeInstanceOf(SmmTransportError);
    expect(seen[0].get('key')).toBeNull();
    expect(seen[0].get('action')).toBe('create_account');
  });
});

describe('the SSRF-safe transport', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('{"balance":"1","currency":"USD"}'), 3000);
      } else res.end('{"balance":"5.5","currency":"USD"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a loopback address that is not the trusted simulator', async () => {
    await expect(createSmmClient({ endpoint: `${base}/api/v2`, apiKey: 'k' }).balance()).rejects.toThrow(/loopback, private or link-local/);
    expect(await createSmmClient({ endpoint: `${base}/api/v2`, apiKey: 'k', trusted: true }).balance()).toEqual({ balance: '5.5', currency: 'USD' });
  });

  it('does not follow redirects', async () => {
    await expect(createSmmClient({ endpoint: `${base}/redirect`, apiKey: 'k', trusted: true }).balance()).rejects.toThrow(/HTTP 302/);
  });

  it('gives up after the timeout', async () => {
    await expect(createSmmClient({ endpoint: `${base}/slow`, apiKey: 'k', trusted: true, timeoutMs: 300 }).balance()).rejects.toThrow(
      /No answer within 300 ms/,
    );
  });

  it('trusts only simulated-panel paths on a loopback host, sent to this server’s origin', () => {
    const on = { on: true, origin: 'http://127.0.0.1:41234' };
    expect(providerTarget('http://127.0.0.1:8080/provider-sim/perfect/api/v2', on)).toEqual({
      url: 'http://127.0.0.1:41234/provider-sim/perfect/api/v2',
      trusted: true,
    });
    expect(providerTarget('http://localhost:8080/provider-sim/api/v2', on)).toEqual({ url: 'http://127.0.0.1:41234/provider-sim/api/v2', trusted: true });
    expect(providerTarget('http://127.0.0.1:8080/admin/api', on).trusted).toBe(false);
    expect(providerTarget('http://10.0.0.5/provider-sim/api/v2', on).trusted).toBe(false);
    expect(providerTarget('http://127.0.0.1:8080/provider-sim/api/v2', { on: false, origin: on.origin }).trusted).toBe(false);
  });
});

/* ---------- the two simulated panels ---------- */

describe('the simulated panels', () => {
  const perfect = () => sim.endpoint.replace('/provider-sim/api/v2', '/provider-sim/perfect/api/v2');

  it('answers panel_info on panvy only, with its canonical endpoint', async () => {
    expect(await client.panelInfo()).toEqual({ isOurPanel: true, endpoint: sim.endpoint });
    expect(await createSmmClient({ endpoint: perfect(), apiKey: 'x', trusted: true }).panelInfo()).toEqual({ isOurPanel: false, endpoint: null });
  });

  it('opens a USD account on panvy whose key works there and not at perfect', async () => {
    const { apiKey } = await createSmmClient({ endpoint: sim.endpoint, apiKey: '', trusted: true }).createAccount();
    const opened = createSmmClient({ endpoint: sim.endpoint, apiKey, trusted: true });
    expect(await opened.balance()).toEqual({ balance: '500.0000', currency: 'USD' });
    await expect(createSmmClient({ endpoint: perfect(), apiKey, trusted: true }).balance()).rejects.toThrow(new SmmApiError('Invalid API key'));
  });

  it('sells 3,000 services at each panel, perfect’s in EUR under its own ids', async () => {
    await ensureSimAccount(database.db, 'key-perfect', '50.0000', 'EUR', 'perfect');
    const atPerfect = createSmmClient({ endpoint: perfect(), apiKey: 'key-perfect', trusted: true });
    const [ours, theirs] = [await client.services(), await atPerfect.services()];
    expect([ours.length, theirs.length]).toEqual([3000, 3000]);
    expect(ours.find((s) => s.service === '11')?.name).toBe('Instagram Followers [Real]');
    expect(theirs.some((s) => s.service === '11')).toBe(false);
    expect(await atPerfect.balance()).toEqual({ balance: '50.0000', currency: 'EUR' });
    await expect(atPerfect.add({ service: 11, link: 'https://x.test', quantity: 100 })).rejects.toThrow(new SmmApiError('Incorrect service ID'));
  });

  it('answers a few dozen packages of its services', async () => {
    const list = await client.packages();
    expect(list.length).toBeGreaterThanOrEqual(24);
    const ids = new Set((await client.services()).map((s) => s.service));
    for (const p of list) expect(p.services.every((id) => ids.has(id))).toBe(true);
  });

  it('drifts the same way every time, and only for the holder of the control key', async () => {
    const before = new Map((await client.services()).map((s) => [s.service, s]));
    expect((await raw({ action: 'drift' })).body).toEqual({ error: 'Incorrect request' });
    const step = await driftSim(database.db, 'panvy', 2);
    const after = new Map((await client.services()).map((s) => [s.service, s]));
    const changes = [1, 2].flatMap((n) => driftChanges('panvy', step - 2 + n));
    for (const { change, set } of changes) {
      const id = String(change.service);
      if (change.kind === 'removed') expect(after.has(id)).toBe(false);
      if (set.rate) expect(after.get(id)?.rate).toBe(set.rate);
      if (change.kind === 'price_up' && change.service > 1000) expect(Number(after.get(id)?.rate)).toBeCloseTo(Number(before.get(id)?.rate) * 2, 3);
    }
    await resetSimDrift(database.db, 'panvy');
    expect((await client.services()).length).toBe(3000);
  });
});
