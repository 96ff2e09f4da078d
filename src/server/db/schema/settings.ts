import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
