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
  // Each index serves one view of the audit log newest first (created_at, then id): the default
  // view, a staff member's entries, one record's entries (its history), one event.
  (t) => [
    index('audit_entries_created_at_idx').on(t.createdAt, t.id),
    index('audit_entries_staff_idx').on(t.staffId, t.createdAt, t.id),
    index('audit_entries_auditable_idx').on(t.auditableType, t.auditableId, t.createdAt, t.id),
    index('audit_entries_event_idx').on(t.event, t.createdAt, t.id),
  ],
);

/** The business change log shown on the change-logs screen. */
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
    index('change_logs_created_at_idx').on(t.createdAt, t.id),
    index('change_logs_model_idx').on(t.modelType, t.modelId, t.createdAt, t.id),
    index('change_logs_action_type_idx').on(t.actionType, t.createdAt, t.id),
    index('change_logs_staff_idx').on(t.staffId, t.createdAt, t.id),
  ],
);

/**
 * What the system itself changed: a provider sync moving a service's price, an automatic
 * switch-off. `type` is what changed (price, status, provider…),
 * `action_type` how (sync, automatic, import…); the old and new value of that one thing.
 * Append-only like the two tables above (nothing in the server writes it yet).
 */
export const serviceLogs = pgTable(
  'service_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modelType: text('model_type').notNull(),
    modelId: bigint('model_id', { mode: 'number' }),
    type: text('type').notNull(),
    actionType: text('action_type').notNull(),
    information: text('information').notNull().default(''),
    oldValue: jsonb('old_value').$type<unknown>(),
    newValue: jsonb('new_value').$type<unknown>(),
  },
  (t) => [
    index('service_logs_created_at_idx').on(t.createdAt, t.id),
    index('service_logs_model_idx').on(t.modelType, t.modelId, t.createdAt, t.id),
    index('service_logs_type_idx').on(t.type, t.createdAt, t.id),
    index('service_logs_action_type_idx').on(t.actionType, t.createdAt, t.id),
  ],
);
