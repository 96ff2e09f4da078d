import { sql } from 'drizzle-orm';
import { one, rows, type Queryable } from '../db/client';
import type { Actor } from '../deps';

/**
 * Staff sessions: one per sign-in (a browser, a device, the installed app), table staff_sessions.
 * Each token names its session and the session's version; a refresh bumps that version only, so
 * refreshing on one device never signs out another. Ending a session (logout, the profile's
 * sessions list, the staff screen) makes its tokens stop working at once; bumping the member's
 * token version (auth/staff.ts bumpTokenVersion: freeze, deactivate, sign out everywhere) ends
 * every session of the member.
 */

export interface SessionRow {
  id: number;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

const expiresAt = (ttlSeconds: number, now = Date.now()) => new Date(now + ttlSeconds * 1000).toISOString();

/** Opens a session for a sign-in; returns its id (version 0). */
export async function openSession(q: Queryable, staffId: number, actor: Actor, ttlSeconds: number): Promise<number> {
  const row = await one<{ id: number }>(
    q,
    sql`INSERT INTO staff_sessions (staff_id, expires_at, ip_address, user_agent)
        VALUES (${staffId}, ${expiresAt(ttlSeconds)}::timestamptz, ${actor.ip}, ${actor.userAgent?.slice(0, 500) ?? null})
        RETURNING id`,
  );
  return row!.id;
}

/**
 * Moves an open session to its next version (a refresh), only from `expected`: of two refreshes
 * racing with one token only one wins. Returns the new version, or null when the session is over
 * or already moved on.
 */
export async function advanceSession(
  q: Queryable,
  sessionId: number,
  staffId: number,
  expected: number,
  actor: Actor,
  ttlSeconds: number,
): Promise<number | null> {
  const row = await one<{ version: number }>(
    q,
    sql`UPDATE staff_sessions
           SET version = version + 1, last_used_at = now(), expires_at = ${expiresAt(ttlSeconds)}::timestamptz,
               ip_address = coalesce(${actor.ip}, ip_address)
         WHERE id = ${sessionId} AND staff_id = ${staffId} AND version = ${expected} AND ended_at IS NULL
     RETURNING version`,
  );
  return row ? Number(row.version) : null;
}

/** Ends one session of a member; false when it was not open (or not theirs). */
export async function endSession(q: Queryable, staffId: number, sessionId: number): Promise<boolean> {
  const ended = await rows(
    q,
    sql`UPDATE staff_sessions SET ended_at = now() WHERE id = ${sessionId} AND staff_id = ${staffId} AND ended_at IS NULL RETURNING id`,
  );
  return ended.length > 0;
}

/** Ends every open session of a member (called by bumpTokenVersion). */
export async function endAllSessions(q: Queryable, staffId: number): Promise<void> {
  await q.execute(sql`UPDATE staff_sessions SET ended_at = now() WHERE staff_id = ${staffId} AND ended_at IS NULL`);
}

/** The member's open sessions (not ended, last token not expired), the most recently used first. */
export async function listSessions(q: Queryable, staffId: number): Promise<SessionRow[]> {
  return rows<SessionRow>(
    q,
    sql`SELECT id,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
               to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "lastUsedAt",
               to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "expiresAt",
               ip_address AS "ipAddress", user_agent AS "userAgent"
          FROM staff_sessions
         WHERE staff_id = ${staffId} AND ended_at IS NULL AND expires_at > now()
         ORDER BY last_used_at DESC, id DESC
         LIMIT 200`,
  );
}
