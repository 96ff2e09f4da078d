import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffMembers } from './staff';

/**
 * Audit trail: who (staff member, address, browser) did what to which record, with the values
 * before and after. Written inside the transaction of the change it describes.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    // text, not inet: the address may come from a proxy header and must never fail the insert.
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    event: text('event').notNull(),
    auditableType: text('auditable_type').notNull(),
    auditableId: bigint('auditable_id', { mode: 'number' }),
    oldValues: jsonb('old_values').$type<Record<string, unknown> | null>(),
    newValues: jsonb('new_values').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('audit_entries_created_at_idx').on(t.createdAt),
    index('audit_entries_staff_idx').on(t.staffId),
    index('audit_entries_auditable_idx').on(t.auditableType, t.auditableId),
  ],
);

/** The business change log shown on the change-logs screen (operations.md §3 "Change log"). */
export const changeLogs = pgTable(
  'change_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    modelType: text('model_type').notNull(),
    modelId: bigint('model_id', { mode: 'number' }),
    information: jsonb('information').$type<unknown>(),
  },
  (t) => [
    index('change_logs_created_at_idx').on(t.createdAt),
    index('change_logs_model_idx').on(t.modelType, t.modelId),
    index('change_logs_action_type_idx').on(t.actionType),
  ],
);

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
