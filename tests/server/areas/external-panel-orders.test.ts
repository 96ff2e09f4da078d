import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalPanelOrderRowSchema } from '../../../src/contract/external-panel-orders';
import { encodeTableQuery, tableResponseSchema, type TableRequest } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * External-panel orders through the real app with the demo seed: the list by GET (`q=`) and by
 * POST (same answers), its filters and 422s, and recreate: 422 on `quantity` and `providerId`,
 * success (a new attempt, the old one no longer recreatable, audited), 409 on repeat, and 403 with
 * no change for a member without manageExternalPanelOrders.
 */

let t: TestApp;
let admin: string;
let manager: string;
const tableOf = tableResponseSchema(externalPanelOrderRowSchema);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'password');
  manager = await t.login('manager@example.com', 'password');
});

afterAll(async () => {
  await t?.close();
});

const list = async (request: TableRequest, token = admin) => {
  const res = await t.request('GET', `/api/v1/admin/external-panel-orders?${encodeTableQuery(request)}`, { token });
  return { status: res.status, body: (await res.json()) as any };
};
const post = async (request: unknown, token = admin) => {
  const res = await t.request('POST', '/api/v1/admin/external-panel-orders/table', { token, body: request });
  return { status: res.status, body: (await res.json()) as any };
};
const recreate = async (id: number, body: unknown, token = admin) => {
  const res = await t.request('POST', `/api/v1/admin/external-panel-orders/${id}/recreate`, { token, body });
  return { status: res.status, body: (await res.json()) as any };
};
const attemptCount = async () => (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM external_panel_orders`))!.c;

interface Candidate {
  id: number;
  order_id: number;
  left: number;
  provider_id: number;
}
/** Recreatable attempts with a usable provider that offers their order's service. */
const candidates = () =>
  rows<Candidate>(
    t.db,
    sql`SELECT e.id::int AS id, e.order_id::int AS order_id, o.quantity - o.current_quantity AS left, p.provider_id
          FROM external_panel_orders e JOIN orders o ON o.id = e.order_id
          JOIN LATERAL (
            SELECT ps.external_panel_id AS provider_id FROM service_providers sp
              JOIN provider_services ps ON ps.id = sp.provider_service_id JOIN providers pr ON pr.id = ps.external_panel_id
             WHERE sp.service_id = o.service_id AND sp.is_active AND ps.status = 'active' AND NOT ps.is_archived
               AND pr.status = 'active' AND NOT pr.is_archived
             ORDER BY sp.priority LIMIT 1) p ON true
         WHERE e.recreated_at IS NULL AND o.status NOT IN ('completed', 'canceled') AND o.quantity > o.current_quantity
           AND (e.status IN ('canceled', 'partial') OR (e.status = 'creating' AND e.error IS NOT NULL))
           AND NOT EXISTS (SELECT 1 FROM external_panel_orders x WHERE x.order_id = e.order_id AND x.id > e.id)
         ORDER BY e.id`,
  );

describe('the list', () => {
  it('answers the same by GET with q= and by POST /table, newest first', async () => {
    const request: TableRequest = { options: { page: 2, itemsPerPage: 20, sortBy: [], sortDesc: [] }, draw: 7 };
    const byGet = await list(request);
    const byPost = await post(request);
    expect(byGet.status).toBe(200);
    expect(byGet.body).toEqual(byPost.body);
    const parsed = tableOf.parse(byGet.body);
    expect(parsed.draw).toBe(7);
    expect(parsed.items).toHaveLength(20);
    const ids = parsed.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const plain = await t.request('GET', '/api/v1/admin/external-panel-orders', { token: admin });
    expect(tableOf.parse(await plain.json()).items).toHaveLength(30);
  });

  it('filters by status, failure, provider and order', async () => {
    const partial = await post({ headers: [{ value: 'status', filter: ['partial', 'canceled'] }], options: { itemsPerPage: -1 } });
    expect(partial.body.items.length).toBeGreaterThan(0);
    expect(partial.body.items.every((r: any) => ['partial', 'canceled'].includes(r.status))).toBe(true);

    const failed = await list({ headers: [{ value: 'error', filter: true }], options: { page: 1, itemsPerPage: -1, sortBy: [], sortDesc: [] } });
    const expected = (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM external_panel_orders WHERE error IS NOT NULL`))!.c;
    expect(failed.body.totalItemsCount).toBe(expected);
    expect(failed.body.items.every((r: any) => r.error !== null)).toBe(true);

    const sample = partial.body.items[0];
    const byProvider = await post({ headers: [{ value: 'provider.name', filter: sample.provider.id }], options: { itemsPerPage: -1 } });
    expect(byProvider.body.items.every((r: any) => r.provider.id === sample.provider.id)).toBe(true);
    const byOrder = await post({ headers: [{ value: 'order.id', filter: String(sample.order.id) }] });
    expect(byOrder.body.items.map((r: any) => r.order.id)).toContain(sample.order.id);

    const overDelivered = await post({ headers: [{ value: 'remains', filter: { to: -1 } }], options: { itemsPerPage: -1 } });
    expect(overDelivered.body.items.every((r: any) => r.remains < 0)).toBe(true);
  });

  it('answers 422 for a bad q, unknown keys and bad values', async () => {
    const notJson = await t.request('GET', '/api/v1/admin/external-panel-orders?q=%7Bnope', { token: admin });
    expect(notJson.status).toBe(422);
    expect((await notJson.json()).errors).toHaveProperty('q');
    const badPage = await t.request('GET', `/api/v1/admin/external-panel-orders?q=${encodeURIComponent(JSON.stringify({ options: { page: 0 } }))}`, {
      token: admin,
    });
    expect(badPage.status).toBe(422);
    expect((await badPage.json()).errors).toHaveProperty(['q.options.page']);
    expect((await post({ headers: [{ value: 'status', filter: ['lost'] }] })).status).toBe(422);
    expect((await post({ options: { sortBy: ['error'] } })).status).toBe(422);
  });

  it('needs manageExternalPanelOrders', async () => {
    expect((await list({}, manager)).status).toBe(403);
    expect((await post({}, manager)).status).toBe(403);
  });
});

describe('recreate', () => {
  it('answers 422 on quantity and providerId, and changes nothing', async () => {
    const [c] = await candidates();
    const before = await attemptCount();
    const missing = await recreate(c.id, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['providerId', 'quantity']);

    const both = await recreate(c.id, { quantity: c.left + 1, providerId: 999999 });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors).sort()).toEqual(['providerId', 'quantity']);
    expect(both.body.errors.quantity).toEqual([`The quantity may not be greater than ${c.left}.`]);

    const typed = await recreate(c.id, { quantity: 'lots', providerId: c.provider_id });
    expect(Object.keys(typed.body.errors)).toEqual(['quantity']);
    const zero = await recreate(c.id, { quantity: 0, providerId: c.provider_id });
    expect(Object.keys(zero.body.errors)).toEqual(['quantity']);

    const archived = (await one<{ id: number }>(t.db, sql`SELECT id FROM providers WHERE is_archived OR status <> 'active' ORDER BY id LIMIT 1`))!.id;
    const unusable = await recreate(c.id, { quantity: 1, providerId: archived });
    expect(Object.keys(unusable.body.errors)).toEqual(['providerId']);
    expect(unusable.body.errors.providerId[0]).toMatch(/disabled or archived/);

    expect(await attemptCount()).toBe(before);
  });

  it('places a new attempt, audited; the old one is no longer recreatable; a repeat is 409', async () => {
    const [, c] = await candidates();
    const res = await recreate(c.id, { quantity: String(c.left), providerId: c.provider_id });
    expect(res.status).toBe(200);
    const created = externalPanelOrderRowSchema.parse(res.body.externalPanelOrder);
    expect(created).toMatchObject({
      status: 'creating',
      quantity: c.left,
      externalId: null,
      error: null,
      recreatedFromId: c.id,
      order: { id: c.order_id },
      provider: { id: c.provider_id },
      actions: { recreatable: false },
    });
    const old = await post({ headers: [{ value: 'id', filter: c.id }] });
    expect(old.body.items[0].actions.recreatable).toBe(false);
    const order = await one<{ status: string; provider_id: number; external_id: string | null }>(
      t.db,
      sql`SELECT status, provider_id, external_id FROM orders WHERE id = ${c.order_id}`,
    );
    expect(order).toMatchObject({ status: 'in_processing', provider_id: c.provider_id, external_id: null });
    expect(
      await one(t.db, sql`SELECT 1 FROM audit_entries WHERE auditable_type = 'external_panel_order' AND auditable_id = ${c.id} AND event = 'recreated'`),
    ).toBeDefined();
    expect(
      await one(t.db, sql`SELECT 1 FROM change_logs WHERE model_type = 'order' AND model_id = ${c.order_id} AND action_type = 'recreate_external_order'`),
    ).toBeDefined();

    const before = await attemptCount();
    const again = await recreate(c.id, { quantity: 1, providerId: c.provider_id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`External-panel order ${c.id} cannot be recreated: it was already recreated.`);
    // The new attempt is not recreatable either while it is being placed.
    expect((await recreate(created.id, { quantity: 1, providerId: c.provider_id })).status).toBe(409);
    expect(await attemptCount()).toBe(before);
  });

  it('refuses a completed attempt with 409 and an unknown one with 404', async () => {
    const done = (await one<{ id: number }>(t.db, sql`SELECT id::int AS id FROM external_panel_orders WHERE status = 'completed' LIMIT 1`))!.id;
    expect((await recreate(done, { quantity: 1, providerId: 1 })).status).toBe(409);
    expect((await recreate(99999999, { quantity: 1, providerId: 1 })).status).toBe(404);
  });

  it('forbids a member without manageExternalPanelOrders and changes nothing', async () => {
    const [c] = await candidates();
    const before = await attemptCount();
    const res = await recreate(c.id, { quantity: 1, providerId: c.provider_id }, manager);
    expect(res.status).toBe(403);
    expect(await attemptCount()).toBe(before);
    expect((await candidates())[0].id).toBe(c.id);
  });
});
