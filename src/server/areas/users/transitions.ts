import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../contract/permissions';
import type { UserBulkAction, UserStatus } from '../../../contract/users';
import { defineTransition } from '../../kit/transition';
import { userRecord } from './records';

/**
 * Freeze, deactivate and activate (operations.md §4 "User"): each a declared transition (one
 * conditional update in the caller's transaction, audit of status and both timestamps, change
 * log), answering "User 12 is already frozen." when the user is in the target state.
 */
const userTransition = (action: UserBulkAction, event: string, from: UserStatus[], set: SQL, permission: Permission) =>
  defineTransition({
    record: userRecord,
    action,
    event,
    from,
    set,
    permission,
    audit: ['status', 'frozenAt', 'deactivatedAt'],
    returning: ['email'],
    conflict: (id, status) => `User ${id} is already ${status}.`,
    information: (change) => `User ${change.row.email} ${event} (was ${change.from}).`,
  });

export const userTransitions = {
  freeze: userTransition('freeze', 'frozen', ['active', 'deactivated'], sql`status = 'frozen', frozen_at = now(), deactivated_at = NULL`, 'freezeUsers'),
  deactivate: userTransition(
    'deactivate',
    'deactivated',
    ['active', 'frozen'],
    sql`status = 'deactivated', deactivated_at = now(), frozen_at = NULL`,
    'deactivateUsers',
  ),
  activate: userTransition('activate', 'activated', ['frozen', 'deactivated'], sql`status = 'active', frozen_at = NULL, deactivated_at = NULL`, 'activateUsers'),
} satisfies Record<UserBulkAction, unknown>;
