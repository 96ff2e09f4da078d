import { sql, type SQL } from 'drizzle-orm';
import type { UserBulkAction } from '../../../contract/users';
import { USER_ACTIONS } from '../../../contract/users/actions';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { userRecord } from './records';

/**
 * Freeze, deactivate and activate: each a declared transition (one conditional update in the
 * caller's transaction, audit of status and both timestamps, change log), answering "User 12 is
 * already frozen." when the user is in the target state. Verb, from-statuses and endpoint are the
 * contract's USER_ACTIONS; the permission is the endpoint's.
 */
const userTransition = (action: UserBulkAction, set: SQL) => {
  const { past: event, from, endpoint } = USER_ACTIONS[action];
  return defineTransition({
    record: userRecord,
    action,
    event,
    from,
    set,
    permission: endpointPermission(endpoint),
    audit: ['status', 'frozenAt', 'deactivatedAt'],
    returning: ['email'],
    conflict: (id, status) => `User ${id} is already ${status}.`,
    information: (change) => `User ${change.row.email} ${event} (was ${change.from}).`,
  });
};

export const userTransitions = {
  freeze: userTransition('freeze', sql`status = 'frozen', frozen_at = now(), deactivated_at = NULL`),
  deactivate: userTransition('deactivate', sql`status = 'deactivated', deactivated_at = now(), frozen_at = NULL`),
  activate: userTransition('activate', sql`status = 'active', frozen_at = NULL, deactivated_at = NULL`),
} satisfies Record<UserBulkAction, unknown>;
