import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './staff';

/**
 * Answers kept for `Idempotency-Key` (src/server/http/idempotency.ts): one row per staff member
 * and key. A row without a status is a claim of a request still running; with one, the stored
 * answer is sent again for a repeat of the same request. Rows older than a day are expired and
 * are overwritten or pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path, query and canonical JSON body: the same key must mean the same request. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    responseStatus: smallint('response_status'),
    /** The answer's JSON exactly as sent. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
