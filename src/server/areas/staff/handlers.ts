import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSION_GROUPS, PERMISSIONS, type Permission } from '../../../contract/permissions';
import type { RoleRow } from '../../../contract/staff';
import { writeAudit } from '../../audit';
import { hashPassword } from '../../auth/password';
import { bumpTokenVersion, normalizeEmail } from '../../auth/staff';
import { one, rows, type Queryable } from '../../db/client';
import { permissions, rolePermissions, roles, staffMembers, staffPermissions, staffRoles } from '../../db/schema/staff';
import { getSettings } from '../../db/settings';
import type { Actor, StaffContext } from '../../deps';
import { conflict, fieldError, HttpError, notFound } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { createRecord, updateRecord } from '../../kit/crud';
import { defineRecord, findById } from '../../kit/records';
import { consoleOrigin } from '../../http/publicUrl';
import { findLinkOwner, createPasswordLink, mailPasswordLink } from './links';
import { mailerFromEnv } from './mailer';
import { assertStaffManagerRemains, lockStaffManagers } from './managers';
import { allRoleRows, findRoleRow, findStaffDetail, rolesTable, staffTable } from './table';

/**
 * Staff, roles and permissions (contract/staff). Permission changes need no token change: the
 * request pipeline reloads a member's permissions on every request, so they apply to the next one.
 * Deactivating and "sign out everywhere" bump the member's token version, ending every session.
 */

export const staffRecord = defineRecord({
  table: staffMembers,
  thing: 'Staff member',
  type: 'staff_member',
  secret: ['passwordHash'],
  unique: { staff_members_email_unique: { field: 'email', message: 'The email has already been taken.' } },
});
export const roleRecord = defineRecord({
  table: roles,
  thing: 'Role',
  type: 'role',
  unique: { roles_name_unique: { field: 'name', message: 'The name has already been taken.' } },
});

const linkInvalid = () => new HttpError(404, 'This link is not valid: it was used, replaced by a newer one or has expired.');

/** A password nobody can type: an invited member signs in only after setting theirs. */
const UNUSABLE_PASSWORD = '!invited';

async function permissionIds(q: Queryable, names: readonly Permission[]): Promise<number[]> {
  if (names.length === 0) return [];
  const found = await q
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...new Set(names)]));
  return found.map((p) => p.id);
}

async function checkRoleIds(q: Queryable, ids: readonly number[], field = 'roles'): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await q.select({ id: roles.id }).from(roles).where(inArray(roles.id, unique));
  if (found.length !== unique.length) throw fieldError(field, 'The selected role is invalid.');
  return unique;
}

async function memberGrants(q: Queryable, staffId: number): Promise<{ roles: string[]; permissions: string[] }> {
  const r = await rows<{ name: string }>(
    q,
    sql`SELECT r.name FROM staff_roles sr JOIN roles r ON r.id = sr.role_id WHERE sr.staff_id = ${staffId} ORDER BY r.name`,
  );
  const p = await rows<{ name: string }>(
    q,
    sql`SELECT p.name FROM staff_permissions sp JOIN permissions p ON p.id = sp.permission_id WHERE sp.staff_id = ${staffId} ORDER BY p.name`,
  );
  return { roles: r.map((x) => x.name), permissions: p.map((x) => x.name) };
}

/** Every permission a member holds, direct and through roles. */
async function effectivePermissions(q: Queryable, staffId: number): Promise<Set<string>> {
  const found = await rows<{ name: string }>(
    q,
    sql`SELECT p.name FROM staff_permissions sp JOIN permissions p ON p.id = sp.permission_id WHERE sp.staff_id = ${staffId}
      UNION SELECT p.name FROM staff_roles sr JOIN role_permissions rp ON rp.role_id = sr.role_id JOIN permissions p ON p.id = rp.permission_id
      WHERE sr.staff_id = ${staffId}`,
  );
  return new Set(found.map((r) => r.name));
}

/** An administrator holds every permission (the Administrator role): they may grant anything. */
const isAdministrator = (staff: StaffContext) => PERMISSIONS.every((p) => staff.permissions.has(p));

/**
 * A member may grant only permissions they hold themselves (administrators excepted): holding
 * manageStaff is not a way to give oneself or a friend adjustBalances. `added` is what the change
 * gives that was not there before (a permission already held by the member or role stays, so an
 * edit of a member's name is not refused for what someone else granted); refused as a 422 on `field`.
 */
function assertCanGrant(staff: StaffContext, added: Iterable<string>, field: string): void {
  if (isAdministrator(staff)) return;
  const missing = [...new Set(added)].filter((p) => !staff.permissions.has(p as Permission)).sort();
  if (missing.length) throw fieldError(field, `You can grant only permissions you hold yourself; you do not hold ${missing.join(', ')}.`);
}

/** What a member would hold with these roles and direct permissions (read before anything is written). */
async function grantsOf(q: Queryable, roleIds: readonly number[], direct: readonly Permission[]): Promise<Set<string>> {
  const viaRoles = roleIds.length
    ? await rows<{ name: string }>(
        q,
        sql`SELECT DISTINCT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id IN (${sql.join(
          roleIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  return new Set([...direct, ...viaRoles.map((r) => r.name)]);
}

/** The field a refused grant lands on: permissions when the direct list brings it, else roles. */
const grantField = (gained: string[], direct: readonly Permission[]) => (gained.every((p) => direct.includes(p as Permission)) ? 'permissions' : 'roles');

const newlyGranted = (before: Set<string>, after: Set<string>) => [...after].filter((p) => !before.has(p));

async function setMemberGrants(q: Queryable, staffId: number, roleIds: number[], names: readonly Permission[]): Promise<void> {
  await q.delete(staffRoles).where(eq(staffRoles.staffId, staffId));
  if (roleIds.length) await q.insert(staffRoles).values(roleIds.map((roleId) => ({ staffId, roleId })));
  await q.delete(staffPermissions).where(eq(staffPermissions.staffId, staffId));
  const ids = await permissionIds(q, names);
  if (ids.length) await q.insert(staffPermissions).values(ids.map((permissionId) => ({ staffId, permissionId })));
}

async function setRolePermissions(q: Queryable, roleId: number, names: readonly Permission[]): Promise<void> {
  await q.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const ids = await permissionIds(q, names);
  if (ids.length) await q.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })));
}

const detail = async (q: Queryable, id: number, viewer: StaffContext) => {
  const found = await findStaffDetail(q, id, viewer);
  if (!found) throw notFound(`Staff member ${id}`);
  return found;
};

async function assertEmailFree(q: Queryable, email: string, exceptId?: number): Promise<void> {
  const taken = await one(q, sql`SELECT 1 FROM staff_members WHERE email = ${email} ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`);
  if (taken) throw fieldError('email', 'The email has already been taken.');
}

async function endSessions(tx: Queryable, actor: Actor, staffId: number, event: string): Promise<void> {
  await bumpTokenVersion(tx, staffId);
  await writeAudit(tx, actor, { event, auditableType: 'staff_member', auditableId: staffId });
}

export const staffHandlers = defineHandlers({
  staffTable: async ({ query, staff, deps }) => staffTable.query(deps.database.db, query, staff),

  staffShow: async ({ params: { staffId }, staff, deps }) => detail(deps.database.db, staffId, staff),

  staffStore: async ({ body, staff, actor, deps, c }) => {
    const email = normalizeEmail(body.email);
    const typed = body.password_mode === 'typed';
    // Hashing is slow on purpose: done before the transaction holds anything.
    const passwordHash = typed ? await hashPassword(body.password!) : UNUSABLE_PASSWORD;
    const saved = await deps.database.db.transaction(async (tx) => {
      await assertEmailFree(tx, email);
      const roleIds = await checkRoleIds(tx, body.roles);
      const gained = [...(await grantsOf(tx, roleIds, body.permissions))];
      assertCanGrant(staff, gained, grantField(gained, body.permissions));
      const member = await createRecord(tx, actor, staffRecord, { email, name: body.name, passwordHash, passwordSetAt: typed ? new Date() : null });
      await setMemberGrants(tx, member.id, roleIds, body.permissions);
      const grants = await memberGrants(tx, member.id);
      await writeAudit(tx, actor, { event: 'grants_updated', auditableType: 'staff_member', auditableId: member.id, newValues: grants });
      const link = typed ? null : await createPasswordLink(tx, member, consoleOrigin(c.req.url), (await getSettings(tx, ['panelName'])).panelName);
      return { member, link, staff: await detail(tx, member.id, staff) };
    });
    if (!saved.link) return { message: `Staff member ${saved.member.email} created.`, staff: saved.staff, passwordLink: null };
    const passwordLink = await mailPasswordLink(mailerFromEnv(), saved.link);
    return { message: `Staff member ${saved.member.email} invited. ${passwordLink.mail}`, staff: saved.staff, passwordLink };
  },

  staffUpdate: async ({ params: { staffId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await lockStaffManagers(tx);
      await findById(tx, staffRecord, staffId, { lock: true });
      const email = normalizeEmail(body.email);
      await assertEmailFree(tx, email, staffId);
      const roleIds = await checkRoleIds(tx, body.roles);
      const gained = newlyGranted(await effectivePermissions(tx, staffId), await grantsOf(tx, roleIds, body.permissions));
      assertCanGrant(staff, gained, grantField(gained, body.permissions));
      await updateRecord(tx, actor, staffRecord, staffId, { email, name: body.name });
      const before = await memberGrants(tx, staffId);
      await setMemberGrants(tx, staffId, roleIds, body.permissions);
      const after = await memberGrants(tx, staffId);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await writeAudit(tx, actor, { event: 'grants_updated', auditableType: 'staff_member', auditableId: staffId, oldValues: before, newValues: after });
      }
      await assertStaffManagerRemains(tx, staffId === staff.id ? 'permissions' : 'roles');
      return { message: `Staff member ${email} saved; their permissions apply from their next request.`, staff: await detail(tx, staffId, staff) };
    }),

  staffSetPassword: async ({ params: { staffId }, body, staff, actor, deps }) => {
    const passwordHash = await hashPassword(body.password);
    return deps.database.db.transaction(async (tx) => {
      const member = await findById(tx, staffRecord, staffId, { lock: true });
      await tx.update(staffMembers).set({ passwordHash, passwordSetAt: new Date() }).where(eq(staffMembers.id, staffId));
      await tx.execute(sql`DELETE FROM staff_password_links WHERE staff_id = ${staffId} AND used_at IS NULL`);
      await endSessions(tx, actor, staffId, 'password_set');
      return { message: `Password of ${member.email} set; their sessions were ended.`, staff: await detail(tx, staffId, staff) };
    });
  },

  staffPasswordLink: async ({ params: { staffId }, staff, actor, deps, c }) => {
    const issued = await deps.database.db.transaction(async (tx) => {
      const member = await findById(tx, staffRecord, staffId, { lock: true });
      if (!member.isActive || member.deactivatedAt) throw conflict(`Staff member ${member.email} is deactivated: reactivate them first.`);
      const { panelName } = await getSettings(tx, ['panelName']);
      const link = await createPasswordLink(tx, member, consoleOrigin(c.req.url), panelName);
      await writeAudit(tx, actor, { event: 'password_link_issued', auditableType: 'staff_member', auditableId: staffId });
      return { link, staff: await detail(tx, staffId, staff) };
    });
    const passwordLink = await mailPasswordLink(mailerFromEnv(), issued.link);
    return { message: `A new one-time link for ${issued.link.member.email}. ${passwordLink.mail}`, staff: issued.staff, passwordLink };
  },

  staffDeactivate: async ({ params: { staffId }, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await lockStaffManagers(tx);
      if (staffId === staff.id) throw conflict('You cannot deactivate yourself.');
      const member = await findById(tx, staffRecord, staffId, { lock: true });
      if (!member.isActive || member.deactivatedAt) throw conflict(`Staff member ${member.email} is already deactivated.`);
      await updateRecord(tx, actor, staffRecord, staffId, { isActive: false, deactivatedAt: new Date() }, { event: 'deactivated' });
      await bumpTokenVersion(tx, staffId);
      await assertStaffManagerRemains(tx);
      return { message: `Staff member ${member.email} deactivated; their sessions were ended.`, staff: await detail(tx, staffId, staff) };
    }),

  staffActivate: async ({ params: { staffId }, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const member = await findById(tx, staffRecord, staffId, { lock: true });
      if (member.isActive && !member.deactivatedAt) throw conflict(`Staff member ${member.email} is already active.`);
      await updateRecord(tx, actor, staffRecord, staffId, { isActive: true, deactivatedAt: null }, { event: 'activated' });
      return { message: `Staff member ${member.email} reactivated.`, staff: await detail(tx, staffId, staff) };
    }),

  staffSignOutEverywhere: async ({ params: { staffId }, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const member = await findById(tx, staffRecord, staffId, { lock: true });
      await endSessions(tx, actor, staffId, 'signed_out_everywhere');
      return { message: `Every session of ${member.email} was ended.`, staff: await detail(tx, staffId, staff) };
    }),

  rolesTable: async ({ query, staff, deps }) => rolesTable.query(deps.database.db, query, staff),

  rolesMatrix: async ({ deps }) => {
    const db = deps.database.db;
    const all = await db.select().from(permissions).orderBy(permissions.id);
    const byName = new Map(all.map((p) => [p.name, p]));
    const groups = Object.entries(PERMISSION_GROUPS).map(([group, names]) => ({
      group,
      permissions: names.flatMap((n) => {
        const p = byName.get(n);
        return p ? [{ id: p.id, name: n, group }] : [];
      }),
    }));
    return { groups, roles: await allRoleRows(db) };
  },

  rolesStore: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      assertCanGrant(staff, body.permissions, 'permissions');
      const taken = await one(tx, sql`SELECT 1 FROM roles WHERE lower(name) = lower(${body.name})`);
      if (taken) throw fieldError('name', 'The name has already been taken.');
      const role = await createRecord(tx, actor, roleRecord, { name: body.name });
      await setRolePermissions(tx, role.id, body.permissions);
      await writeAudit(tx, actor, {
        event: 'permissions_updated',
        auditableType: 'role',
        auditableId: role.id,
        newValues: { permissions: [...body.permissions].sort() },
      });
      return { message: `Role ${role.name} created.`, role: (await findRoleRow(tx, role.id))! };
    }),

  rolesShow: async ({ params: { roleId }, deps }) => {
    const db = deps.database.db;
    const role = await findRoleRow(db, roleId);
    if (!role) throw notFound(`Role ${roleId}`);
    const members = await rows<{ id: number; name: string; email: string }>(
      db,
      sql`SELECT m.id, m.name, m.email FROM staff_roles sr JOIN staff_members m ON m.id = sr.staff_id WHERE sr.role_id = ${roleId} ORDER BY m.name`,
    );
    return { ...role, members };
  },

  rolesUpdate: async ({ params: { roleId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await lockStaffManagers(tx);
      const before = await findRoleRow(tx, roleId);
      if (!before) throw notFound(`Role ${roleId}`);
      assertCanGrant(staff, newlyGranted(new Set<string>(before.permissions.map((p) => p.name)), new Set<string>(body.permissions)), 'permissions');
      const taken = await one(tx, sql`SELECT 1 FROM roles WHERE lower(name) = lower(${body.name}) AND id <> ${roleId}`);
      if (taken) throw fieldError('name', 'The name has already been taken.');
      await updateRecord(tx, actor, roleRecord, roleId, { name: body.name });
      await setRolePermissions(tx, roleId, body.permissions);
      const after = (await findRoleRow(tx, roleId))!;
      const names = (role: RoleRow) => role.permissions.map((p) => p.name).sort();
      if (JSON.stringify(names(before)) !== JSON.stringify(names(after))) {
        await writeAudit(tx, actor, {
          event: 'permissions_updated',
          auditableType: 'role',
          auditableId: roleId,
          oldValues: { permissions: names(before) },
          newValues: { permissions: names(after) },
        });
      }
      await assertStaffManagerRemains(tx, 'permissions');
      return { message: `Role ${after.name} saved; its members' permissions apply from their next request.`, role: after };
    }),

  rolesTogglePermission: async ({ params: { roleId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await lockStaffManagers(tx);
      const role = await findById(tx, roleRecord, roleId, { lock: true });
      const [permission] = await tx.select().from(permissions).where(eq(permissions.name, body.permission));
      if (!permission) throw fieldError('permission', 'The selected permission is invalid.');
      if (body.granted) assertCanGrant(staff, [body.permission], 'permission');
      if (body.granted) {
        await tx.insert(rolePermissions).values({ roleId, permissionId: permission.id }).onConflictDoNothing();
      } else {
        await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permission.id)));
      }
      await writeAudit(tx, actor, {
        event: body.granted ? 'permission_granted' : 'permission_revoked',
        auditableType: 'role',
        auditableId: roleId,
        newValues: { permission: body.permission },
      });
      await assertStaffManagerRemains(tx);
      return {
        message: `${body.permission} ${body.granted ? 'granted to' : 'revoked from'} ${role.name}.`,
        role: (await findRoleRow(tx, roleId))!,
      };
    }),

  rolesDestroy: async ({ params: { roleId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await lockStaffManagers(tx);
      const role = await findById(tx, roleRecord, roleId, { lock: true });
      const members = await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM staff_roles WHERE role_id = ${roleId}`);
      const moveTo = body.move_to_role_id ?? null;
      if (members!.n > 0) {
        if (moveTo === null) {
          throw fieldError('move_to_role_id', `${role.name} is held by ${members!.n} member${members!.n === 1 ? '' : 's'}: choose the role to move them to.`);
        }
        if (moveTo === roleId) throw fieldError('move_to_role_id', 'Choose another role than the one being deleted.');
        await checkRoleIds(tx, [moveTo], 'move_to_role_id');
        // Moving members into a role grants them its permissions.
        const target = await findRoleRow(tx, moveTo);
        const from = new Set<string>(((await findRoleRow(tx, roleId))?.permissions ?? []).map((p) => p.name));
        assertCanGrant(staff, newlyGranted(from, new Set<string>((target?.permissions ?? []).map((p) => p.name))), 'move_to_role_id');
        await tx.execute(
          sql`INSERT INTO staff_roles (staff_id, role_id) SELECT staff_id, ${moveTo} FROM staff_roles WHERE role_id = ${roleId} ON CONFLICT DO NOTHING`,
        );
      }
      await tx.delete(roles).where(eq(roles.id, roleId));
      await writeAudit(tx, actor, {
        event: 'deleted',
        auditableType: 'role',
        auditableId: roleId,
        oldValues: { name: role.name, members: members!.n },
        newValues: moveTo ? { members_moved_to_role_id: moveTo } : undefined,
      });
      await assertStaffManagerRemains(tx, 'move_to_role_id');
      return { message: members!.n > 0 ? `Role ${role.name} deleted; its members were moved.` : `Role ${role.name} deleted.` };
    }),

  permissionsIndex: async ({ deps }) => {
    const all = await deps.database.db.select().from(permissions).orderBy(permissions.id);
    return all.map((p) => ({ id: p.id, name: p.name as Permission, group: p.group }));
  },

  staffPasswordLinkShow: async ({ params: { token }, deps }) => {
    const owner = await findLinkOwner(deps.database.db, token);
    if (!owner) throw linkInvalid();
    return { name: owner.name, email: owner.email, expiresAt: owner.expires_at };
  },

  staffPasswordLinkUse: async ({ params: { token }, body, actor, deps }) => {
    const passwordHash = await hashPassword(body.password);
    return deps.database.db.transaction(async (tx) => {
      const owner = await findLinkOwner(tx, token, true);
      if (!owner) throw linkInvalid();
      await tx.update(staffMembers).set({ passwordHash, passwordSetAt: new Date() }).where(eq(staffMembers.id, owner.staff_id));
      await tx.execute(sql`UPDATE staff_password_links SET used_at = now() WHERE id = ${owner.link_id}`);
      await tx.execute(sql`DELETE FROM staff_password_links WHERE staff_id = ${owner.staff_id} AND used_at IS NULL`);
      await bumpTokenVersion(tx, owner.staff_id);
      await writeAudit(
        tx,
        { ...actor, staffId: owner.staff_id },
        { event: 'password_set_by_link', auditableType: 'staff_member', auditableId: owner.staff_id },
      );
      return { message: 'Your password is set. You can sign in now.' };
    });
  },
});
