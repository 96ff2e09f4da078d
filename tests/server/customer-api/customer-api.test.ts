import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { one } from '../../../src/server/db/client';
import { mountCustomerApi } from '../../../src/server/customer-api/mount';
import { createRateLimiter } from '../../../src/server/customer-api/rateLimit';
import type { AppEnv } from '../../../src/server/http/context';
import { validationFailed } from '../../../src/server/http/errors';
import { useTestApp } from '../helpers/testServer';

/**
 * The customer API: a customer's key issued by staff, API v2 actions answered as API v2 panels
 * answer, an order placed and paid once through the ledger, and the pipeline's limits.
 */

const t = useTestApp();

/** POSTs an API v2 form as a storefront does; answers status, body and headers. */
async function v2(fields: Record<string, string | number>, init: { headers?: Record<string, string> } = {}) {
  const res = await t.app.request('/api/v2', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

let customers = 0;

/** A new active customer with `balance` on their account (one correction in the ledger) and a fresh key. */
async function customerWith(balance: string): Promise<{ id: number; key: string }> {
  const user = await one<{ id: number }>(
    t.db,
    sql`INSERT INTO users (name, email, balance) VALUES ('API customer', ${`api-customer-${++customers}@example.test`}, ${balance}::numeric) RETURNING id`,
  );
  await t.db.execute(sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment)
    VALUES (${user!.id}, ${balance}::numeric, 'main', 'correction', 'income', 'test')`);
  const admin = await t.memberWith(['viewUsers', 'editUsers']);
  const issued = await t.ok('usersIssueApiKey', { params: { userId: user!.id } }, admin);
  return { id: user!.id, key: issued.key };
}

/** A service the API sells: enabled, not moderated, with an active provider. */
async function orderableService() {
  const s = await one<{ id: number; min_quantity: number; max_quantity: number; name: string }>(
    t.db,
    sql`SELECT s.id, s.min_quantity, s.max_quantity, s.name FROM services s
         WHERE s.is_enabled AND NOT s.is_archived AND NOT s.is_deactivated AND s.api_access AND NOT s.restricted_access
           AND NOT s.moderation_is_enabled AND s.quantity_step = 1
           AND EXISTS (SELECT 1 FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id
                        JOIN providers p ON p.id = ps.external_panel_id
                        WHERE sp.service_id = s.id AND sp.is_active AND ps.status = 'active' AND p.status = 'active' AND NOT p.is_archived)
         ORDER BY s.id LIMIT 1`,
  );
  return s!;
}

const balanceOf = async (userId: number) => {
  const r = await one<{ balance: string; sum: string }>(
    t.db,
    sql`SELECT balance::text AS balance, (SELECT coalesce(sum(amount), 0)::numeric(14,4)::text FROM transactions WHERE user_id = u.id AND balance_type = 'main') AS sum
          FROM users u WHERE id = ${userId}`,
  );
  return r!;
};

describe('keys', () => {
  it('staff issue a key shown once; the profile shows only its last characters; a new key revokes the old', async () => {
    const { id, key } = await customerWith('10.0000');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((await v2({ key, action: 'balance' })).body).toEqual({ balance: '10.0000', currency: 'USD' });

    const viewer = await t.memberWith(['viewUsers']);
    const profile = await t.ok('usersShow', { params: { userId: id } }, viewer);
    expect(profile.apiKey).toMatchObject({ hint: key.slice(-4) });
    expect(JSON.stringify(profile)).not.toContain(key);
    expect(profile.apiKey!.lastUsedAt).not.toBeNull();

    const admin = await t.memberWith(['viewUsers', 'editUsers']);
    const next = await t.ok('usersIssueApiKey', { params: { userId: id } }, admin);
    expect((await v2({ key, action: 'balance' })).body).toEqual({ error: 'Invalid API key' });
    expect((await v2({ key: next.key, action: 'balance' })).body.balance).toBe('10.0000');
    // Issuing needs editUsers; the audit names the key by its hint only.
    expect((await t.call('usersIssueApiKey', { params: { userId: id } }, viewer)).status).toBe(403);
    const audit = await one<{ v: unknown }>(
      t.db,
      sql`SELECT new_values AS v FROM audit_entries WHERE event = 'api_key_issued' AND auditable_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(audit!.v)).not.toContain(next.key);
  });

  it('refuses a missing or unknown key, and a frozen account, as API v2 panels do', async () => {
    expect((await v2({ action: 'balance' })).body.error).toMatch(/API key/);
    expect((await v2({ key: 'f'.repeat(64), action: 'balance' })).body).toEqual({ error: 'Invalid API key' });
    const { id, key } = await customerWith('5.0000');
    await t.db.execute(sql`UPDATE users SET status = 'frozen', frozen_at = now() WHERE id = ${id}`);
    expect((await v2({ key, action: 'balance' })).body.error).toMatch(/frozen/);
    await t.db.execute(sql`UPDATE users SET status = 'active', frozen_at = NULL WHERE id = ${id}`);
  });

  it('takes the key as a bearer token and fields as JSON or the query string too', async () => {
    const { key } = await customerWith('7.5000');
    const json = await t.app.request('/api/v2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ action: 'balance' }),
    });
    expect(await json.json()).toEqual({ balance: '7.5000', currency: 'USD' });
    const query = await t.app.request(`/api/v2?key=${key}&action=balance`);
    expect((await query.json()).balance).toBe('7.5000');
  });
});

describe('orders', () => {
  it('add places a paid order at its provider, debited once through the ledger', async () => {
    const { id, key } = await customerWith('500.0000');
    const service = await orderableService();
    const placed = await v2({ key, action: 'add', service: service.id, link: 'https://instagram.com/p/abc', quantity: service.min_quantity });
    expect(placed.body).toEqual({ order: expect.any(Number) });
    const order = await one<{ status: string; source: string; is_paid: boolean; price: string; provider_id: number | null; user_id: number }>(
      t.db,
      sql`SELECT status, source, is_paid, price::text AS price, provider_id, user_id FROM orders WHERE id = ${placed.body.order}`,
    );
    expect(order).toMatchObject({ status: 'in_processing', source: 'api', is_paid: true, user_id: id });
    expect(order!.provider_id).not.toBeNull();
    const money = await balanceOf(id);
    expect(money.balance).toBe(money.sum);
    expect(Number(money.balance)).toBeCloseTo(500 - Number(order!.price), 4);

    const status = await v2({ key, action: 'status', order: placed.body.order });
    expect(status.body).toEqual({ charge: order!.price, start_count: '0', status: 'Pending', remains: String(service.min_quantity), currency: 'USD' });
  });

  it('refuses what cannot be ordered, each with its reason, and changes nothing', async () => {
    const { id, key } = await customerWith('0.0100');
    const service = await orderableService();
    const before = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${id}`);
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ service: 999_999, link: 'https://x.test/a', quantity: 100 }, /Incorrect service ID/],
      [{ service: service.id, link: 'https://x.test/a', quantity: service.min_quantity - 1 }, /less than minimal/],
      [{ service: service.id, link: 'https://x.test/a', quantity: service.max_quantity + 1 }, /more than maximal/],
      [{ service: service.id, link: 'javascript:alert(1)', quantity: service.min_quantity }, /Incorrect link/],
      [{ service: service.id, link: 'https://x.test/a', quantity: service.min_quantity }, /balance/],
      [{ service: service.id, link: 'https://x.test/a', quantity: service.min_quantity, runs: 3, interval: 10 }, /Drip-feed/],
    ];
    for (const [fields, reason] of cases) {
      const answer = await v2({ key, action: 'add', ...fields });
      expect(answer.status).toBe(200);
      expect(answer.body.error).toMatch(reason);
    }
    expect(await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${id}`)).toEqual(before);
    expect((await balanceOf(id)).balance).toBe('0.0100');
  });

  it("answers many statuses by id, and never another customer's order", async () => {
    const { key } = await customerWith('100.0000');
    const service = await orderableService();
    const mine = (await v2({ key, action: 'add', service: service.id, link: 'https://x.test/b', quantity: service.min_quantity })).body.order;
    const theirs = await one<{ id: number }>(t.db, sql`SELECT id::int AS id FROM orders WHERE user_id IS NOT NULL ORDER BY id LIMIT 1`);
    const answer = await v2({ key, action: 'status', orders: `${mine}, ${theirs!.id}, abc` });
    expect(Object.keys(answer.body).sort()).toEqual([String(mine), String(theirs!.id), 'abc'].sort());
    expect(answer.body[mine].status).toBe('Pending');
    expect(answer.body[theirs!.id]).toEqual({ error: 'Incorrect order ID' });
    expect(answer.body.abc).toEqual({ error: 'Incorrect order ID' });
    expect((await v2({ key, action: 'status', order: theirs!.id })).body).toEqual({ error: 'Incorrect order ID' });
  });

  it('lists the services the customer may order, with their rate per 1,000', async () => {
    const { key } = await customerWith('1.0000');
    const list = (await v2({ key, action: 'services' })).body as any[];
    expect(list.length).toBeGreaterThan(10);
    expect(list[0]).toEqual({
      service: expect.any(Number),
      name: expect.any(String),
      type: 'Default',
      category: expect.any(String),
      rate: expect.stringMatching(/^\d+\.\d{4}$/),
      min: expect.any(Number),
      max: expect.any(Number),
      refill: expect.any(Boolean),
      cancel: expect.any(Boolean),
      dripfeed: expect.any(Boolean),
    });
    const archived = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM services WHERE is_archived OR NOT is_enabled`);
    if (archived!.n > 0) {
      const hidden = await one<{ id: number }>(t.db, sql`SELECT id FROM services WHERE is_archived OR NOT is_enabled LIMIT 1`);
      expect(list.some((s) => s.service === hidden!.id)).toBe(false);
    }
  });

  it('names the actions when the action is unknown', async () => {
    const { key } = await customerWith('1.0000');
    expect((await v2({ key, action: 'teleport' })).body.error).toMatch(/Unknown action "teleport". Actions: .*add.*balance.*services.*status/);
  });
});

describe('refills', () => {
  it('asks a refill of an own completed order once, answers its status, and refuses what it may not', async () => {
    const { key } = await customerWith('500.0000');
    const other = await customerWith('500.0000');
    const service = await orderableService();
    await t.db.execute(sql`UPDATE services SET has_refill = true WHERE id = ${service.id}`);
    const place = async (k: string) =>
      (await v2({ key: k, action: 'add', service: service.id, link: 'https://instagram.com/p/r', quantity: service.min_quantity })).body.order as number;
    const done = await place(key);
    const open = await place(key);
    const theirs = await place(other.key);
    await t.db.execute(sql`UPDATE orders SET status = 'completed', completed_at = now() WHERE id IN (${done}, ${theirs})`);

    const asked = await v2({ key, action: 'refill', order: done });
    expect(asked.body).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    const refillId = asked.body.refill;
    expect((await v2({ key, action: 'refill_status', refill: refillId })).body).toEqual({ status: 'Pending' });
    expect(await one(t.db, sql`SELECT status, order_id::int AS order_id FROM order_refill_requests WHERE id = ${refillId}`)).toEqual({
      status: 'pending',
      order_id: done,
    });

    const many = await v2({ key, action: 'refill', orders: `${done},${open},${theirs},abc` });
    expect(many.status).toBe(200);
    expect(many.body).toEqual([
      { order: done, refill: { error: 'A refill of this order is already requested' } },
      { order: open, refill: { error: 'Refill is available only for completed orders' } },
      { order: theirs, refill: { error: 'Incorrect order ID' } },
      { order: 'abc', refill: { error: 'Incorrect order ID' } },
    ]);
    expect((await v2({ key: other.key, action: 'refill_status', refill: refillId })).body).toEqual({ error: 'Refill not found' });
    expect((await v2({ key, action: 'refill_status', refills: `${refillId},999999` })).body).toEqual([
      { refill: Number(refillId), status: 'Pending' },
      { refill: 999999, status: { error: 'Refill not found' } },
    ]);
    await t.db.execute(sql`UPDATE services SET has_refill = false WHERE id = ${service.id}`);
    expect((await v2({ key: other.key, action: 'refill', order: theirs })).body).toEqual({ error: 'Refill is not available for this order' });
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After once a key has spent its burst', async () => {
    const { key } = await customerWith('1.0000');
    let limited: Awaited<ReturnType<typeof v2>> | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const answer = await v2({ key, action: 'balance' });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.body.error).toMatch(/Too many/);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('cuts a body past its cap with 413', async () => {
    const answer = await v2({ key: 'x', action: 'balance', pad: 'x'.repeat(70 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(/too large/);
  });

  it('a bucket refills with time and forgets callers past its bound', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 60, burst: 2, maxCallers: 2, now: () => now });
    expect([limiter.take('a'), limiter.take('a')]).toEqual([0, 0]);
    expect(limiter.take('a')).toBe(1000);
    now += 1000;
    expect(limiter.take('a')).toBe(0);
    limiter.take('b');
    limiter.take('c');
    // 'a' was dropped to make room: it starts again with a full burst.
    expect([limiter.take('a'), limiter.take('a')]).toEqual([0, 0]);
  });
});

describe('routes an area adds', () => {
  it('authenticates by the key, answers Laravel errors with their status, and refuses a second action of one name', async () => {
    const { key, id } = await customerWith('3.0000');
    const app = new Hono<AppEnv>();
    app.onError((err: any, c) => c.json(err.body?.() ?? { message: 'Server Error' }, err.status ?? 500));
    mountCustomerApi(app, t.deps, [
      {
        routes: [
          {
            method: 'POST',
            path: '/notes',
            async handle({ customer, body }) {
              const text = (body as { text?: string }).text;
              if (!text) throw validationFailed({ text: ['Write a note.'] });
              return { customer: customer.id, text };
            },
          },
        ],
      },
    ]);
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      app.request('/api/v1/customer/notes', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post({ text: 'hi' })).status).toBe(401);
    const ok = await post({ text: 'hi' }, { authorization: `Bearer ${key}` });
    expect(await ok.json()).toEqual({ customer: id, text: 'hi' });
    const refused = await post({}, { authorization: `Bearer ${key}` });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { text: ['Write a note.'] } });

    expect(() => mountCustomerApi(new Hono<AppEnv>(), t.deps, [{ actions: { balance: async () => ({}) } }])).toThrow(/registered twice/);
  });
});
