import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionCollectionsSchema, subscriptionDetailSchema, subscriptionRowSchema, SUBSCRIPTION_ROW_CONTENTS } from '../../../src/contract/subscriptions';
import { tableResponseSchema } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * Subscriptions through the real app with the demo seed: the table and its filters, collections,
 * the detail, cancel (409 on repeat, audited) and a member without manageOrders (403, no change).
 */

let t: TestApp;
let admin: string;
let viewer: string;
const tableOf = tableResponseSchema(subscriptionRowSchema);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'password');
  viewer = (await t.createMember({ permissions: ['viewOrders'] })).token;
});

afterAll(async () => {
  await t?.close();
});

const table = async (token: string, body: unknown) => {
  const res = await t.request('POST', '/api/v1/admin/subscriptions/table', { token, body });
  return { status: res.status, body: (await res.json()) as any };
};
const statusOf = async (id: number) => (await one<{ status: string }>(t.db, sql`SELECT status FROM subscriptions WHERE id = ${id}`))?.status;
const openSubscription = async (skip = 0) =>
  (await one<{ id: number }>(t.db, sql`SELECT id FROM subscriptions WHERE status = 'in_processing' ORDER BY id LIMIT 1 OFFSET ${skip}`))!.id;

describe('subscriptions table', () => {
  it('answers rows in the contract shape with services, contents and counts', async () => {
    const { status, body } = await table(admin, { options: { itemsPerPage: -1 } });
    expect(status).toBe(200);
    const parsed = tableOf.parse(body);
    expect(parsed.items.length).toBe(parsed.totalItemsCount);
    expect(parsed.totalItemsCount).toBeGreaterThan(0);
    for (const row of parsed.items) {
      expect(row.subscriptionServices.length).toBeGreaterThan(0);
      expect(row.subscriptionContents.length).toBe(Math.min(row.subscriptionContentsCount, SUBSCRIPTION_ROW_CONTENTS));
      expect(row.subscriptionContentsCount).toBeLessThanOrEqual(row.contentsLimit);
      if (row.billingType !== 'recurring') expect(row.recurringPaymentMethods).toEqual([]);
    }
    // Every content's orders point back at their subscription.
    const row = parsed.items[0];
    const orderIds = row.subscriptionContents.flatMap((c) => c.ordersIds);
    const linked = await rows<{ source_id: number }>(
      t.db,
      sql`SELECT source_id::int AS source_id FROM orders WHERE id IN ${orderIds} AND source_type = 'subscription'`,
    );
    expect(linked.map((r) => r.source_id)).toEqual(orderIds.map(() => row.id));
  });

  it('filters by status, billing type, type and service; sorts by contents', async () => {
    const open = await table(admin, { headers: [{ value: 'status', filter: ['in_processing'] }], options: { itemsPerPage: -1 } });
    const expected = (await one<{ c: number }>(t.db, sql`SELECT count(*)::int AS c FROM subscriptions WHERE status = 'in_processing'`))!.c;
    expect(open.body.totalItemsCount).toBe(expected);
    expect(open.body.items.every((r: any) => r.status === 'in_processing' && r.actions.cancelable)).toBe(true);

    const recurring = await table(admin, { headers: [{ value: 'billingType', filter: ['recurring'] }], options: { itemsPerPage: -1 } });
    expect(recurring.body.items.every((r: any) => r.billingType === 'recurring' && r.recurringPaymentMethods.length > 0)).toBe(true);

    const service = open.body.items[0].subscriptionServices[0].service.id;
    const byService = await table(admin, { headers: [{ value: 'subscriptionServices', filter: service }], options: { itemsPerPage: -1 } });
    expect(byService.body.items.length).toBeGreaterThan(0);
    expect(byService.body.items.every((r: any) => r.subscriptionServices.some((s: any) => s.service.id === service))).toBe(true);

    const sorted = await table(admin, { options: { itemsPerPage: -1, sortBy: ['subscriptionContentsCount'], sortDesc: [true] } });
    const counts = sorted.body.items.map((r: any) => r.subscriptionContentsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    expect((await table(admin, { headers: [{ value: 'type', filter: ['tweets'] }] })).status).toBe(422);
    expect((await table(admin, { options: { sortBy: ['recurringPaymentMethods'] } })).status).toBe(422);
  });
});

describe('collections and detail', () => {
  it('offers statuses, billing types and content types', async () => {
    const res = await t.request('GET', '/api/v1/admin/subscriptions/collections', { token: viewer });
    expect(res.status).toBe(200);
    const body = subscriptionCollectionsSchema.parse(await res.json());
    expect(body.statuses.map((s) => s.value)).toEqual(['in_processing', 'completed', 'canceled']);
    expect(body.billingTypes.map((s) => s.value)).toEqual(['per_content', 'one_time', 'recurring']);
  });

  it('answers one subscription with every content, and 404 for none', async () => {
    const busiest = (await one<{ id: number; n: number }>(
      t.db,
      sql`SELECT subscription_id AS id, count(*)::int AS n FROM subscription_contents GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    ))!;
    const res = await t.request('GET', `/api/v1/admin/subscriptions/${busiest.id}`, { token: admin });
    const detail = subscriptionDetailSchema.parse(await res.json());
    expect(detail.subscriptionContents).toHaveLength(busiest.n);
    expect(detail.subscriptionContentsCount).toBe(busiest.n);
    expect((await t.request('GET', '/api/v1/admin/subscriptions/0', { token: admin })).status).toBe(404);
  });
});

describe('cancel', () => {
  it('cancels once, audited; 409 on repeat', async () => {
    const id = await openSubscription();
    const res = await t.request('POST', `/api/v1/admin/subscriptions/${id}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).subscription).toMatchObject({ id, status: 'canceled', actions: { cancelable: false } });
    expect(await statusOf(id)).toBe('canceled');
    expect(
      await one(t.db, sql`SELECT 1 FROM audit_entries WHERE auditable_type = 'subscription' AND auditable_id = ${id} AND event = 'canceled'`),
    ).toBeDefined();
    const again = await t.request('POST', `/api/v1/admin/subscriptions/${id}/cancel`, { token: admin });
    expect(again.status).toBe(409);
  });

  it('forbids a member without manageOrders and changes nothing', async () => {
    const id = await openSubscription(1);
    expect((await t.request('POST', `/api/v1/admin/subscriptions/${id}/cancel`, { token: viewer })).status).toBe(403);
    expect(await statusOf(id)).toBe('in_processing');
    const { body } = await table(viewer, { headers: [{ value: 'id', filter: id }] });
    expect(body.items[0].actions.cancelable).toBe(false);
  });
});
