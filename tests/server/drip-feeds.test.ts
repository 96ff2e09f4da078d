import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dripFeedDetailSchema, dripFeedRowSchema } from '../../src/contract/drip-feeds';
import { tableResponseSchema } from '../../src/contract/table';
import { one, rows } from '../../src/server/db/client';
import { createTestApp, type TestApp } from './helpers/testServer';

/**
 * Drip feeds through the real app on PGlite with the demo seed: the table (filters, sort, 422 on
 * unknown keys), the detail with its runs, cancel (409 on repeat, audited), and a member without
 * manageOrders (403, no change; flag false).
 */

let t: TestApp;
let admin: string;
let viewer: string;
const tableOf = tableResponseSchema(dripFeedRowSchema);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'password');
  viewer = (await t.createMember({ permissions: ['viewOrders'] })).token;
});

afterAll(async () => {
  await t?.close();
});

const table = async (token: string, body: unknown) => {
  const res = await t.request('POST', '/api/v1/admin/drip-feeds/table', { token, body });
  return { status: res.status, body: (await res.json()) as any };
};
const statusOf = async (id: number) => (await one<{ status: string }>(t.db, sql`SELECT status FROM drip_feeds WHERE id = ${id}`))?.status;
const openDripFeed = async (skip = 0) =>
  (await one<{ id: number }>(t.db, sql`SELECT id FROM drip_feeds WHERE status = 'in_processing' ORDER BY id LIMIT 1 OFFSET ${skip}`))!.id;

describe('drip-feed table', () => {
  it('answers rows in the contract shape, newest first, with runs linked to orders', async () => {
    const { status, body } = await table(admin, { options: { page: 1, itemsPerPage: 30 } });
    expect(status).toBe(200);
    const parsed = tableOf.parse(body);
    expect(parsed.totalItemsCount).toBe(Number((await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM drip_feeds`))!.c));
    const ids = parsed.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const row of parsed.items) {
      expect(row.totalQuantity).toBe(row.quantity * row.ordersCount);
      expect(row.orders.length).toBeGreaterThan(0);
      expect(row.orders.length).toBeLessThanOrEqual(row.ordersCount);
    }
    const row = parsed.items[0];
    const linked = await rows<{ id: number }>(t.db, sql`SELECT id::int AS id FROM orders WHERE source_type = 'drip_feed' AND source_id = ${row.id} ORDER BY id`);
    expect(row.orders.map((o) => o.id)).toEqual(linked.map((o) => o.id));
  });

  it('filters by status (the default view), user e-mail, service and runs', async () => {
    const open = await table(admin, { headers: [{ value: 'status', filter: ['in_processing'] }], options: { itemsPerPage: -1 } });
    const expected = (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM drip_feeds WHERE status = 'in_processing'`))!.c;
    expect(open.body.totalItemsCount).toBe(expected);
    expect(open.body.items.every((r: any) => r.status === 'in_processing' && r.actions.cancelable)).toBe(true);

    const sample = open.body.items[0];
    const byUser = await table(admin, { headers: [{ value: 'user.email', filter: sample.user.email.toUpperCase() }] });
    expect(byUser.body.items.length).toBeGreaterThan(0);
    expect(byUser.body.items.every((r: any) => r.user.email === sample.user.email)).toBe(true);

    const byService = await table(admin, { headers: [{ value: 'service.name', filter: sample.service.id }], options: { itemsPerPage: -1 } });
    expect(byService.body.items.every((r: any) => r.service.id === sample.service.id)).toBe(true);

    const byRuns = await table(admin, {
      headers: [{ value: 'ordersCount', filter: { from: 3, to: 5 } }],
      options: { itemsPerPage: -1, sortBy: ['ordersCount'], sortDesc: [false] },
    });
    const runs = byRuns.body.items.map((r: any) => r.ordersCount);
    expect(runs.every((n: number) => n >= 3 && n <= 5)).toBe(true);
    expect(runs).toEqual([...runs].sort((a, b) => a - b));
  });

  it('filters by countries and searches by url', async () => {
    const us = await table(admin, { headers: [{ value: 'countries', filter: ['us'] }], options: { itemsPerPage: -1 } });
    expect(us.body.items.length).toBeGreaterThan(0);
    expect(us.body.items.every((r: any) => r.countries.includes('US'))).toBe(true);
    const target = us.body.items[0];
    const found = await table(admin, { search: target.url });
    expect(found.body.items.map((r: any) => r.id)).toContain(target.id);
  });

  it('answers 422 for unknown sort and filter keys and bad values', async () => {
    expect((await table(admin, { options: { sortBy: ['secret'] } })).body.errors).toHaveProperty(['options.sortBy.0']);
    expect((await table(admin, { headers: [{ value: 'nope', filter: 'x' }] })).status).toBe(422);
    const bad = await table(admin, { headers: [{ value: 'status', filter: ['paused'] }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty(['headers.0.filter']);
  });

  it('needs viewOrders to read', async () => {
    const nobody = (await t.createMember({ permissions: ['viewUsers'] })).token;
    expect((await table(nobody, {})).status).toBe(403);
    expect((await t.request('GET', `/api/v1/admin/drip-feeds/${await openDripFeed()}`, { token: nobody })).status).toBe(403);
  });
});

describe('one drip feed', () => {
  it('answers the detail with its runs, and 404 for none', async () => {
    const id = await openDripFeed();
    const res = await t.request('GET', `/api/v1/admin/drip-feeds/${id}`, { token: admin });
    expect(res.status).toBe(200);
    const detail = dripFeedDetailSchema.parse(await res.json());
    expect(detail.id).toBe(id);
    expect(detail.canceledAt).toBeNull();
    expect((await t.request('GET', '/api/v1/admin/drip-feeds/99999999', { token: admin })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/admin/drip-feeds/abc', { token: admin })).status).toBe(404);
  });
});

describe('cancel', () => {
  it('cancels a drip feed in processing, once, with an audit entry and a change log', async () => {
    const id = await openDripFeed();
    const res = await t.request('POST', `/api/v1/admin/drip-feeds/${id}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.dripFeed).toMatchObject({ id, status: 'canceled', actions: { cancelable: false } });
    expect(await statusOf(id)).toBe('canceled');
    const audit = await one<{ event: string; old_values: any; new_values: any; staff_id: number | null }>(
      t.db,
      sql`SELECT event, old_values, new_values, staff_id FROM audit_entries WHERE auditable_type = 'drip_feed' AND auditable_id = ${id}`,
    );
    expect(audit).toMatchObject({ event: 'canceled', old_values: { status: 'in_processing' }, new_values: { status: 'canceled' } });
    expect(audit!.staff_id).not.toBeNull();
    expect(await one(t.db, sql`SELECT 1 FROM change_logs WHERE model_type = 'drip_feed' AND model_id = ${id} AND action_type = 'cancel'`)).toBeDefined();

    const again = await t.request('POST', `/api/v1/admin/drip-feeds/${id}/cancel`, { token: admin });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(`Drip feed ${id} cannot be canceled: it is canceled.`);
    expect((await t.request('POST', '/api/v1/admin/drip-feeds/99999999/cancel', { token: admin })).status).toBe(404);
  });

  it('refuses a completed drip feed with 409', async () => {
    const done = (await one<{ id: number }>(t.db, sql`SELECT id FROM drip_feeds WHERE status = 'completed' LIMIT 1`))!.id;
    expect((await t.request('POST', `/api/v1/admin/drip-feeds/${done}/cancel`, { token: admin })).status).toBe(409);
    expect(await statusOf(done)).toBe('completed');
  });

  it('forbids a member without manageOrders and changes nothing', async () => {
    const id = await openDripFeed(1);
    const res = await t.request('POST', `/api/v1/admin/drip-feeds/${id}/cancel`, { token: viewer });
    expect(res.status).toBe(403);
    expect(await statusOf(id)).toBe('in_processing');
    expect(await one(t.db, sql`SELECT 1 FROM audit_entries WHERE auditable_type = 'drip_feed' AND auditable_id = ${id}`)).toBeUndefined();
    const { body } = await table(viewer, { headers: [{ value: 'id', filter: id }] });
    expect(body.items[0].actions.cancelable).toBe(false);
  });
});
