import { defineTableSpec } from '../columns';

/**
 * Free trials (requests and quests; a request is pending, rejected or approved, and offers approve
 * and reject). No zod here: the console's entry reads it.
 */

export const FREE_TRIAL_STATUSES = ['pending', 'rejected', 'approved'] as const;
export type FreeTrialStatus = (typeof FREE_TRIAL_STATUSES)[number];
export const FREE_TRIAL_STATUS_LABELS: Record<FreeTrialStatus, string> = { pending: 'Pending', rejected: 'Rejected', approved: 'Approved' };

/** What a quest asks the customer to do. */
export const FREE_TRIAL_QUEST_KINDS = ['subscribe', 'follow', 'review', 'share', 'invite'] as const;
export type FreeTrialQuestKind = (typeof FREE_TRIAL_QUEST_KINDS)[number];
export const FREE_TRIAL_QUEST_KIND_LABELS: Record<FreeTrialQuestKind, string> = {
  subscribe: 'Subscribe to a channel',
  follow: 'Follow an account',
  review: 'Leave a review',
  share: 'Share a post',
  invite: 'Invite a friend',
};

/** Archived or not: lists show the live ones by default. */
export const ARCHIVE_STATES = ['active', 'archived'] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];
export const ARCHIVE_STATE_LABELS: Record<ArchiveState, string> = { active: 'Active', archived: 'Archived' };

export const FREE_TRIALS_TABLE = defineTableSpec({
  search: 'id, url, comment or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    status: { filter: 'multiSelect', options: FREE_TRIAL_STATUSES, sortable: true },
    'user.email': { filter: 'text', sortable: true },
    'service.name': { filter: 'select', valueType: 'int', sortable: true },
    'quest.name': { filter: 'select', valueType: 'int', sortable: true },
    url: { filter: 'text' },
    quantity: { filter: 'numberRange', sortable: true },
    comment: { filter: 'text' },
    adminNote: { filter: 'text' },
    orderId: { filter: 'select', valueType: 'bigint', sortable: true },
    archive: { filter: 'select', options: ARCHIVE_STATES },
    createdAt: { filter: 'dateRange', sortable: true },
    decidedAt: { filter: 'dateRange', sortable: true },
  },
});

export const FREE_TRIAL_QUESTS_TABLE = defineTableSpec({
  search: 'id, name, description or task link',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    kind: { filter: 'multiSelect', options: FREE_TRIAL_QUEST_KINDS, sortable: true },
    'service.name': { filter: 'select', valueType: 'int', sortable: true },
    quantity: { filter: 'numberRange', sortable: true },
    perUserLimit: { sortable: true },
    isEnabled: { filter: 'boolean', sortable: true },
    archive: { filter: 'select', options: ARCHIVE_STATES },
    requestsCount: { sortable: true },
    pendingCount: { sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});
