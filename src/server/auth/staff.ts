import { isPermission, type Permission } from '../../contract/permissions';
import { one, sql, type Queryable } from '../db/client';
import type { StaffContext } from '../deps';
import { endAllSessions } from './sessions';

/** What the status checks read from a member row. */
export interface StaffStatus {
  isActive: boolean;
  frozenAt: Date | string | null;
  deactivatedAt: Date | string | null;
}

/** A member may sign in and use tokens only while active, not frozen and not deactivated. */
export const canSignIn = (s: StaffStatus): boolean => s.isActive && !s.frozenAt && !s.deactivatedAt;

/** Why a member who gave the right password may not sign in, or null when they may. */
export function signInRefusal(s: StaffStatus): string | null {
  if (s.deactivatedAt || !s.isActive) return 'This account is deactivated.';
  if (s.frozenAt) return 'This account is frozen.';
  return null;
}

interface StaffRow {
  id: number;
  email: string;
  name: string;
  token_version: number;
  is_active: boolean;
  frozen_at: string | Date | null;
  deactivated_at: string | Date | null;
  permissions: string[] | null;
}

/**
 * The member as the request pipeline sees them, with direct and role permissions merged, or null
 * when they do not exist or may not sign in. One query per request. With `session`, the member's
 * session must also be open at that version (auth/sessions.ts), or the answer is null.
 */
export async function loadStaffContext(q: Queryable, staffId: number, session?: { id: number; version: number }): Promise<StaffContext | null> {
  const sessionOpen = session
    ? sql`EXISTS (SELECT 1 FROM staff_sessions s WHERE s.id = ${session.id} AND s.staff_id = m.id AND s.version = ${session.version} AND s.ended_at IS NULL)`
    : sql`true`;
  const row = await one<StaffRow & { session_open: boolean }>(
    q,
    sql`
      SELECT m.id, m.email, m.name, m.token_version, m.is_active, m.frozen_at, m.deactivated_at, ${sessionOpen} AS session_open,
        (SELECT json_agg(DISTINCT p.name) FROM permissions p
          WHERE p.id IN (
            SELECT sp.permission_id FROM staff_permissions sp WHERE sp.staff_id = m.id
            UNION
            SELECT rp.permission_id FROM role_permissions rp
              JOIN staff_roles sr ON sr.role_id = rp.role_id WHERE sr.staff_id = m.id
          )) AS permissions
      FROM staff_members m WHERE m.id = ${staffId}`,
  );
  if (!row || !row.session_open) return null;
  if (!canSignIn({ isActive: row.is_active, frozenAt: row.frozen_at, deactivatedAt: row.deactivated_at })) return null;
  const permissions = new Set<Permission>((row.permissions ?? []).filter(isPermission));
  return session
    ? { id: row.id, email: row.email, name: row.name, permissions, tokenVersion: session.version, sessionId: session.id }
    : { id: row.id, email: row.email, name: row.name, permissions, tokenVersion: Number(row.token_version) };
}

/**
 * Ends every session of a member and revokes every token (freeze, deactivate, sign out
 * everywhere), so a later re-activation does not bring old tokens back.
 *
 * With `expected`, it only moves the member's version on from that one, for a token issued before
 * sessions existed (auth/session.ts refreshToken): those tokens die, sessions are untouched.
 * Returns the new version, or null when nothing was updated.
 */
export async function bumpTokenVersion(q: Queryable, staffId: number, expected?: number): Promise<number | null> {
  if (expected === undefined) await endAllSessions(q, staffId);
  const row = await one<{ token_version: number }>(
    q,
    expected === undefined
      ? sql`UPDATE staff_members SET token_version = token_version + 1 WHERE id = ${staffId} RETURNING token_version`
      : sql`UPDATE staff_members SET token_version = token_version + 1
            WHERE id = ${staffId} AND token_version = ${expected} RETURNING token_version`,
  );
  return row ? Number(row.token_version) : null;
}

/** Staff e-mails are stored and compared lowercased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
