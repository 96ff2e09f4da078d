import { defineTableSpec } from '../columns';

/**
 * Staff members and roles: values and column tables, no zod (the console's entry reads them).
 */

export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  active: 'Active',
  invited: 'Invited (password not set)',
  deactivated: 'Deactivated',
};

export const STAFF_TABLE = defineTableSpec({
  search: 'id, name or e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    email: { filter: 'text', sortable: true },
    status: { filter: 'multiSelect', options: STAFF_STATUSES, sortable: true },
    roles: { filter: 'select', valueType: 'int' },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});

export const ROLES_TABLE = defineTableSpec({
  search: 'id or name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    permissionsCount: { sortable: true },
    membersCount: { sortable: true },
  },
});

/** How a password is set for a new member: by the member through a one-time link, or typed twice by an administrator. */
export const PASSWORD_MODES = ['link', 'typed'] as const;
export type PasswordMode = (typeof PASSWORD_MODES)[number];

/** A one-time password link is valid this long. */
export const PASSWORD_LINK_TTL_HOURS = 72;
