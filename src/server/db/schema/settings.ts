import { customType, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Instance settings as key/value rows, so an area can add a setting without a migration.
 * Some keys hold secrets (the JWT secret); only src/server/db/settings.ts reads them, and the
 * public settings endpoint picks its fields one by one.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded images of the settings (favicon, logos), kept in the database so every server process
 * behind a load balancer serves the same files. Replacing an image deletes the old row.
 */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
