import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { providers } from '../../db/schema/providers';
import type { SyncChangeKind, SyncChangeState, SyncRunStatus, SyncRunTrigger, SyncSchedule } from '../../../contract/provider-sync/columns';

/**
 * Provider sync (docs/provider-sync.md): the last accepted copy of each provider's catalogue (the
 * mirror), every sync run with its raw answer and the change set it found, and per-provider sync
 * settings (margin floor, schedule).
 */

/** The mirror: the provider's catalogue as last accepted by staff, one row per external service. */
export const providerCatalogueItems = pgTable(
  'provider_catalogue_items',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    type: text('type').notNull().default('Default'),
    /** Price per 1000 in the provider's currency, as the provider sent it. */
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    min: bigint('min', { mode: 'number' }).notNull(),
    max: bigint('max', { mode: 'number' }).notNull(),
    refill: boolean('refill').notNull().default(false),
    cancel: boolean('cancel').notNull().default(false),
    dripfeed: boolean('dripfeed').notNull().default(false),
    /** False once a removal was accepted (the row stays, so a return is recognised). */
    present: boolean('present').notNull().default(true),
    /** The linked provider service was disabled by an accepted removal (re-enabled when it returns). */
    disabledBySync: boolean('disabled_by_sync').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.externalId] })],
);

export const providerSyncRuns = pgTable(
  'provider_sync_runs',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    status: text('status').$type<SyncRunStatus>().notNull().default('queued'),
    trigger: text('trigger').$type<SyncRunTrigger>().notNull(),
    /** Who asked (manual and retry runs). */
    staffId: integer('staff_id'),
    /** Times the job started this run (a retry or a rerun after a crash adds one). */
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** The provider's currency (from `balance`) the rates are in. */
    currency: text('currency'),
    servicesCount: integer('services_count'),
    skippedCount: integer('skipped_count'),
    /** Counts of the change set by kind ({new: 3, removed: 1, …}). */
    counts: jsonb('counts').$type<Partial<Record<SyncChangeKind, number>>>().notNull().default({}),
    /** Changes touching a provider service of ours. */
    affectedCount: integer('affected_count').notNull().default(0),
    /** The raw `services` answer, gzip-compressed, base64 (kept for download). */
    rawAnswer: text('raw_answer'),
    rawBytes: integer('raw_bytes'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_sync_runs_status_check', sql`${t.status} IN ('queued', 'running', 'review', 'applied', 'no_changes', 'failed', 'superseded')`),
    check('provider_sync_runs_trigger_check', sql`${t.trigger} IN ('schedule', 'manual', 'retry')`),
    index('provider_sync_runs_provider_idx').on(t.providerId, t.id),
  ],
);

export const providerSyncChanges = pgTable(
  'provider_sync_changes',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => providerSyncRuns.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind').$type<SyncChangeKind>().notNull(),
    state: text('state').$type<SyncChangeState>().notNull().default('pending'),
    /** The mirror's values before and the provider's now (name, category, rate, min, max, flags). */
    oldValues: jsonb('old_values').$type<Record<string, unknown> | null>(),
    newValues: jsonb('new_values').$type<Record<string, unknown> | null>(),
    /** The provider service of ours with this external id, when there is one. */
    providerServiceId: integer('provider_service_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
  },
  (t) => [
    check('provider_sync_changes_kind_check', sql`${t.kind} IN ('new', 'removed', 'price_up', 'price_down', 'limits', 'renamed')`),
    check('provider_sync_changes_state_check', sql`${t.state} IN ('pending', 'applied', 'dismissed', 'superseded')`),
    index('provider_sync_changes_run_idx').on(t.runId, t.kind, t.id),
  ],
);

export const providerSyncSettings = pgTable(
  'provider_sync_settings',
  {
    providerId: integer('provider_id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Least margin (a fraction: 0.15 is 15 %); null: the panel's minimal margin. */
    marginFloor: numeric('margin_floor', { precision: 6, scale: 4 }),
    /** Turn off the link to a provider service whose accepted cost leaves less than the floor. */
    disableBelowMargin: boolean('disable_below_margin').notNull().default(false),
    schedule: text('schedule').$type<SyncSchedule>().notNull().default('30m'),
    lastScheduledAt: timestamp('last_scheduled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('provider_sync_settings_schedule_check', sql`${t.schedule} IN ('off', '30m', '1h', '6h', '24h')`)],
);

/** Links the margin guard turned off (shown on the Below margin list; turned on again by staff). */
export const providerSyncGuardDisabled = pgTable(
  'provider_sync_guard_disabled',
  {
    serviceId: integer('service_id').notNull(),
    providerServiceId: integer('provider_service_id').notNull(),
    margin: numeric('margin', { precision: 12, scale: 4 }),
    floor: numeric('floor', { precision: 6, scale: 4 }).notNull(),
    runId: integer('run_id'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.providerServiceId] })],
);
