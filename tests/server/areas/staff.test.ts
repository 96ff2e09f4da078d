import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeTableQuery } from '../../../src/contract/table';
import { one } from '../../../src/server/db/client';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Staff and roles through the real app: the permission round trip (a role change alters what a
 * member's next request may do), last-manager protection, one-time password links, typed
 * passwords, deactivation and sign-out everywhere ending sessions at once, and role deletion.
 */

const t = useTestApp();
let admin: string;
let adminId: number;

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  adminId = (await t.ok('profile', {}, admin)).id;
});

const list = (search: string) => encodeTableQuery({ search, options: { page: 1, itemsPerPage: 30 } });

describe('the permission round trip', () => {
  it('a role change alters what the member may do on their very next request', async () => {
    const role = await t.ok('rolesStore', { body: { name: 'Order desk', permissions: ['viewOrders'] } }, admin);
    const created = await t.ok(
      'staffStore',
      {
        body: {
          name: 'Desk Member',
          email: 'desk@example.test',
          password_mode: 'typed',
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
          roles: [role.role.id],
        },
      },
      admin,
    );
    expect(created.passwordLink ?? null).toBeNull();
    expect(JSON.stringify(created)).not.toContain('long-enough-1');
    const token = await t.login('desk@example.test', 'long-enough-1');

    const orders = () => t.call('ordersTable', { body: { options: { page: 1, itemsPerPage: 1 } } } as never, token);
    const users = () => t.call('usersTable', { query: { q: list('') } } as never, token);
    expect((await orders()).status).toBe(200);
    expect((await users()).status).toBe(403);

    // Grant viewUsers through the matrix cell; revoke viewOrders.
    await t.ok('rolesTogglePermission', { params: { roleId: role.role.id }, body: { permission: 'viewUsers', granted: true } }, admin);
    await t.ok('rolesTogglePermission', { params: { roleId: role.role.id }, body: { permission: 'viewOrders', granted: false } }, admin);
    expect((await users()).status).toBe(200);
    expect((await orders()).status).toBe(403);

    const profile = await t.ok('profile', {}, token);
    expect(profile.allPermissions).toEqual(['viewUsers']);

    // Direct permissions add to the role's; the detail shows where each comes from.
    await t.ok(
      'staffUpdate',
      { params: { staffId: created.staff.id }, body: { name: 'Desk Member', email: 'desk@example.test', roles: [role.role.id], permissions: ['viewOrders'] } },
      admin,
    );
    expect((await orders()).status).toBe(200);
    const detail = await t.ok('staffShow', { params: { staffId: created.staff.id } }, admin);
    expect(detail.effectivePermissions.map((p) => [p.name, p.direct, p.roles])).toEqual([
      ['viewUsers', false, ['Order desk']],
      ['viewOrders', true, []],
    ]);
  });
});

describe('the last member who can manage staff', () => {
  it('cannot remove manageStaff from themself, nor lose it by a role change, deactivation or role deletion', async () => {
    // The demo has several administrators; keep only the signed-in one.
    await t.db.execute(sql`UPDATE staff_members SET is_active = false, deactivated_at = now() WHERE id <> ${adminId}
      AND id IN (SELECT sr.staff_id FROM staff_roles sr JOIN roles r ON r.id = sr.role_id WHERE r.name = 'Administrator')`);
    await t.db.execute(
      sql`DELETE FROM staff_permissions sp USING permissions p WHERE p.id = sp.permission_id AND p.name = 'manageStaff' AND sp.staff_id <> ${adminId}`,
    );
    const me = await t.ok('staffShow', { params: { staffId: adminId } }, admin);

    const removeOwn = await t.call(
      'staffUpdate',
      { params: { staffId: adminId }, body: { name: me.name, email: me.email, roles: [], permissions: [] } },
      admin,
    );
    expect(removeOwn.status).toBe(422);
    expect(removeOwn.body).toMatchObject({ errors: { permissions: [expect.stringContaining('manage staff')] } });

    const adminRole = me.roles.find((r) => r.name === 'Administrator')!;
    const revoke = await t.call('rolesTogglePermission', { params: { roleId: adminRole.id }, body: { permission: 'manageStaff', granted: false } }, admin);
    expect(revoke.status).toBe(409);
    const del = await t.call(
      'rolesDestroy',
      { params: { roleId: adminRole.id }, body: { move_to_role_id: (await t.ok('rolesStore', { body: { name: 'Empty', permissions: [] } }, admin)).role.id } },
      admin,
    );
    expect(del.status).toBe(422);
    // Nothing changed: still a manager.
    expect((await t.ok('profile', {}, admin)).allPermissions).toContain('manageStaff');
    expect((await t.call('staffDeactivate', { params: { staffId: adminId } }, admin)).status).toBe(409);

    // With a second manager the same change goes through.
    const other = await t.memberWith(['manageStaff']);
    await t.db.execute(sql`UPDATE staff_members SET password_set_at = now() WHERE id = ${other.id}`);
    expect(
      (
        await t.call(
          'staffUpdate',
          { params: { staffId: adminId }, body: { name: me.name, email: me.email, roles: me.roles.map((r) => r.id), permissions: [] } },
          admin,
        )
      ).status,
    ).toBe(200);
  });
});

describe('creating members', () => {
  it('invites through a one-time link: no password shown or mailed, the link works once', async () => {
    const res = await t.ok('staffStore', { body: { name: 'Invited', email: 'Invited@Example.test', password_mode: 'link', roles: [] } }, admin);
    expect(res.staff.status).toBe('invited');
    expect(res.passwordLink).toMatchObject({ mailed: false, mail: expect.stringContaining('not configured') });
    const token = res.passwordLink!.url.split('/set-password/')[1];
    expect(await one(t.db, sql`SELECT 1 FROM staff_password_links WHERE token_hash = ${token}`)).toBeUndefined();

    // Cannot sign in before the password is set.
    expect((await t.request('POST', '/login', { body: { email: 'invited@example.test', password: '!invited' } })).status).not.toBe(200);

    expect(await t.ok('staffPasswordLinkShow', { params: { token } })).toMatchObject({ email: 'invited@example.test' });
    const mismatch = await t.call('staffPasswordLinkUse', { params: { token }, body: { password: 'a-new-password', password_confirmation: 'another' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ errors: { password_confirmation: ['The password confirmation does not match.'] } });
    await t.ok('staffPasswordLinkUse', { params: { token }, body: { password: 'a-new-password', password_confirmation: 'a-new-password' } });
    expect(
      (await t.call('staffPasswordLinkUse', { params: { token }, body: { password: 'x-new-password', password_confirmation: 'x-new-password' } })).status,
    ).toBe(404);
    await t.login('invited@example.test', 'a-new-password');
    expect((await t.ok('staffShow', { params: { staffId: res.staff.id } }, admin)).status).toBe('active');
  });

  it('mails the link after the member is saved: the mail relay is asked only once the save has committed', async () => {
    // The relay looks the member up before it answers. Were the mail sent inside the save's
    // transaction, that lookup would wait for the transaction, the transaction for the relay, and
    // the mail would end unsent at its timeout.
    let seenByRelay: unknown;
    const relay = createServer(async (req, res) => {
      req.resume();
      seenByRelay = await one(t.db, sql`SELECT email FROM staff_members WHERE email = 'relayed@example.test'`);
      res.writeHead(202).end();
    });
    await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
    const saved = { url: process.env.MAIL_HTTP_URL, hosts: process.env.MAIL_ALLOWED_HOSTS };
    process.env.MAIL_HTTP_URL = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/send`;
    process.env.MAIL_ALLOWED_HOSTS = '127.0.0.1';
    try {
      const res = await t.ok('staffStore', { body: { name: 'Relayed', email: 'relayed@example.test', password_mode: 'link', roles: [] } }, admin);
      expect(res.passwordLink).toMatchObject({ mailed: true, mail: 'The link was e-mailed to relayed@example.test.' });
      expect(seenByRelay).toEqual({ email: 'relayed@example.test' });
      const again = await t.ok('staffPasswordLink', { params: { staffId: res.staff.id } }, admin);
      expect(again.passwordLink).toMatchObject({ mailed: true });
    } finally {
      for (const [key, value] of [
        ['MAIL_HTTP_URL', saved.url],
        ['MAIL_ALLOWED_HOSTS', saved.hosts],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await new Promise((done) => relay.close(done));
    }
  });

  it('typed passwords must match, e-mails are unique, and errors land on their fields', async () => {
    const bad = await t.call(
      'staffStore',
      { body: { name: '', email: 'admin@example.com', password_mode: 'typed', password: 'short', password_confirmation: 'other' } },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['name', 'password', 'password_confirmation']);
    const dup = await t.call('staffStore', { body: { name: 'Dup', email: 'ADMIN@example.com', password_mode: 'link' } }, admin);
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({ errors: { email: ['The email has already been taken.'] } });
  });
});

describe('ending sessions', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await t.memberWith(['viewOrders']);
  });

  it('sign out everywhere revokes every token at once', async () => {
    expect((await t.call('profile', {}, member)).status).toBe(200);
    await t.ok('staffSignOutEverywhere', { params: { staffId: member.id } }, admin);
    expect((await t.call('profile', {}, member)).status).toBe(401);
  });

  it('deactivating ends the sessions and refuses sign-in; reactivating lets the member sign in again', async () => {
    const token = await t.login(member.email, member.password);
    const res = await t.ok('staffDeactivate', { params: { staffId: member.id } }, admin);
    expect(res.staff.status).toBe('deactivated');
    expect((await t.call('profile', {}, token)).status).toBe(401);
    expect((await t.request('POST', '/login', { body: { email: member.email, password: member.password } })).status).not.toBe(200);
    expect((await t.call('staffDeactivate', { params: { staffId: member.id } }, admin)).status).toBe(409);
    await t.ok('staffActivate', { params: { staffId: member.id } }, admin);
    await t.login(member.email, member.password);
  });
});

describe('roles', () => {
  it('a role in use is deleted only when its members are moved', async () => {
    const a = (await t.ok('rolesStore', { body: { name: 'Temp A', permissions: ['viewUsers'] } }, admin)).role;
    const b = (await t.ok('rolesStore', { body: { name: 'Temp B', permissions: [] } }, admin)).role;
    const m = await t.createMember({ roles: ['Temp A'] });
    const refused = await t.call('rolesDestroy', { params: { roleId: a.id }, body: {} }, admin);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: { move_to_role_id: [expect.stringContaining('1 member')] } });
    await t.ok('rolesDestroy', { params: { roleId: a.id }, body: { move_to_role_id: b.id } }, admin);
    expect((await t.ok('staffShow', { params: { staffId: m.id } }, admin)).roles.map((r) => r.name)).toEqual(['Temp B']);
    expect((await t.call('rolesStore', { body: { name: 'temp b', permissions: [] } }, admin)).status).toBe(422);
  });

  it('the matrix groups every permission by area', async () => {
    const matrix = await t.ok('rolesMatrix', {}, admin);
    expect(matrix.groups.find((g) => g.group === 'Configuration')!.permissions.map((p) => p.name)).toEqual([
      'manageWebhooks',
      'manageStaff',
      'managePanelSettings',
    ]);
    expect(matrix.roles.some((r) => r.name === 'Administrator')).toBe(true);
  });
});
