/**
 * Provider sync values shared by the server and the console (no zod here; index.ts has the
 * schemas and endpoints).
 */

/** A run: queued → running → review (changes to decide) | no_changes | failed; review → applied when every change is decided; superseded when a newer run of the provider found its own changes first. */
export const SYNC_RUN_STATUSES = ['queued', 'running', 'review', 'applied', 'no_changes', 'failed', 'superseded'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export const SYNC_RUN_STATUS_LABELS: Record<SyncRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  review: 'To review',
  applied: 'Applied',
  no_changes: 'No changes',
  failed: 'Failed',
  superseded: 'Superseded',
};

export const SYNC_RUN_TRIGGERS = ['schedule', 'manual', 'retry'] as const;
export type SyncRunTrigger = (typeof SYNC_RUN_TRIGGERS)[number];
export const SYNC_RUN_TRIGGER_LABELS: Record<SyncRunTrigger, string> = { schedule: 'Schedule', manual: 'Sync now', retry: 'Retry' };

/** What a change does to a service of the provider's catalogue. */
export const SYNC_CHANGE_KINDS = ['new', 'removed', 'price_up', 'price_down', 'limits', 'renamed'] as const;
export type SyncChangeKind = (typeof SYNC_CHANGE_KINDS)[number];
export const SYNC_CHANGE_KIND_LABELS: Record<SyncChangeKind, string> = {
  new: 'New',
  removed: 'Removed',
  price_up: 'Price up',
  price_down: 'Price down',
  limits: 'Min/max changed',
  renamed: 'Renamed',
};

export const SYNC_CHANGE_STATES = ['pending', 'applied', 'dismissed', 'superseded'] as const;
export type SyncChangeState = (typeof SYNC_CHANGE_STATES)[number];
export const SYNC_CHANGE_STATE_LABELS: Record<SyncChangeState, string> = {
  pending: 'To decide',
  applied: 'Applied',
  dismissed: 'Dismissed',
  superseded: 'Superseded',
};

export const SYNC_SCHEDULES = ['off', '30m', '1h', '6h', '24h'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];
export const SYNC_SCHEDULE_LABELS: Record<SyncSchedule, string> = {
  off: 'Only on demand',
  '30m': 'Every 30 minutes',
  '1h': 'Every hour',
  '6h': 'Every 6 hours',
  '24h': 'Once a day',
};
export const SYNC_SCHEDULE_MINUTES: Record<SyncSchedule, number | null> = { off: null, '30m': 30, '1h': 60, '6h': 360, '24h': 1440 };
