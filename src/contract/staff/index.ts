import { z } from 'zod';
import { refSchema, messageSchema } from '../fields';
import { endpoint, pathId } from '../endpoint';
import { ADMIN } from '../paths';
import { PERMISSIONS } from '../permissions';
import { tableEndpoint } from '../table';
import { PASSWORD_MODES, ROLES_TABLE, STAFF_STATUSES, STAFF_TABLE } from './columns';

export * from './columns';

/**
 * Staff members, roles and permissions (staff: GET list; roles: CRUD at /roles; permissions:
 * GET; docs/configuration.md). Staff hold roles and direct permissions; what the console checks is
 * both together (the profile's allPermissions). Passwords are never shown or sent back: a new
 * member sets theirs through a one-time link, or an administrator types it twice.
 */

const permissionName = z.enum(PERMISSIONS, { error: 'The selected permission is invalid.' });

export const permissionSchema = z.object({ id: z.number().int(), name: permissionName, group: z.string() });
export type PermissionItem = z.infer<typeof permissionSchema>;

/* ---------- staff ---------- */

export const staffRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(STAFF_STATUSES),
  isActive: z.boolean(),
  roles: z.array(refSchema),
  /** Direct permissions. */
  permissions: z.array(permissionName),
  createdAt: z.string(),
  /** Row flags (server-computed). */
  deactivatable: z.boolean(),
  activatable: z.boolean(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

/** One effective permission and where it comes from (roles by name, or 'direct'). */
export const effectivePermissionSchema = z.object({ name: permissionName, group: z.string(), direct: z.boolean(), roles: z.array(z.string()) });

export const staffDetailSchema = staffRowSchema.extend({
  /** Direct and role permissions together, with their sources. */
  effectivePermissions: z.array(effectivePermissionSchema),
  passwordIsSet: z.boolean(),
  /** When the member's unused one-time password link expires (null: none pending). */
  passwordLinkExpiresAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
});
export type StaffDetail = z.infer<typeof staffDetailSchema>;

const name = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(255, 'The name may not be greater than 255 characters.');
const email = z
  .string({ error: 'The email field is required.' })
  .trim()
  .min(1, 'The email field is required.')
  .max(255, 'The email may not be greater than 255 characters.')
  .email('The email must be a valid email address.');
const password = z
  .string({ error: 'The password field is required.' })
  .min(8, 'The password must be at least 8 characters.')
  .max(200, 'The password may not be greater than 200 characters.');
const roleIds = z.array(z.number({ error: 'The selected role is invalid.' }).int().positive(), { error: 'The roles must be a list.' }).max(100);
const permissionNames = z.array(permissionName, { error: 'The permissions must be a list.' }).max(PERMISSIONS.length);
/** A role's permissions by name, or as the API answers them (`{id, name, group}`), read as names. */
const rolePermissions = z
  .array(z.union([permissionName, z.object({ name: permissionName }).transform((p) => p.name)], { error: 'The selected permission is invalid.' }), {
    error: 'The permissions must be a list.',
  })
  .max(PERMISSIONS.length);

/** Typed twice: the confirmation must match (reported on password_confirmation, as Laravel's `confirmed`). */
export const passwordPairSchema = z
  .object({ password, password_confirmation: z.string({ error: 'The password confirmation field is required.' }) })
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], message: 'The password confirmation does not match.' });

export const staffStoreBodySchema = z
  .object({
    name,
    email,
    password_mode: z.enum(PASSWORD_MODES, { error: 'Choose how the password is set.' }),
    password: z.string().optional(),
    password_confirmation: z.string().optional(),
    roles: roleIds.default([]),
    permissions: permissionNames.default([]),
  })
  .superRefine((b, ctx) => {
    if (b.password_mode !== 'typed') return;
    const checked = passwordPairSchema.safeParse({ password: b.password ?? '', password_confirmation: b.password_confirmation ?? '' });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type StaffStoreBody = z.input<typeof staffStoreBodySchema>;

export const staffUpdateBodySchema = z.object({ name, email, roles: roleIds, permissions: permissionNames });
export type StaffUpdateBody = z.input<typeof staffUpdateBodySchema>;

/** A one-time link, shown to the administrator once (the link, never a password). */
export const passwordLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  /** Whether it was e-mailed to the member; when not, `mail` says why (e.g. e-mail is not configured). */
  mailed: z.boolean(),
  mail: z.string(),
});
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

export const staffResultSchema = z.object({ message: z.string(), staff: staffDetailSchema, passwordLink: passwordLinkSchema.nullable().optional() });

const staffParams = z.object({ staffId: pathId('Staff member') });

/* ---------- roles ---------- */

export const roleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** As the API answers a role's permissions: `{id, name, group}` each. */
  permissions: z.array(permissionSchema),
  permissionsCount: z.number().int(),
  membersCount: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

export const roleDetailSchema = roleRowSchema.extend({ members: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })) });

export const roleBodySchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
  permissions: rolePermissions.default([]),
});
export type RoleBody = z.input<typeof roleBodySchema>;

export const roleDeleteBodySchema = z.object({
  /** Move the role's members to this role first (required while the role has members). */
  move_to_role_id: z.number().int().positive().nullable().optional(),
});

export const roleTogglePermissionBodySchema = z.object({ permission: permissionName, granted: z.boolean({ error: 'Say whether the permission is granted.' }) });

export const roleResultSchema = z.object({ message: z.string(), role: roleRowSchema });

/** The permission matrix: permissions grouped by area (rows), roles (columns). */
export const permissionMatrixSchema = z.object({
  groups: z.array(z.object({ group: z.string(), permissions: z.array(permissionSchema) })),
  roles: z.array(roleRowSchema),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

const roleParams = z.object({ roleId: pathId('Role') });

/* ---------- the member's own link (public) ---------- */

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.') });
export const passwordLinkInfoSchema = z.object({ name: z.string(), email: z.string(), expiresAt: z.string() });

export const staffEndpoints = {
  staffTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/staff`,
    permission: 'manageStaff',
    row: staffRowSchema,
    table: STAFF_TABLE,
    summary: 'The staff list',
  }),
  staffStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/staff`,
    permission: 'manageStaff',
    body: staffStoreBodySchema,
    response: staffResultSchema,
    summary: 'Invite (one-time password link) or create (password typed twice) a staff member',
  }),
  staffShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/staff/:staffId`,
    permission: 'manageStaff',
    params: staffParams,
    response: staffDetailSchema,
    summary: 'One staff member with roles, direct and effective permissions',
  }),
  staffUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/staff/:staffId`,
    permission: 'manageStaff',
    params: staffParams,
    body: staffUpdateBodySchema,
    response: staffResultSchema,
    summary: 'Name, e-mail, roles and direct permissions (effective on the next request)',
  }),
  staffSetPassword: endpoint({
    method: 'POST',
    path: `${ADMIN}/staff/:staffId/password`,
    permission: 'manageStaff',
    params: staffParams,
    body: passwordPairSchema,
    response: staffResultSchema,
    summary: "Set a member's password (typed twice); ends their sessions",
  }),
  staffPasswordLink: endpoint({
    method: 'POST',
    path: `${ADMIN}/staff/:staffId/password-link`,
    permission: 'manageStaff',
    params: staffParams,
    response: staffResultSchema,
    summary: 'A new one-time password link (earlier links stop working)',
  }),
  staffDeactivate: endpoint({
    method: 'POST',
    path: `${ADMIN}/staff/:staffId/deactivate`,
    permission: 'manageStaff',
    params: staffParams,
    response: staffResultSchema,
    summary: 'Deactivate a member: their sessions end at once',
  }),
  staffActivate: endpoint({
    method: 'POST',
    path: `${ADMIN}/staff/:staffId/activate`,
    permission: 'manageStaff',
    params: staffParams,
    response: staffResultSchema,
    summary: 'Reactivate a member (they sign in again)',
  }),
  staffSignOutEverywhere: endpoint({
    method: 'POST',
    path: `${ADMIN}/staff/:staffId/sign-out-everywhere`,
    permission: 'manageStaff',
    params: staffParams,
    response: staffResultSchema,
    summary: 'End every session of a member',
  }),
  rolesTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/roles`,
    permission: 'manageStaff',
    row: roleRowSchema,
    table: ROLES_TABLE,
    summary: 'The role list',
  }),
  rolesMatrix: endpoint({
    method: 'GET',
    path: `${ADMIN}/roles/matrix`,
    permission: 'manageStaff',
    response: permissionMatrixSchema,
    summary: 'Permissions grouped by area and every role with its permissions',
  }),
  rolesStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/roles`,
    permission: 'manageStaff',
    body: roleBodySchema,
    response: roleResultSchema,
    summary: 'Create a role',
  }),
  rolesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/roles/:roleId`,
    permission: 'manageStaff',
    params: roleParams,
    response: roleDetailSchema,
    summary: 'One role with its members',
  }),
  rolesUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/roles/:roleId`,
    permission: 'manageStaff',
    params: roleParams,
    body: roleBodySchema,
    response: roleResultSchema,
    summary: 'Rename a role or set its permissions',
  }),
  rolesTogglePermission: endpoint({
    method: 'POST',
    path: `${ADMIN}/roles/:roleId/permissions`,
    permission: 'manageStaff',
    params: roleParams,
    body: roleTogglePermissionBodySchema,
    response: roleResultSchema,
    summary: 'Grant or revoke one permission of a role (a matrix cell)',
  }),
  rolesDestroy: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/roles/:roleId`,
    permission: 'manageStaff',
    params: roleParams,
    body: roleDeleteBodySchema,
    response: messageSchema,
    summary: 'Delete a role (members moved to another role first, when it has any)',
  }),
  permissionsIndex: endpoint({
    method: 'GET',
    path: `${ADMIN}/permissions`,
    permission: 'manageStaff',
    response: z.array(permissionSchema),
    summary: 'Every permission with its group',
  }),
  staffPasswordLinkShow: endpoint({
    method: 'GET',
    path: '/api/v1/staff-password/:token',
    permission: 'public',
    params: tokenParams,
    response: passwordLinkInfoSchema,
    summary: 'Who a one-time password link is for (404 when used, replaced or expired)',
  }),
  staffPasswordLinkUse: endpoint({
    method: 'POST',
    path: '/api/v1/staff-password/:token',
    permission: 'public',
    params: tokenParams,
    body: passwordPairSchema,
    response: messageSchema,
    summary: 'Set the password through a one-time link (the link then stops working)',
  }),
};
