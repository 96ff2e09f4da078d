import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Staff notification channels (profile). */
export interface NotificationPreferences {
  email: boolean;
  browser: boolean;
  telegram: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { email: true, browser: true, telegram: false };

/**
 * Staff members: the people who sign in to the console. Emails are stored lowercased, so the
 * unique index is also a case-insensitive one. `token_version` is part of every access token;
 * bumping it (refresh, logout, freeze, deactivate) revokes every token issued before.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    tokenVersion: integer('token_version').notNull().default(0),
    balance: numeric('balance', { precision: 14, scale: 4 }).notNull().default('0'),
    accountType: text('account_type').notNull().default('staff'),
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    companySite: text('company_site'),
    vat: text('vat'),
    referralProgramPercent: numeric('referral_program_percent', { precision: 6, scale: 4 }).notNull().default('0'),
    affiliateCode: text('affiliate_code'),
    notificationPreferences: jsonb('notification_preferences')
      .$type<NotificationPreferences>()
      .notNull()
      .default(sql`'{"email": true, "browser": true, "telegram": false}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while an invited member has not set their password through the one-time link. */
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [uniqueIndex('staff_members_email_unique').on(t.email)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Permission strings of src/contract/permissions.ts, with the group they are shown under. */
export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  group: text('group').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('role_permissions_permission_idx').on(t.permissionId)],
);

export const staffRoles = pgTable(
  'staff_roles',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.roleId] }), index('staff_roles_role_idx').on(t.roleId)],
);

/** Permissions granted to a member directly, beside those of their roles. */
export const staffPermissions = pgTable(
  'staff_permissions',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.permissionId] }), index('staff_permissions_permission_idx').on(t.permissionId)],
);
