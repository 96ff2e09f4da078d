import { inArray, sql } from 'drizzle-orm';
import { PERMISSIONS, PERMISSION_GROUPS, ROLE_PRESETS, type Permission } from '../../../contract/permissions';
import type { Queryable } from '../client';
import { permissions, rolePermissions, roles } from '../schema/staff';
import { DEFAULT_SETTINGS, setSettingIfAbsent } from '../settings';

const groupOf = (p: Permission): string => Object.entries(PERMISSION_GROUPS).find(([, members]) => members.includes(p))?.[0] ?? 'Other';

/**
 * Every permission of the contract, and the role presets. Runs on every start: permissions added
 * to the contract since the last start are inserted and granted to the presets that list them.
 * A role's existing grants are left as staff edited them.
 */
export async function seedPermissionsAndRoles(db: Queryable): Promise<void> {
  await db.transaction(async (tx) => {
    const before = new Set((await tx.select({ name: permissions.name }).from(permissions)).map((r) => r.name));
    const added = PERMISSIONS.filter((p) => !before.has(p));
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((name) => ({ name, group: groupOf(name) })))
      .onConflictDoUpdate({ target: permissions.name, set: { group: sql`excluded."group"` } });
    const ids = new Map(
      (
        await tx
          .select()
          .from(permissions)
          .where(inArray(permissions.name, [...PERMISSIONS]))
      ).map((p) => [p.name, p.id]),
    );

    for (const [roleName, preset] of Object.entries(ROLE_PRESETS)) {
      const created = await tx.insert(roles).values({ name: roleName }).onConflictDoNothing({ target: roles.name }).returning();
      const [role] = created.length
        ? created
        : await tx
            .select()
            .from(roles)
            .where(inArray(roles.name, [roleName]));
      const grant = created.length ? preset : preset.filter((p) => added.includes(p));
      if (grant.length) {
        await tx
          .insert(rolePermissions)
          .values(grant.map((p) => ({ roleId: role.id, permissionId: ids.get(p)! })))
          .onConflictDoNothing();
      }
    }
  });
}

/** Default instance settings; values already stored are kept. */
export async function seedDefaultSettings(db: Queryable): Promise<void> {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS) as [keyof typeof DEFAULT_SETTINGS, never][]) {
    await setSettingIfAbsent(db, key, value);
  }
}
