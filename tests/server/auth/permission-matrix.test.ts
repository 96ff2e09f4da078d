import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import type { Permission } from '../../../src/contract/permissions';
import { one } from '../../../src/server/db/client';
import { writeMark } from '../helpers/writeMark';
import { sampleInput } from '../helpers/sampleInput';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * The permission matrix, generated from the endpoint table, so an area added later joins it with
 * no edit here: every entry answers 401 without a token (except 'public' ones), and 403 to a
 * signed-in member who holds every permission but the entry's (for a list, none of the list),
 * with the database unchanged ('authenticated' entries need no permission and are not asked).
 *
 * The pipeline checks the permission before it validates anything (src/server/endpoints.ts:
 * authenticate -> permits -> Idempotency-Key -> params, body, query -> handler), so any request
 * would do; each is still built to look valid — path parameters 1, body and query sampled from
 * their schemas — so that a missing check would reach the handler and show up as a write.
 */

const t = useTestApp();
type Entry = Endpoint<any, any, any>;
const entries = Object.entries(endpoints) as [EndpointName, Entry][];

const needed = (e: Entry): Permission[] | null =>
  e.permission === 'public' || e.permission === 'authenticated' ? null : typeof e.permission === 'string' ? [e.permission] : [...e.permission];

/** A request shaped like a real one: ids 1 in the path, the body and query as their schemas want them. */
function requestFor(e: Entry): { params: Record<string, number>; body: unknown; query: unknown } {
  const params = Object.fromEntries([...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => [m[1], 1]));
  const body = e.body ? (sampleInput(e.body) ?? {}) : undefined;
  const query = e.query ? (sampleInput(e.query) ?? {}) : undefined;
  return { params, body, query };
}

const members = new Map<string, Promise<TestMember>>();
function memberLacking(permissions: Permission[]): Promise<TestMember> {
  const key = [...permissions].sort().join(',');
  if (!members.has(key)) members.set(key, t.memberWithout(permissions));
  return members.get(key)!;
}

const counts = { entries: entries.length, unauthenticated: 0, forbidden: 0, public: 0, signInOnly: 0, validBodies: 0, bodies: 0 };

beforeAll(() => {
  for (const [, e] of entries) {
    if (e.permission === 'public') counts.public++;
    if (e.permission === 'authenticated') counts.signInOnly++;
    if (e.body) {
      counts.bodies++;
      if (e.body.safeParse(sampleInput(e.body) ?? {}).success) counts.validBodies++;
    }
  }
});

afterAll(() => {
  console.log(
    `permission matrix: ${counts.entries} endpoints checked — ${counts.unauthenticated} answered 401 without a token (${counts.public} public), ` +
      `${counts.forbidden} answered 403 without their permission with the database unchanged (${counts.signInOnly} need only sign-in); ` +
      `${counts.validBodies} of ${counts.bodies} sample bodies pass their schema`,
  );
});

describe('without a token', () => {
  for (const [name, e] of entries.filter(([, e]) => e.permission !== 'public')) {
    it(`${name} (${e.method} ${e.path}) answers 401`, async () => {
      const res = await t.call(name, requestFor(e) as never);
      expect(res).toEqual({ ok: false, status: 401, body: { message: 'Unauthenticated.' } });
      counts.unauthenticated++;
    });
  }
});

describe('signed in without the permission', () => {
  for (const [name, e] of entries) {
    const permissions = needed(e);
    if (!permissions) continue;
    it(`${name} (${e.method} ${e.path}) answers 403 without ${permissions.join(' / ')} and changes nothing`, async () => {
      const member = await memberLacking(permissions);
      const before = await writeMark(t.db);
      const res = await t.call(name, requestFor(e) as never, member);
      const wrote = (await writeMark(t.db)) !== before;
      expect({ status: res.status, body: res.body, wrote }).toEqual({
        status: 403,
        body: { message: 'This action is unauthorized.' },
        wrote: false,
      });
      counts.forbidden++;
    });
  }
});

describe('granting: only permissions one holds (administrators excepted)', () => {
  it('a member with manageStaff alone cannot grant themselves or anyone another permission, directly or through a role', async () => {
    const manager = await t.memberWith(['manageStaff']);
    const self = await t.ok('staffShow', { params: { staffId: manager.id } }, manager);
    const update = (staffId: number, permissions: Permission[], roles: number[] = []) =>
      t.call('staffUpdate', { params: { staffId }, body: { email: self.email, name: self.name, roles, permissions } as never }, manager);

    const selfGrant = await update(manager.id, ['manageStaff', 'adjustBalances']);
    expect(selfGrant.status).toBe(422);
    expect(selfGrant.body).toMatchObject({ errors: { permissions: [expect.stringContaining('adjustBalances')] } });
    const administrator = (await one<{ id: number }>(t.db, sql`SELECT id FROM roles WHERE name = 'Administrator'`))!.id;
    const viaRole = await update(manager.id, ['manageStaff'], [administrator]);
    expect(viaRole.status).toBe(422);
    expect(viaRole.body).toMatchObject({ errors: { roles: [expect.stringContaining('you do not hold')] } });
    const newRole = await t.call('rolesStore', { body: { name: 'Escalation', permissions: ['adjustBalances'] } }, manager);
    expect(newRole.status).toBe(422);
    const toggled = await t.call(
      'rolesTogglePermission',
      { params: { roleId: administrator }, body: { permission: 'adjustBalances', granted: true } },
      manager,
    );
    expect(toggled.status).not.toBe(200);
    const created = await t.call(
      'staffStore',
      {
        body: {
          email: 'friend-escalation@example.test',
          name: 'Friend',
          roles: [],
          permissions: ['adjustBalances'],
          password_mode: 'typed',
          password: 'a-long-password-1',
          password_confirmation: 'a-long-password-1',
        } as never,
      },
      manager,
    );
    expect(created.status).toBe(422);
    // Nothing was granted or created.
    expect((await t.ok('staffShow', { params: { staffId: manager.id } }, manager)).effectivePermissions.map((p) => p.name)).toEqual(['manageStaff']);
    expect(await one(t.db, sql`SELECT 1 FROM staff_roles WHERE staff_id = ${manager.id}`)).toBeUndefined();
    expect(await one(t.db, sql`SELECT 1 FROM roles WHERE name = 'Escalation'`)).toBeUndefined();
    expect(await one(t.db, sql`SELECT 1 FROM staff_members WHERE email = 'friend-escalation@example.test'`)).toBeUndefined();

    // What they hold they may grant; a name edit keeps what someone else granted.
    expect((await update(manager.id, ['manageStaff'])).status).toBe(200);
    const admin = await t.login('admin@example.com', 'password');
    const other = await t.memberWith(['adjustBalances']);
    const shown = await t.ok('staffShow', { params: { staffId: other.id } }, manager);
    const rename = await t.call(
      'staffUpdate',
      { params: { staffId: other.id }, body: { email: shown.email, name: 'Renamed', roles: [], permissions: ['adjustBalances'] } as never },
      manager,
    );
    expect(rename.status).toBe(200);
    // An administrator grants anything.
    const granted = await t.call(
      'staffUpdate',
      { params: { staffId: manager.id }, body: { email: self.email, name: self.name, roles: [], permissions: ['manageStaff', 'adjustBalances'] } as never },
      admin,
    );
    expect(granted.status).toBe(200);
  });
});

describe('the write mark', () => {
  it('moves with any write, even one rolled back, and not when only reading', async () => {
    const before = await writeMark(t.db);
    await one(t.db, sql`SELECT count(*) FROM orders`);
    expect(await writeMark(t.db)).toBe(before);
    const order = await one<{ id: number; comment: string | null }>(t.db, sql`SELECT id::int AS id, comment FROM orders ORDER BY id LIMIT 1`);
    await t.db.execute(sql`UPDATE orders SET comment = comment WHERE id = ${order!.id}`);
    const afterUpdate = await writeMark(t.db);
    expect(afterUpdate).not.toBe(before);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE orders SET comment = 'probe' WHERE id = ${order!.id}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await writeMark(t.db)).not.toBe(afterUpdate);
  });
});
