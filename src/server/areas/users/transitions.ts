import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../contract/permissions';
import type { UserBulkAction, UserStatus } from '../../../contract/users';
import { writeAudit, writeChangeLog } from '../../audit';
import { rows, type Queryable } from '../../db/client';
import type { Actor } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { utcText } from '../../table';

/**
 * Freeze, deactivate and activate (operations.md §4 "User"). Each is a conditional update inside
 * the caller's transaction — it changes only users whose current status allows it, and reads the
 * old values under the same row lock — so two staff members acting at once cannot both succeed,
 * and the audit entry always records what was really there before.
 */
interface Transition {
  to: UserStatus;
  from: readonly UserStatus[];
  permission: Permission;
  /** Audit event and the verb of messages. */
  event: string;
  set: SQL;
}

export const TRANSITIONS: Record<UserBulkAction, Transition> = {
  freeze: {
    to: 'frozen',
    from: ['active', 'deactivated'],
    permission: 'freezeUsers',
    event: 'frozen',
    set: sql`status = 'frozen', frozen_at = now(), deactivated_at = NULL, updated_at = now()`,
  },
  deactivate: {
    to: 'deactivated',
    from: ['active', 'frozen'],
    permission: 'deactivateUsers',
    event: 'deactivated',
    set: sql`status = 'deactivated', deactivated_at = now(), frozen_at = NULL, updated_at = now()`,
  },
  activate: {
    to: 'active',
    from: ['frozen', 'deactivated'],
    permission: 'activateUsers',
    event: 'activated',
    set: sql`status = 'active', frozen_at = NULL, deactivated_at = NULL, updated_at = now()`,
  },
};

interface ChangedRow {
  id: number;
  email: string;
  old_status: UserStatus;
  old_frozen_at: string | null;
  old_deactivated_at: string | null;
  new_status: UserStatus;
  new_frozen_at: string | null;
  new_deactivated_at: string | null;
}

export interface TransitionFailure {
  id: number;
  reason: 'not_found' | 'conflict';
  message: string;
}

export interface TransitionResult {
  done: number[];
  failed: TransitionFailure[];
}

/**
 * Applies one action to the listed users: changes those whose status allows it, writes an audit
 * entry and a change-log entry for each, and explains every other id (no such user, or already in
 * the target state). Run it inside a transaction.
 */
export async function applyTransition(q: Queryable, actor: Actor, action: UserBulkAction, userIds: readonly number[]): Promise<TransitionResult> {
  const t = TRANSITIONS[action];
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return { done: [], failed: [] };

  const changed = await rows<ChangedRow>(
    q,
    sql`WITH old AS (
          SELECT id, status, frozen_at, deactivated_at FROM users
           WHERE id IN ${ids} AND status IN ${[...t.from]}
           FOR UPDATE
        )
        UPDATE users u SET ${t.set}
          FROM old
         WHERE u.id = old.id
        RETURNING u.id, u.email,
          old.status AS old_status, ${utcText(sql`old.frozen_at`)} AS old_frozen_at,
          ${utcText(sql`old.deactivated_at`)} AS old_deactivated_at,
          u.status AS new_status, ${utcText(sql`u.frozen_at`)} AS new_frozen_at,
          ${utcText(sql`u.deactivated_at`)} AS new_deactivated_at`,
  );

  for (const row of changed) {
    await writeAudit(q, actor, {
      event: t.event,
      auditableType: 'user',
      auditableId: row.id,
      oldValues: { status: row.old_status, frozen_at: row.old_frozen_at, deactivated_at: row.old_deactivated_at },
      newValues: { status: row.new_status, frozen_at: row.new_frozen_at, deactivated_at: row.new_deactivated_at },
    });
    await writeChangeLog(q, actor, {
      actionType: action,
      modelType: 'user',
      modelId: row.id,
      information: `User ${row.email} ${t.event} (was ${row.old_status}).`,
    });
  }

  const doneIds = new Set(changed.map((r) => r.id));
  const rest = ids.filter((id) => !doneIds.has(id));
  const failed: TransitionResult['failed'] = [];
  if (rest.length) {
    const existing = await rows<{ id: number; status: UserStatus }>(q, sql`SELECT id, status FROM users WHERE id IN ${rest}`);
    const statusOf = new Map(existing.map((r) => [r.id, r.status]));
    for (const id of rest) {
      const status = statusOf.get(id);
      failed.push(
        status === undefined
          ? { id, reason: 'not_found', message: `User ${id} not found.` }
          : { id, reason: 'conflict', message: `User ${id} is already ${status}.` },
      );
    }
  }
  return { done: ids.filter((id) => doneIds.has(id)), failed };
}

/** One user: throws 404 when there is no such user and 409 when the action does not apply. */
export async function transitionOne(q: Queryable, actor: Actor, action: UserBulkAction, userId: number): Promise<void> {
  const { failed } = await applyTransition(q, actor, action, [userId]);
  const [failure] = failed;
  if (failure) throw failure.reason === 'not_found' ? notFound('User') : conflict(failure.message);
}
