import { sql } from 'drizzle-orm';
import { PERMISSION_GROUPS, type Permission } from '../../../contract/permissions';
import { ROLES_TABLE, STAFF_TABLE, type RoleRow, type StaffDetail, type StaffRow, type StaffStatus } from '../../../contract/staff';
import { STAFF_ACTIONS } from '../../../contract/staff/actions';
import { tableRequestSchema } from '../../../contract/table';
import { one, rows, type Queryable } from '../../db/client';
import type { StaffContext } from '../../deps';
import { defineTable, readScalar, utcText } from '../../table';

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

const statusSql = sql`CASE WHEN NOT m.is_active OR m.deactivated_at IS NOT NULL THEN 'deactivated'
  WHEN m.password_set_at IS NULL THEN 'invited' ELSE 'active' END`;

interface StaffDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  status: StaffStatus;
  is_active: boolean;
  roles: { id: number; name: string }[] | null;
  permissions: Permission[] | null;
  created_at: string;
}

export const staffTable = defineTable(STAFF_TABLE, {
  from: sql`staff_members m`,
  select: sql`m.id, m.name, m.email, ${statusSql} AS status, m.is_active, ${utcText(sql`m.created_at`)} AS created_at,
    (SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name) FROM staff_roles sr JOIN roles r ON r.id = sr.role_id WHERE sr.staff_id = m.id) AS roles,
    (SELECT json_agg(p.name ORDER BY p.id) FROM staff_permissions sp JOIN permissions p ON p.id = sp.permission_id WHERE sp.staff_id = m.id) AS permissions`,
  id: sql`m.id`,
  columns: {
    id: { sql: sql`m.id` },
    name: { sql: sql`m.name` },
    email: { sql: sql`m.email` },
    status: { sql: statusSql },
    roles: {
      sql: sql`m.id`,
      filter: (value: unknown) => sql`EXISTS (SELECT 1 FROM staff_roles sr WHERE sr.staff_id = m.id AND sr.role_id = ${readScalar(value, 'int')})`,
    },
    createdAt: { sql: sql`m.created_at` },
  },
  search: [sql`m.name`, sql`m.email`],
  defaultSort: [{ key: 'id', desc: false }],
  map: (r: StaffDbRow, ctx): StaffRow => {
    const self = (ctx as Partial<StaffContext>).id === r.id;
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      isActive: r.status !== 'deactivated',
      roles: r.roles ?? [],
      permissions: r.permissions ?? [],
      createdAt: r.created_at,
      // The list is for staff managers only, so the state decides (the contract's STAFF_ACTIONS).
      deactivatable: STAFF_ACTIONS.deactivate.from.includes(r.status) && !self,
      activatable: STAFF_ACTIONS.activate.from.includes(r.status),
    };
  },
});

const groupOf = new Map<string, string>(Object.entries(PERMISSION_GROUPS).flatMap(([group, list]) => list.map((p) => [p, group] as const)));

export async function findStaffDetail(
  q: Queryable,
  id: number,
  viewer: StaffContext | { permissions: ReadonlySet<Permission> },
): Promise<StaffDetail | undefined> {
  const row = (await staffTable.query(q, ONE_ROW, viewer, { where: sql`m.id = ${id}` })).items[0];
  if (!row) return undefined;
  const extra = await one<{ deactivated_at: string | null; password_set: boolean; link_expires: string | null }>(
    q,
    sql`SELECT ${utcText(sql`m.deactivated_at`)} AS deactivated_at, m.password_set_at IS NOT NULL AS password_set,
          (SELECT ${utcText(sql`max(l.expires_at)`)} FROM staff_password_links l WHERE l.staff_id = m.id AND l.used_at IS NULL AND l.expires_at > now()) AS link_expires
        FROM staff_members m WHERE m.id = ${id}`,
  );
  const sources = await rows<{ name: Permission; role: string | null }>(
    q,
    sql`SELECT p.name, NULL AS role FROM staff_permissions sp JOIN permissions p ON p.id = sp.permission_id WHERE sp.staff_id = ${id}
        UNION ALL
        SELECT p.name, r.name FROM staff_roles sr JOIN roles r ON r.id = sr.role_id JOIN role_permissions rp ON rp.role_id = r.id
          JOIN permissions p ON p.id = rp.permission_id WHERE sr.staff_id = ${id}`,
  );
  const effective = new Map<Permission, { direct: boolean; roles: string[] }>();
  for (const s of sources) {
    const entry = effective.get(s.name) ?? { direct: false, roles: [] };
    if (s.role === null) entry.direct = true;
    else entry.roles.push(s.role);
    effective.set(s.name, entry);
  }
  const order = Object.values(PERMISSION_GROUPS).flat();
  return {
    ...row,
    effectivePermissions: [...effective.entries()]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([name, e]) => ({ name, group: groupOf.get(name) ?? 'Other', direct: e.direct, roles: e.roles.sort() })),
    passwordIsSet: extra!.password_set,
    passwordLinkExpiresAt: extra!.link_expires,
    deactivatedAt: extra!.deactivated_at,
  };
}

interface RoleDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  permissions: { id: number; name: Permission; group: string }[] | null;
  permissions_count: number;
  members_count: number;
}

const permissionsCount = sql`(SELECT count(*)::int FROM role_permissions rp WHERE rp.role_id = r.id)`;
const membersCount = sql`(SELECT count(*)::int FROM staff_roles sr WHERE sr.role_id = r.id)`;

export const rolesTable = defineTable(ROLES_TABLE, {
  from: sql`roles r`,
  select: sql`r.id, r.name, ${permissionsCount} AS permissions_count, ${membersCount} AS members_count,
    (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'group', p."group") ORDER BY p.id) FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id) AS permissions`,
  id: sql`r.id`,
  columns: {
    id: { sql: sql`r.id` },
    name: { sql: sql`r.name` },
    permissionsCount: { sql: permissionsCount },
    membersCount: { sql: membersCount },
  },
  search: [sql`r.name`],
  defaultSort: [{ key: 'name', desc: false }],
  map: (r: RoleDbRow): RoleRow => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions ?? [],
    permissionsCount: r.permissions_count,
    membersCount: r.members_count,
  }),
});

export async function findRoleRow(q: Queryable, id: number): Promise<RoleRow | undefined> {
  return (await rolesTable.query(q, ONE_ROW, { permissions: new Set() }, { where: sql`r.id = ${id}` })).items[0];
}

export async function allRoleRows(q: Queryable): Promise<RoleRow[]> {
  const all = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 500, sortBy: ['name'], sortDesc: [false] } });
  return (await rolesTable.query(q, all, { permissions: new Set() })).items;
}
