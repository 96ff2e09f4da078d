import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Free-trial requests. Only what the pending counter reads exists so far; the free-trials area
 * extends this table.
 */
export const freeTrialRequests = pgTable(
  'free_trial_requests',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('free_trial_requests_status_idx').on(t.status)],
);
