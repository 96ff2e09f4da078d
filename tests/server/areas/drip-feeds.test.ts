import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dripFeedDetailSchema, dripFeedRowSchema } from '../../../src/contract/drip-feeds';
import type { TableRequest } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Drip feeds through the real app on PGlite with the demo seed: the table (filters, sort, 422 on
 * unknown keys), the detail with its runs, cancel (409 on repeat, audited), and a member without
 * manageOrders (403, no change; flag false). Calls go through the endpoint table (t.call / t.ok).
 */

const t = useTestApp();
let admin: string;
let viewer: TestMember;

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  viewer = await t.memberWith(['viewOrders']);
});

/** One page of the table, typed by the contract (a non-2xx answer fails the test). */
const table = async (as: string | TestMember, body: TableRequest) => dripFeedRowSchema.array().parse((await t.ok('dripFeedsTable', { body }, as)).items);
const page = (body: TableRequest) => t.ok('dripFeedsTable', { body }, admin);
const statusOf = async (id: number) => (await one<{ status: string }>(t.db, sql`SELECT status FROM drip_feeds WHERE id = ${id}`))?.status;
const openDripFeed = async (skip = 0) =>
  (await one<{ id: number }>(t.db, sql`SELECT id FROM drip_feeds WHERE status = 'in_processing' ORDER BY id LIMIT 1 OFFSET ${skip}`))!.id;

describe('drip-feed table', () => {
  it('answers rows in the contract shape, newest first, with runs linked to orders', async () => {
    const parsed = await page({ options: { page: 1, itemsPerPage: 30 } });
    expect(parsed.totalItemsCount).toBe(Number((await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM drip_feeds`))!.c));
    const items = dripFeedRowSchema.array().parse(parsed.items);
    const ids = items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const row of items) {
      expect(row.totalQuantity).toBe(row.quantity * row.ordersCount);
      expect(row.orders.length).toBeGreaterThan(0);
      expect(row.orders.length).toBeLessThanOrEqual(row.ordersCount);
    }
    const row = items[0];
    const linked = await rows<{ id: number }>(
      t.db,
      sql`SELECT id::int AS id FROM orders WHERE source_type = 'drip_feed' AND source_id = ${row.id} ORDER BY id`,
    );
    expect(row.orders.map((o) => o.id)).toEqual(linked.map((o) => o.id));
  });

  it('filters by status (the default view), user e-mail, service and runs', async () => {
    const open = await page({ headers: [{ value: 'status', filter: ['in_processing'] }], options: { itemsPerPage: -1 } });
    const expected = (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM drip_feeds WHERE status = 'in_processing'`))!.c;
    expect(open.totalItemsCount).toBe(expected);
    expect(open.items.every((r) => r.status === 'in_processing' && r.actions.cancelable)).toBe(true);

    const sample = open.items[0];
    const byUser = await table(admin, { headers: [{ value: 'user.email', filter: sample.user.email.toUpperCase() }] });
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r) => r.user.email === sample.user.email)).toBe(true);

    const byService = await table(admin, { headers: [{ value: 'service.name', filter: sample.service.id }], options: { itemsPerPage: -1 } });
    expect(byService.every((r) => r.service.id === sample.service.id)).toBe(true);

    const byRuns = await table(admin, {
      headers: [{ value: 'ordersCount', filter: { from: 3, to: 5 } }],
      options: { itemsPerPage: -1, sortBy: ['ordersCount'], sortDesc: [false] },
    });
    const runs = byRuns.map((r) => r.ordersCount);
    expect(runs.every((n) => n >= 3 && n <= 5)).toBe(true);
    expect(runs).toEqual([...runs].sort((a, b) => a - b));
  });

  it('filters by countries and searches by url', async () => {
    const us = await table(admin, { headers: [{ value: 'countries', filter: ['us'] }], options: { itemsPerPage: -1 } });
    expect(us.length).toBeGreaterThan(0);
    expect(us.every((r) => r.countries.includes('US'))).toBe(true);
    const target = us[0];
    const found = await table(admin, { search: target.url });
    expect(found.map((r) => r.id)).toContain(target.id);
  });

  it('answers 422 for unknown sort and filter keys and bad values', async () => {
    const call = (body: TableRequest) => t.call('dripFeedsTable', { body }, admin);
    expect(await call({ options: { sortBy: ['secret'] } })).toMatchObject({ status: 422, body: { errors: { 'options.sortBy.0': expect.any(Array) } } });
    expect((await call({ headers: [{ value: 'nope', filter: 'x' }] })).status).toBe(422);
    expect(await call({ headers: [{ value: 'status', filter: ['paused'] }] })).toMatchObject({
      status: 422,
      body: { errors: { 'headers.0.filter': expect.any(Array) } },
    });
  });

  it('needs viewOrders to read', async () => {
    const nobody = await t.memberWith(['viewUsers']);
    expect((await t.call('dripFeedsTable', { body: {} }, nobody)).status).toBe(403);
    expect((await t.call('dripFeedsShow', { params: { dripFeedId: await openDripFeed() } }, nobody)).status).toBe(403);
  });
});

describe('one drip feed', () => {
  it('answers the detail with its runs, and 404 for none', async () => {
    const id = await openDripFeed();
    const detail = dripFeedDetailSchema.parse(await t.ok('dripFeedsShow', { params: { dripFeedId: id } }, admin));
    expect(detail.id).toBe(id);
    expect(detail.canceledAt).toBeNull();
    expect(await t.call('dripFeedsShow', { params: { dripFeedId: 99999999 } }, admin)).toEqual({
      ok: false,
      status: 404,
      body: { message: 'Drip feed 99999999 not found.' },
    });
    expect(await t.call('dripFeedsShow', { params: { dripFeedId: 'abc' } }, admin)).toEqual({
      ok: false,
      status: 404,
      body: { message: 'Drip feed not found.' },
    });
  });
});

describe('cancel', () => {
  const cancel = (dripFeedId: number, as: string | TestMember = admin) => t.call('dripFeedsCancel', { params: { dripFeedId } }, as);

  it('cancels a drip feed in processing, once, with an audit entry and a change log', async () => {
    const id = await openDripFeed();
    const res = await cancel(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: `Drip feed ${id} canceled.`, dripFeed: { id, status: 'canceled', actions: { cancelable: false } } });
    expect(await statusOf(id)).toBe('canceled');
    const audit = await one<{ event: string; old_values: any; new_values: any; staff_id: number | null }>(
      t.db,
      sql`SELECT event, old_values, new_values, staff_id FROM audit_entries WHERE auditable_type = 'drip_feed' AND auditable_id = ${id}`,
    );
    expect(audit).toMatchObject({ event: 'canceled', old_values: { status: 'in_processing' }, new_values: { status: 'canceled' } });
    expect(audit!.staff_id).not.toBeNull();
    const log = await one<{ information: string }>(
      t.db,
      sql`SELECT information FROM change_logs WHERE model_type = 'drip_feed' AND model_id = ${id} AND action_type = 'cancel'`,
    );
    expect(log?.information).toMatch(new RegExp(`^Drip feed ${id} \\(.+\\) canceled: no further runs will be placed\\.$`));

    expect(await cancel(id)).toEqual({ ok: false, status: 409, body: { message: `Drip feed ${id} cannot be canceled: it is canceled.` } });
    expect((await cancel(99999999)).status).toBe(404);
  });

  it('refuses a completed drip feed with 409', async () => {
    const done = (await one<{ id: number }>(t.db, sql`SELECT id FROM drip_feeds WHERE status = 'completed' LIMIT 1`))!.id;
    expect(await cancel(done)).toEqual({ ok: false, status: 409, body: { message: `Drip feed ${done} cannot be canceled: it is completed.` } });
    expect(await statusOf(done)).toBe('completed');
  });

  it('forbids a member without manageOrders and changes nothing', async () => {
    const id = await openDripFeed(1);
    expect((await cancel(id, viewer)).status).toBe(403);
    expect(await statusOf(id)).toBe('in_processing');
    expect(await one(t.db, sql`SELECT 1 FROM audit_entries WHERE auditable_type = 'drip_feed' AND auditable_id = ${id}`)).toBeUndefined();
    const [row] = await table(viewer, { headers: [{ value: 'id', filter: id }] });
    expect(row.actions.cancelable).toBe(false);
  });
});
