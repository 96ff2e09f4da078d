import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffMembers } from '../../db/schema/staff';

/** The staff area's own tables: one-time password links (db/schema/staff.ts holds the members, roles and permissions, which sign-in reads). */

/**
 * One-time password links: a new member (or one an administrator re-invites) sets their own
 * password through `/set-password/<token>`. Only the token's SHA-256 is stored; a link works once,
 * until it expires, and a newer link for the same member replaces it.
 */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_password_links_token_unique').on(t.tokenHash), index('staff_password_links_staff_idx').on(t.staffId)],
);
