import { z } from 'zod';
import { dateTime, fraction, id, money, refSchema } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { SYNC_CHANGE_KINDS, SYNC_CHANGE_STATES, SYNC_RUN_STATUSES, SYNC_RUN_TRIGGERS, SYNC_SCHEDULES } from './columns';

export * from './columns';

/**
 * Provider sync (docs/provider-sync.md): staged synchronisation of a provider's catalogue, the
 * margin guard and provider health.
 *
 * - A run fetches the provider's services, keeps the raw answer and compares it with the last
 *   accepted copy (the mirror): the change set (new, removed, price up/down, min/max, renamed).
 *   Nothing of ours changes until staff accept changes; accepted changes apply in one transaction
 *   to the mirror and to our provider services with that external id (price, name, status, as the
 *   provider's sync flags allow). A decided change is never applied again.
 * - Permissions: manageExternalPanels for sync and health; the Below margin list also for
 *   manageServicesAndProviders.
 * - Margins are fractions (0.15 is 15 %); money decimal strings; dates UTC 'YYYY-MM-DD HH:mm:ss'.
 */

const SYNC = `${ADMIN}/provider-sync`;
const PERMISSION = 'manageExternalPanels' as const;

export const syncRunStatusSchema = z.enum(SYNC_RUN_STATUSES);
export const syncChangeKindSchema = z.enum(SYNC_CHANGE_KINDS);
export const syncChangeStateSchema = z.enum(SYNC_CHANGE_STATES);
export const syncScheduleSchema = z.enum(SYNC_SCHEDULES);

const kindCounts = z.object(Object.fromEntries(SYNC_CHANGE_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof SYNC_CHANGE_KINDS)[number], z.ZodNumber>);

export const syncRunSchema = z.object({
  id,
  providerId: id,
  status: syncRunStatusSchema,
  trigger: z.enum(SYNC_RUN_TRIGGERS),
  attempts: z.number().int(),
  createdAt: dateTime,
  startedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  currency: z.string().nullable(),
  servicesCount: z.number().int().nullable(),
  skippedCount: z.number().int().nullable(),
  counts: kindCounts,
  affectedCount: z.number().int(),
  /** Changes still to decide. */
  pendingCount: z.number().int(),
  hasRawAnswer: z.boolean(),
  rawBytes: z.number().int().nullable(),
  appliedAt: dateTime.nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncSettingsSchema = z.object({
  /** The provider's own floor; null: the panel's minimal margin. */
  marginFloor: money.nullable(),
  /** The floor in force (own or the panel's). */
  effectiveFloor: money,
  disableBelowMargin: z.boolean(),
  schedule: syncScheduleSchema,
  /** When the schedule runs next (null when only on demand, or sync is off for the provider). */
  nextRunAt: dateTime.nullable(),
});
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

export const syncProviderSchema = z.object({
  id,
  name: z.string(),
  currency: z.string(),
  status: z.string(),
  isArchived: z.boolean(),
  syncServices: z.boolean(),
  syncPrices: z.boolean(),
  syncName: z.boolean(),
  syncFailed: z.boolean(),
});

export const providerSyncOverviewSchema = z.object({
  provider: syncProviderSchema,
  settings: syncSettingsSchema,
  /** The panel's minimal margin (panel settings), the floor of providers without their own. */
  defaultFloor: money,
  mirror: z.object({ services: z.number().int(), present: z.number().int(), linked: z.number().int(), updatedAt: dateTime.nullable() }),
  /** The latest runs, newest first (at most 50). */
  runs: z.array(syncRunSchema),
});
export type ProviderSyncOverview = z.infer<typeof providerSyncOverviewSchema>;

export const syncSettingsBodySchema = z.object({
  marginFloor: fraction(4).nullable(),
  disableBelowMargin: z.boolean(),
  schedule: syncScheduleSchema,
});

export const syncChangeValuesSchema = z.object({
  name: z.string(),
  category: z.string(),
  rate: money,
  min: z.number().int(),
  max: z.number().int(),
  refill: z.boolean(),
  cancel: z.boolean(),
  dripfeed: z.boolean(),
});

export const syncChangeSchema = z.object({
  id,
  kind: syncChangeKindSchema,
  state: syncChangeStateSchema,
  externalId: z.string(),
  /** The service's name at the provider (the new one for a rename). */
  name: z.string(),
  old: syncChangeValuesSchema.nullable(),
  new: syncChangeValuesSchema.nullable(),
  /** Price changes: new ÷ old − 1 (0.5 is +50 %). */
  priceChange: money.nullable(),
  providerService: z.object({ id, name: z.string(), status: z.string() }).nullable(),
  /** Our services fulfilled by that provider service. */
  services: z.array(refSchema),
});
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const syncRunDetailSchema = syncRunSchema.extend({
  provider: z.object({ id, name: z.string(), currency: z.string(), syncPrices: z.boolean(), syncName: z.boolean(), syncServices: z.boolean() }),
  /** Changes still to decide, by kind. */
  pendingCounts: kindCounts,
});
export type SyncRunDetail = z.infer<typeof syncRunDetailSchema>;

export const syncChangesQuerySchema = z.object({
  kind: syncChangeKindSchema.optional(),
  state: syncChangeStateSchema.optional(),
  /** Only changes touching a provider service of ours. */
  affected: z.enum(['1', '0']).optional(),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(100),
});

export const syncChangesPageSchema = z.object({ data: z.array(syncChangeSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

/** Which changes: the listed ids, or every change still to decide (of the given kinds, or all). */
export const syncDecisionBodySchema = z
  .object({
    changeIds: z.array(z.number().int().positive().max(2147483647)).max(10000).optional(),
    all: z.boolean().optional(),
    kinds: z.array(syncChangeKindSchema).max(SYNC_CHANGE_KINDS.length).optional(),
  })
  .refine((b) => (b.changeIds && b.changeIds.length > 0) || b.all === true, { message: 'Choose the changes to decide.', path: ['changeIds'] });

export const syncDecisionResultSchema = z.object({
  message: z.string(),
  /** Changes this call decided (0 when all were decided before: nothing changed). */
  decided: z.number().int(),
  /** Provider services of ours it changed. */
  providerServicesChanged: z.number().int(),
  /** Links the margin guard turned off. */
  linksDisabled: z.number().int(),
  run: syncRunSchema,
});

export const syncRunStartedSchema = z.object({ message: z.string(), run: syncRunSchema });

export const syncRawAnswerSchema = z.object({ fileName: z.string(), contentType: z.string(), text: z.string() });

export const belowMarginRowSchema = z.object({
  service: z.object({ id, name: z.string(), price: money, pricingPer: z.number().int(), isEnabled: z.boolean() }),
  providerService: z.object({ id, name: z.string(), externalId: z.string(), sourcePrice: money, pricingPer: z.number().int(), currency: z.string() }),
  provider: refSchema,
  /** The provider's cost for the service's pricing unit, in the panel's currency. */
  cost: money,
  margin: money,
  floor: money,
  /** The link is on (orders may go there). */
  linkActive: z.boolean(),
  /** The margin guard turned the link off. */
  disabledByGuard: z.boolean(),
});
export type BelowMarginRow = z.infer<typeof belowMarginRowSchema>;

export const belowMarginSchema = z.object({ currency: z.string(), defaultFloor: money, rows: z.array(belowMarginRowSchema) });

export const providerHealthRowSchema = z.object({
  provider: z.object({ id, name: z.string(), status: z.string(), balance: money, currency: z.string(), syncFailed: z.boolean() }),
  orders: z.number().int(),
  completed: z.number().int(),
  partialShare: money.nullable(),
  canceledShare: money.nullable(),
  /** Average seconds from sending to completion. */
  averageCompletionSeconds: z.number().int().nullable(),
  /** Spent per day over the last 7 days (in the provider's currency). */
  dailySpend: money,
  /** Days the balance lasts at that spend; null when nothing was spent. */
  runwayDays: money.nullable(),
  lastSyncAt: dateTime.nullable(),
  lastSyncStatus: syncRunStatusSchema.nullable(),
});
export type ProviderHealthRow = z.infer<typeof providerHealthRowSchema>;

export const providerHealthQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const providerHealthSchema = z.object({ days: z.number().int(), rows: z.array(providerHealthRowSchema) });

export const providerServiceHealthRowSchema = z.object({
  externalServiceId: z.string(),
  providerService: refSchema.nullable(),
  orders: z.number().int(),
  completed: z.number().int(),
  partialShare: money.nullable(),
  canceledShare: money.nullable(),
  averageCompletionSeconds: z.number().int().nullable(),
});
export const providerServicesHealthSchema = z.object({
  days: z.number().int(),
  provider: refSchema,
  rows: z.array(providerServiceHealthRowSchema),
});

const providerParams = z.object({ providerId: pathId('Provider') });
const runParams = z.object({ runId: pathId('Sync run') });

export const providerSyncEndpoints = {
  providerSyncOverview: endpoint({
    method: 'GET',
    path: `${SYNC}/providers/:providerId`,
    permission: PERMISSION,
    params: providerParams,
    response: providerSyncOverviewSchema,
    summary: 'A provider’s sync: settings, mirror size and the latest runs',
  }),
  providerSyncNow: endpoint({
    method: 'POST',
    path: `${SYNC}/providers/:providerId/sync`,
    permission: PERMISSION,
    params: providerParams,
    response: syncRunStartedSchema,
    summary: 'Queue a sync of the provider now (409 while one is queued or running)',
  }),
  providerSyncSettingsUpdate: endpoint({
    method: 'PUT',
    path: `${SYNC}/providers/:providerId/settings`,
    permission: PERMISSION,
    params: providerParams,
    body: syncSettingsBodySchema,
    response: syncSettingsSchema,
    summary: 'Margin floor, guard and schedule of a provider’s sync',
  }),
  providerSyncRunShow: endpoint({
    method: 'GET',
    path: `${SYNC}/runs/:runId`,
    permission: PERMISSION,
    params: runParams,
    response: syncRunDetailSchema,
    summary: 'One sync run with its counts',
  }),
  providerSyncRunChanges: endpoint({
    method: 'GET',
    path: `${SYNC}/runs/:runId/changes`,
    permission: PERMISSION,
    params: runParams,
    query: syncChangesQuerySchema,
    response: syncChangesPageSchema,
    summary: 'A page of a run’s changes, filtered by kind, state, affected and search',
  }),
  providerSyncRunApply: endpoint({
    method: 'POST',
    path: `${SYNC}/runs/:runId/apply`,
    permission: PERMISSION,
    params: runParams,
    body: syncDecisionBodySchema,
    response: syncDecisionResultSchema,
    summary: 'Accept changes: applied in one transaction to the mirror and our provider services; decided changes are left alone',
  }),
  providerSyncRunDismiss: endpoint({
    method: 'POST',
    path: `${SYNC}/runs/:runId/dismiss`,
    permission: PERMISSION,
    params: runParams,
    body: syncDecisionBodySchema,
    response: syncDecisionResultSchema,
    summary: 'Dismiss changes: nothing of ours changes; the next run finds them again',
  }),
  providerSyncRunRetry: endpoint({
    method: 'POST',
    path: `${SYNC}/runs/:runId/retry`,
    permission: PERMISSION,
    params: runParams,
    response: syncRunStartedSchema,
    summary: 'Run a failed sync again (a new run)',
  }),
  providerSyncRunRaw: endpoint({
    method: 'GET',
    path: `${SYNC}/runs/:runId/raw`,
    permission: PERMISSION,
    params: runParams,
    response: syncRawAnswerSchema,
    summary: 'The provider’s raw services answer of a run (for download)',
  }),
  providerSyncBelowMargin: endpoint({
    method: 'GET',
    path: `${SYNC}/below-margin`,
    permission: ['manageExternalPanels', 'manageServicesAndProviders'],
    response: belowMarginSchema,
    summary: 'Services of ours whose provider cost leaves less than the margin floor',
  }),
  providerHealth: endpoint({
    method: 'GET',
    path: `${ADMIN}/provider-health`,
    permission: PERMISSION,
    query: providerHealthQuerySchema,
    response: providerHealthSchema,
    summary: 'Per provider: partial and cancelled shares, completion time, balance runway',
  }),
  providerHealthServices: endpoint({
    method: 'GET',
    path: `${ADMIN}/provider-health/:providerId`,
    permission: PERMISSION,
    params: providerParams,
    query: providerHealthQuerySchema,
    response: providerServicesHealthSchema,
    summary: 'A provider’s health per service',
  }),
};
