import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { tableResponseSchema } from '../../../src/contract/table';
import { USERS_TABLE, userDetailSchema, userRowSchema, type UserRow, type UserStatus } from '../../../src/contract/users';
import { rows, one } from '../../../src/server/db/client';
import { DEMO_USERS_COUNT } from '../../../src/server/areas/users/seed';
import { usersTable } from '../../../src/server/areas/users/table';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * The users area through the real app on PGlite with the demo seed: permissions (403 and no
 * change), validation (422), transitions (409), bulk partial failure, audit entries, row flags per
 * caller and the grade column's guard. One app per file; each test picks users no other test uses.
 */

let t: TestApp;
let admin: string;
let manager: string;
const used = new Set<number>();
// The demo seed writes a history of its own; a test reads only the entries written after it.
let seededAudits = 0;
let seededChangeLogs = 0;

beforeAll(async () => {
  t = await createTestApp();
  seededAudits = (await one<{ id: number }>(t.db, sql`SELECT coalesce(max(id), 0)::int AS id FROM audit_entries`))!.id;
  seededChangeLogs = (await one<{ id: number }>(t.db, sql`SELECT coalesce(max(id), 0)::int AS id FROM change_logs`))!.id;
  admin = await t.login('admin@example.com', 'password');
  manager = await t.login('manager@example.com', 'password');
});

afterAll(async () => {
  await t?.close();
});

async function call(
  name: EndpointName,
  token: string,
  options: { params?: Record<string, string | number>; body?: unknown; query?: Record<string, string | number> } = {},
) {
  const e = endpoints[name];
  const qs = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await t.request(e.method, `${buildPath(e.path, options.params)}${qs}`, { token, body: options.body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A user in the given state that no other test touched. */
async function freshUser(status: UserStatus = 'active'): Promise<number> {
  const found = await rows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE status = ${status} AND email <> 'bob@example.com' ORDER BY id LIMIT 200`);
  const pick = found.find((r) => !used.has(r.id));
  if (!pick) throw new Error(`no unused ${status} user`);
  used.add(pick.id);
  return pick.id;
}

const statusOf = async (id: number) => (await one<{ status: string }>(t.db, sql`SELECT status FROM users WHERE id = ${id}`))?.status;
const auditsOf = (id: number) =>
  rows<{ event: string; staff_id: number; old_values: Record<string, unknown> | null; new_values: Record<string, unknown> | null }>(
    t.db,
    sql`SELECT event, staff_id, old_values, new_values FROM audit_entries WHERE id > ${seededAudits} AND auditable_type = 'user' AND auditable_id = ${id} ORDER BY id`,
  );
const changeLogsOf = (id: number) =>
  rows<{ action_type: string }>(
    t.db,
    sql`SELECT action_type FROM change_logs WHERE id > ${seededChangeLogs} AND model_type = 'user' AND model_id = ${id} ORDER BY id`,
  );

const tableOf = tableResponseSchema(userRowSchema);

describe('users table', () => {
  it('answers the default page: 30 newest users of the seeded 5,000, draw echoed, rows in the contract shape', async () => {
    const res = await call('usersTable', admin, { body: { draw: 4 } });
    expect(res.status).toBe(200);
    const page = tableOf.parse(res.body);
    expect(page.draw).toBe(4);
    expect(page.totalItemsCount).toBe(DEMO_USERS_COUNT);
    expect(page.items).toHaveLength(30);
    const ids = page.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('declares exactly the columns the contract lists', () => {
    expect([...usersTable.columnKeys].sort()).toEqual(
      Object.keys(USERS_TABLE.columns)
        .filter((k) => k !== 'actions')
        .sort(),
    );
  });

  it('filters by status and seller, and counts the filtered rows', async () => {
    const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users WHERE status IN ('frozen', 'deactivated')`);
    const res = await call('usersTable', admin, { body: { headers: [{ value: 'status', filter: ['frozen', 'deactivated'] }], options: { itemsPerPage: 10 } } });
    const page = tableOf.parse(res.body);
    expect(page.totalItemsCount).toBe(n);
    expect(page.items.every((r) => r.status !== 'active')).toBe(true);

    const mgr = await one<{ id: number }>(t.db, sql`SELECT id FROM staff_members WHERE email = 'manager@example.com'`);
    const bySeller = tableOf.parse(
      (await call('usersTable', admin, { body: { headers: [{ value: 'seller.email', filter: mgr!.id }], options: { itemsPerPage: 0 } } })).body,
    );
    expect(bySeller.totalItemsCount).toBeGreaterThan(0);
    expect(bySeller.items.every((r) => r.seller?.email === 'manager@example.com')).toBe(true);
  });

  it('filters on computed columns: custom prices and balance range', async () => {
    const res = await call('usersTable', admin, {
      body: {
        headers: [
          { value: 'userServiceExists', filter: true },
          { value: 'balance', filter: { from: '100' } },
        ],
        options: { itemsPerPage: 0 },
      },
    });
    const page = tableOf.parse(res.body);
    const [{ n }] = await rows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM users u WHERE u.balance >= 100 AND EXISTS (SELECT 1 FROM user_services s WHERE s.user_id = u.id)`,
    );
    expect(page.totalItemsCount).toBe(n);
    expect(page.items.every((r) => r.userServiceExists && Number(r.balance) >= 100)).toBe(true);
  });

  it('finds bob by the search box', async () => {
    const page = tableOf.parse((await call('usersTable', manager, { body: { search: 'BOB@example.com' } })).body);
    expect(page.items.map((r) => r.email)).toContain('bob@example.com');
  });

  it('answers 422 in Laravel shape for an unknown sort key or filter, never 500', async () => {
    const sort = await call('usersTable', admin, { body: { options: { sortBy: ['password'], sortDesc: [true] } } });
    expect(sort.status).toBe(422);
    expect(sort.body.message).toEqual(expect.any(String));
    expect(sort.body.errors['options.sortBy.0']).toEqual([expect.stringContaining('password')]);

    const filter = await call('usersTable', admin, { body: { headers: [{ value: 'email' }, { value: 'status', filter: ['asleep'] }] } });
    expect(filter.status).toBe(422);
    expect(Object.keys(filter.body.errors)).toEqual(['headers.1.filter']);

    const shape = await call('usersTable', admin, { body: { options: { page: 'two' } } });
    expect(shape.status).toBe(422);
    expect(shape.body.errors['options.page']).toBeDefined();
  });

  it('computes row flags from state and the caller: admin may do everything that applies, the manager less', async () => {
    const id = await freshUser('active');
    const body = { headers: [{ value: 'id', filter: id }] };
    const asAdmin = tableOf.parse((await call('usersTable', admin, { body })).body).items[0];
    const asManager = tableOf.parse((await call('usersTable', manager, { body })).body).items[0];
    expect(asAdmin.actions).toEqual({ editable: true, freezable: true, deactivatable: true, activatable: false });
    // The manager holds freezeUsers and activateUsers, not editUsers or deactivateUsers.
    expect(asManager.actions).toEqual({ editable: false, freezable: true, deactivatable: false, activatable: false });

    const frozen = await freshUser('frozen');
    const frozenRow = tableOf.parse((await call('usersTable', manager, { body: { headers: [{ value: 'id', filter: frozen }] } })).body).items[0];
    expect(frozenRow.actions).toEqual({ editable: false, freezable: false, deactivatable: false, activatable: true });
  });

  it('shows the grade only to callers with viewGrades and refuses grade filters and sorts without it', async () => {
    const asAdmin = tableOf.parse((await call('usersTable', admin, { body: { options: { itemsPerPage: 5 } } })).body).items;
    expect(asAdmin.every((r) => 'currentGrade' in r)).toBe(true);
    const asManager = tableOf.parse((await call('usersTable', manager, { body: { options: { itemsPerPage: 5 } } })).body).items;
    expect(asManager.some((r) => 'currentGrade' in r)).toBe(false);

    const gold = await one<{ id: number }>(t.db, sql`SELECT id FROM grades WHERE name = 'Gold'`);
    const filterDenied = await call('usersTable', manager, { body: { headers: [{ value: 'currentGrade.name', filter: gold!.id }] } });
    expect(filterDenied.status).toBe(422);
    expect(filterDenied.body.errors['headers.0.filter'][0]).toMatch(/viewGrades/);
    const sortDenied = await call('usersTable', manager, { body: { options: { sortBy: ['currentGrade.name'], sortDesc: [false] } } });
    expect(sortDenied.status).toBe(422);
    expect(sortDenied.body.errors['options.sortBy.0']).toBeDefined();

    const byGrade = tableOf.parse(
      (await call('usersTable', admin, { body: { headers: [{ value: 'currentGrade.name', filter: gold!.id }], options: { itemsPerPage: 20 } } })).body,
    );
    expect(byGrade.totalItemsCount).toBeGreaterThan(0);
    expect(byGrade.items.every((r) => r.currentGrade?.name === 'Gold')).toBe(true);
  });

  it('answers 403 without viewUsers', async () => {
    const member = await t.createMember({ permissions: ['viewOrders'] });
    const res = await call('usersTable', member.token, { body: {} });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('freeze, deactivate, activate', () => {
  it('a manager without deactivateUsers gets 403 and the database does not change', async () => {
    const id = await freshUser('active');
    const res = await call('usersDeactivate', manager, { body: { userId: id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(await statusOf(id)).toBe('active');
    expect(await auditsOf(id)).toEqual([]);
  });

  it('freezes once, then answers 409 with a clear message; writes audit (old and new values) and change log', async () => {
    const id = await freshUser('active');
    const first = await call('usersFreeze', manager, { body: { userId: id } });
    expect(first.status).toBe(200);
    const row: UserRow = userRowSchema.parse(first.body.user);
    expect(row.status).toBe('frozen');
    expect(row.frozenAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.actions).toMatchObject({ freezable: false, activatable: true });

    const second = await call('usersFreeze', manager, { body: { userId: id } });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: `User ${id} is already frozen.` });

    const audits = await auditsOf(id);
    expect(audits).toHaveLength(1);
    expect(audits[0].event).toBe('frozen');
    expect(audits[0].old_values).toEqual({ status: 'active', frozen_at: null, deactivated_at: null });
    expect(audits[0].new_values).toMatchObject({ status: 'frozen', frozen_at: row.frozenAt, deactivated_at: null });
    const mgr = await one<{ id: number }>(t.db, sql`SELECT id FROM staff_members WHERE email = 'manager@example.com'`);
    expect(audits[0].staff_id).toBe(mgr!.id);
    expect((await changeLogsOf(id)).map((c) => c.action_type)).toEqual(['freeze']);
  });

  it('activates a frozen user and deactivates an active one; each clears the other timestamp', async () => {
    const frozen = await freshUser('frozen');
    const activated = await call('usersActivate', manager, { body: { userId: frozen } });
    expect(activated.status).toBe(200);
    expect(activated.body.user).toMatchObject({ status: 'active', frozenAt: null, deactivatedAt: null });
    expect((await call('usersActivate', manager, { body: { userId: frozen } })).body).toEqual({ message: `User ${frozen} is already active.` });

    const deactivated = await call('usersDeactivate', admin, { body: { userId: frozen } });
    expect(deactivated.body.user).toMatchObject({ status: 'deactivated', frozenAt: null });
    expect(deactivated.body.user.deactivatedAt).not.toBeNull();
    expect((await auditsOf(frozen)).map((a) => [a.old_values?.status, a.new_values?.status])).toEqual([
      ['frozen', 'active'],
      ['active', 'deactivated'],
    ]);
  });

  it('answers 404 for a missing user and 422 for a malformed body', async () => {
    expect((await call('usersFreeze', admin, { body: { userId: 99999999 } })).status).toBe(404);
    const bad = await call('usersFreeze', admin, { body: { userId: 'bob' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.userId).toBeDefined();
    // Beyond the id column's range: a 422, not a database error.
    const huge = await call('usersBulkActions', admin, { body: { action: 'activate', usersIds: [1, 10_000_000_000] } });
    expect(huge.status).toBe(422);
    expect(Object.keys(huge.body.errors)).toEqual(['usersIds.1']);
  });

  it('bulk applies what it can and reports each failure by id', async () => {
    const active = await freshUser('active');
    const active2 = await freshUser('active');
    const frozen = await freshUser('frozen');
    const res = await call('usersBulkActions', admin, { body: { action: 'freeze', usersIds: [active, frozen, 99999999, active2, active] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      done: [active, active2],
      failed: [
        { id: frozen, message: `User ${frozen} is already frozen.` },
        { id: 99999999, message: 'User 99999999 not found.' },
      ],
    });
    expect(await statusOf(active)).toBe('frozen');
    expect(await statusOf(active2)).toBe('frozen');
    expect((await auditsOf(active)).length).toBe(1);
    expect(await auditsOf(frozen)).toEqual([]);
  });

  it('bulk needs the permission of its action: the manager may not bulk-deactivate', async () => {
    const id = await freshUser('active');
    const res = await call('usersBulkActions', manager, { body: { action: 'deactivate', usersIds: [id] } });
    expect(res.status).toBe(403);
    expect(await statusOf(id)).toBe('active');
    const empty = await call('usersBulkActions', admin, { body: { action: 'deactivate', usersIds: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.usersIds).toBeDefined();
  });
});

describe('user profile', () => {
  it('shows a user with details; the balance equals the sum of main transactions', async () => {
    const bob = await one<{ id: number }>(t.db, sql`SELECT id FROM users WHERE email = 'bob@example.com'`);
    const res = await call('usersShow', admin, { params: { userId: bob!.id } });
    expect(res.status).toBe(200);
    const detail = userDetailSchema.parse(res.body);
    expect(detail.email).toBe('bob@example.com');
    expect(Number(detail.balance)).toBeGreaterThan(0);
    expect(detail.transactionsSummary.main).toBe(detail.balance);
    expect(detail.userServiceExists).toBe(true);
    expect(detail.userServicesCount).toBeGreaterThan(0);
    expect(detail.affiliates).toBeGreaterThan(0);
    expect(detail.paymentMethods.length).toBeGreaterThan(0);
    expect(detail.currentGrade).not.toBeUndefined();

    const asManager = userDetailSchema.parse((await call('usersShow', manager, { params: { userId: bob!.id } })).body);
    expect('currentGrade' in asManager).toBe(false);
    expect(asManager.actions.editable).toBe(false);
  });

  it('answers 404 for a missing or non-numeric id, and static paths are not taken for ids', async () => {
    expect((await call('usersShow', admin, { params: { userId: 99999999 } })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/admin/users/abc', { token: admin })).status).toBe(404);
    const sellers = await call('usersAvailableSellers', manager);
    expect(sellers.status).toBe(200);
    expect(sellers.body.map((s: { email: string }) => s.email)).toContain('manager@example.com');
    const steps = await call('usersContactSteps', manager);
    expect(steps.body.map((s: { name: string }) => s.name)[0]).toBe('First contact');
  });

  it('updates name and email with an audit of the changed fields; a taken email is a 422 on email', async () => {
    const id = await freshUser('active');
    const other = await one<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id <> ${id} ORDER BY id LIMIT 1`);
    const taken = await call('usersUpdate', admin, { params: { userId: id }, body: { email: other!.email.toUpperCase() } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });

    const before = await one<{ name: string; email: string }>(t.db, sql`SELECT name, email FROM users WHERE id = ${id}`);
    const res = await call('usersUpdate', admin, {
      params: { userId: id },
      body: { name: 'Renamed Person', email: `Renamed.${id}@Example.com`, marketingSubid: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed Person', email: `renamed.${id}@example.com` });
    const [audit] = await auditsOf(id);
    expect(audit.event).toBe('updated');
    expect(audit.old_values).toMatchObject({ name: before!.name, email: before!.email });
    expect(audit.new_values).toMatchObject({ name: 'Renamed Person', email: `renamed.${id}@example.com` });

    const denied = await call('usersUpdate', manager, { params: { userId: id }, body: { name: 'Nope' } });
    expect(denied.status).toBe(403);
    expect((await one<{ name: string }>(t.db, sql`SELECT name FROM users WHERE id = ${id}`))!.name).toBe('Renamed Person');
  });

  it('sets the manager, seller status and contact step; unknown ids are 422 at their fields', async () => {
    const id = await freshUser('active');
    const bad = await call('usersUpdateSeller', admin, { body: { userId: id, sellerId: 99999, sellerStatus: 'paid', contactStepId: 99999 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['contactStepId', 'sellerId']);

    const seller = await one<{ id: number }>(t.db, sql`SELECT id FROM staff_members WHERE email = 'admin@example.com'`);
    const step = await one<{ id: number }>(t.db, sql`SELECT id FROM contact_steps ORDER BY sorting DESC LIMIT 1`);
    const ok = await call('usersUpdateSeller', admin, { body: { userId: id, sellerId: seller!.id, sellerStatus: 'paid', contactStepId: step!.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ seller: { id: seller!.id, email: 'admin@example.com' }, sellerStatus: 'paid' });
    expect((await auditsOf(id)).at(-1)?.new_values).toMatchObject({ seller_id: seller!.id, seller_status: 'paid' });
  });

  it('changes the grade (not to an archived one) and lists assignable grades to viewGrades holders only', async () => {
    const id = await freshUser('active');
    const grades = await call('gradesAvailable', admin);
    expect(grades.body.map((g: { name: string }) => g.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    expect((await call('gradesAvailable', manager)).status).toBe(403);

    const archived = await one<{ id: number }>(t.db, sql`SELECT id FROM grades WHERE is_archived LIMIT 1`);
    const refused = await call('usersChangeGrade', admin, { body: { userId: id, gradeId: archived!.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.gradeId).toBeDefined();

    const diamond = grades.body.find((g: { name: string }) => g.name === 'Diamond');
    const ok = await call('usersChangeGrade', admin, { body: { userId: id, gradeId: diamond.id } });
    expect(ok.body.user.currentGrade).toEqual({ id: diamond.id, name: 'Diamond' });
    const cleared = await call('usersChangeGrade', admin, { body: { userId: id, gradeId: null } });
    expect(cleared.body.user.currentGrade).toBeNull();
  });

  it('reads and sets the personal discount as a fraction; out of range is a 422', async () => {
    const id = await freshUser('active');
    const set = await call('usersDiscountUpdate', admin, { body: { userId: id, discountPercent: 0.125 } });
    expect(set.status).toBe(200);
    expect(set.body.discountPercent).toBe('0.1250');
    expect((await call('usersDiscountShow', manager, { query: { userId: id } })).body).toEqual({ userId: id, discountPercent: '0.1250' });
    const tooBig = await call('usersDiscountUpdate', admin, { body: { userId: id, discountPercent: 1.5 } });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.discountPercent).toBeDefined();
    expect((await call('usersDiscountUpdate', manager, { body: { userId: id, discountPercent: 0.2 } })).status).toBe(403);
  });

  it('syncs customer roles, permissions and payment methods; unknown entries are 422 by index', async () => {
    const id = await freshUser('active');
    const bad = await call('usersSyncRolesAndPermissions', admin, { body: { userId: id, roles: ['reseller', 'emperor'], permissions: [] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['roles.1']);
    const ok = await call('usersSyncRolesAndPermissions', admin, { body: { userId: id, roles: ['reseller', 'api_user'], permissions: ['useApi'] } });
    expect(ok.body).toEqual({ roles: ['api_user', 'reseller'], permissions: ['useApi'] });

    const methods = await rows<{ id: number }>(t.db, sql`SELECT id FROM payment_methods ORDER BY id LIMIT 2`);
    const badMethods = await call('usersSyncPaymentMethods', admin, { body: { userId: id, paymentMethodIds: [methods[0].id, 9999] } });
    expect(Object.keys(badMethods.body.errors)).toEqual(['paymentMethodIds.1']);
    const okMethods = await call('usersSyncPaymentMethods', admin, { body: { userId: id, paymentMethodIds: methods.map((m) => m.id) } });
    expect(okMethods.body.paymentMethodIds).toEqual(methods.map((m) => m.id));

    const detail = userDetailSchema.parse((await call('usersShow', admin, { params: { userId: id } })).body);
    expect(detail.roles).toEqual(['api_user', 'reseller']);
    expect(detail.permissions).toEqual(['useApi']);
    expect(detail.paymentMethods.filter((m) => m.allowed).map((m) => m.id)).toEqual(methods.map((m) => m.id));
  });

  it('sets, lists and removes custom prices; the row then reports userServiceExists', async () => {
    const id = await freshUser('active');
    await t.db.execute(sql`DELETE FROM user_services WHERE user_id = ${id}`);
    const service = await one<{ id: number; name: string; default_price: string }>(
      t.db,
      sql`SELECT id, name, default_price::text FROM services ORDER BY id LIMIT 1`,
    );
    const saved = await call('usersUserServiceStore', admin, { params: { userId: id }, body: { serviceId: service!.id, price: '0.75' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ serviceId: service!.id, serviceName: service!.name, price: '0.7500', defaultPrice: service!.default_price });

    const list = await call('usersUserServices', manager, { params: { userId: id } });
    expect(list.body).toHaveLength(1);
    const row = tableOf.parse((await call('usersTable', admin, { body: { headers: [{ value: 'id', filter: id }] } })).body).items[0];
    expect(row.userServiceExists).toBe(true);

    expect((await call('usersUserServiceStore', admin, { params: { userId: id }, body: { serviceId: 99999, price: 1 } })).status).toBe(422);
    expect((await call('usersUserServiceStore', admin, { params: { userId: id }, body: { serviceId: service!.id, price: -1 } })).status).toBe(422);
    const removed = await call('usersUserServiceDestroy', admin, { params: { userId: id, serviceId: service!.id } });
    expect(removed.status).toBe(200);
    expect((await call('usersUserServiceDestroy', admin, { params: { userId: id, serviceId: service!.id } })).status).toBe(404);
  });

  it('lists affiliates as user rows, counted like the row says', async () => {
    const bob = await one<{ id: number }>(t.db, sql`SELECT id FROM users WHERE email = 'bob@example.com'`);
    const row = tableOf.parse((await call('usersTable', admin, { body: { headers: [{ value: 'id', filter: bob!.id }] } })).body).items[0];
    const res = await call('usersAffiliates', manager, { params: { userId: bob!.id }, query: { page: 1, perPage: 5 } });
    expect(res.status).toBe(200);
    const page = tableOf.parse(res.body);
    expect(page.totalItemsCount).toBe(row.affiliates);
    expect(page.items.length).toBe(Math.min(5, row.affiliates));
  });

  it('searches users for pickers: an exact e-mail first, at most 20 results', async () => {
    const res = await call('usersSearch', manager, { query: { search: 'bob@example.com' } });
    expect(res.body[0]).toMatchObject({ email: 'bob@example.com', status: expect.any(String) });
    const many = await call('usersSearch', manager, { query: { search: 'a' } });
    expect(many.body).toHaveLength(20);
  });

  it('lists verification documents of a user that has some', async () => {
    const doc = await one<{ user_id: number; n: number }>(
      t.db,
      sql`SELECT user_id, count(*)::int AS n FROM verification_documents GROUP BY user_id ORDER BY user_id LIMIT 1`,
    );
    const res = await call('usersVerificationDocuments', manager, { query: { userId: doc!.user_id } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(doc!.n);
    expect(res.body[0]).toMatchObject({ type: expect.any(String), fileName: expect.any(String) });
  });
});

describe('demo seed', () => {
  it('keeps every balance equal to the sum of its main transactions, with the intended status spread', async () => {
    const [check] = await rows<{ mismatched: number; active: number; frozen: number; deactivated: number }>(
      t.db,
      sql`SELECT
            (SELECT count(*)::int FROM users u WHERE u.balance <> (SELECT coalesce(sum(amount), 0) FROM transactions x
              WHERE x.user_id = u.id AND x.balance_type = 'main')) AS mismatched,
            count(*) FILTER (WHERE status = 'active')::int AS active,
            count(*) FILTER (WHERE status = 'frozen')::int AS frozen,
            count(*) FILTER (WHERE status = 'deactivated')::int AS deactivated
          FROM users WHERE id NOT IN (SELECT auditable_id FROM audit_entries WHERE auditable_type = 'user')`,
    );
    expect(check.mismatched).toBe(0);
    const total = check.active + check.frozen + check.deactivated;
    expect(check.active / total).toBeGreaterThan(0.75);
    expect(check.frozen / total).toBeGreaterThan(0.08);
    expect(check.deactivated / total).toBeGreaterThan(0.05);
  });
});
