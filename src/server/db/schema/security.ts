import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './staff';

/**
 * Failed sign-ins, counted per key (src/server/auth/throttle.ts): an account at one address
 * (`pair:`), an address (`ip:`) and an account from anywhere (`account:`). In the database so the
 * counts survive a restart and every server process shares them.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttle_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * One row per sign-in (a device, a browser, the installed app): its tokens carry the session id and
 * its version, and a refresh bumps that session's version only, so other devices stay signed in.
 * `ended_at` is set by logout, by ending the session from the profile or the staff screen, and for
 * every session of a member when their token version is bumped (freeze, deactivate, sign out
 * everywhere). A session whose last token expired (`expires_at`) is over too.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId, t.endedAt)],
);

/**
 * Two-factor sign-in of a member (src/server/auth/twoFactor.ts): a TOTP secret (RFC 6238, what
 * authenticator apps use) and single-use recovery codes, kept as SHA-256 hashes. `confirmedAt` is
 * null while an enrolment waits for its first code; only a confirmed row asks for a code at sign-in.
 * `lastTimeStep` is the time step of the last code accepted, so a code is never accepted twice.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: integer('last_time_step'),
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
