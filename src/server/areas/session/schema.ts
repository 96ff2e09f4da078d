import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from '../../db/schema/staff';

/** The session area's own tables: what browsers report (console errors and page views). */

/** Unhandled console errors reported by browsers. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The user id the console reported, kept apart from the verified staffId. */
    reportedUserId: integer('reported_user_id'),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('client_errors_created_at_idx').on(t.createdAt)],
);

/** Page views recorded by the console's default analytics adapter. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    visitorId: integer('visitor_id'),
    path: text('path').notNull(),
    title: text('title'),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt), index('page_views_staff_idx').on(t.staffId)],
);
