import { bigserial, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { VerificationDocumentStatus } from '../../../contract/users';
import { users } from '../../db/schema/customers';
import { paymentMethods } from '../../db/schema/finance';

/** The users area's own tables: customer roles and permissions, verification documents, and the payment methods a customer may use (db/schema/customers.ts holds the customers themselves). */

/**
 * Customer roles and permissions (what a customer may do on the storefront: use the API, drip
 * feed…), distinct from staff roles. A user holds roles and direct permissions, synced by name.
 */
export const customerRoles = pgTable('customer_roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const customerPermissions = pgTable('customer_permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userCustomerRoles = pgTable(
  'user_customer_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => customerRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_customer_roles_role_idx').on(t.roleId)],
);

export const userCustomerPermissions = pgTable(
  'user_customer_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => customerPermissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] }), index('user_customer_permissions_permission_idx').on(t.permissionId)],
);

/** Identity documents a customer uploaded (passport, utility bill…); the file itself lives elsewhere. */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').$type<VerificationDocumentStatus>().notNull().default('pending'),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_documents_user_idx').on(t.userId)],
);

/** The payment methods a user may pay with (the profile's "sync payment methods"). */
export const userPaymentMethods = pgTable(
  'user_payment_methods',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.paymentMethodId] }), index('user_payment_methods_method_idx').on(t.paymentMethodId)],
);
