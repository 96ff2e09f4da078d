import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PASSWORD_LINK_TTL_HOURS, type PasswordLink } from '../../../contract/staff';
import { one, type Queryable } from '../../db/client';
import { utcText } from '../../table';
import type { Mailer } from './mailer';

/** One-time password links: the token travels once (to the administrator, or by e-mail); only its hash is stored. */

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A link written in the save's transaction, to be mailed once that has committed. */
export interface NewPasswordLink {
  member: { email: string; name: string };
  url: string;
  expiresAt: string;
  panelName: string;
}

/** Replaces the member's unused links with a new one (inside the caller's transaction). */
export async function createPasswordLink(
  tx: Queryable,
  member: { id: number; email: string; name: string },
  origin: string,
  panelName: string,
): Promise<NewPasswordLink> {
  const token = randomBytes(24).toString('base64url');
  await tx.execute(sql`DELETE FROM staff_password_links WHERE staff_id = ${member.id} AND used_at IS NULL`);
  const row = await one<{ expires_at: string }>(
    tx,
    sql`INSERT INTO staff_password_links (staff_id, token_hash, expires_at)
        VALUES (${member.id}, ${hashLinkToken(token)}, now() + make_interval(hours => ${PASSWORD_LINK_TTL_HOURS}))
        RETURNING ${utcText(sql`expires_at`)} AS expires_at`,
  );
  return { member: { email: member.email, name: member.name }, url: `${origin}/set-password/${token}`, expiresAt: row!.expires_at, panelName };
}

/**
 * Mails a link when e-mail is configured. Called after the transaction that wrote the link has
 * committed: a slow or hanging mail relay then holds no row lock and no connection of the pool.
 */
export async function mailPasswordLink(mailer: Mailer, { member, url, expiresAt, panelName }: NewPasswordLink): Promise<PasswordLink> {
  const mail = await mailer.send({
    to: member.email,
    subject: `${panelName}: set your password`,
    text: `Hello ${member.name},\n\nSet your password for ${panelName} here (the link works once, until ${expiresAt} UTC):\n${url}\n`,
  });
  return { url, expiresAt, mailed: mail.sent, mail: mail.message };
}

export interface LinkOwner {
  link_id: number;
  staff_id: number;
  name: string;
  email: string;
  expires_at: string;
}

/** The member a usable link belongs to (unused, unexpired, member not deactivated), or undefined. */
export async function findLinkOwner(q: Queryable, token: string, lock = false): Promise<LinkOwner | undefined> {
  return one<LinkOwner>(
    q,
    sql`SELECT l.id AS link_id, m.id AS staff_id, m.name, m.email, ${utcText(sql`l.expires_at`)} AS expires_at
        FROM staff_password_links l JOIN staff_members m ON m.id = l.staff_id
        WHERE l.token_hash = ${hashLinkToken(token)} AND l.used_at IS NULL AND l.expires_at > now()
          AND m.is_active AND m.deactivated_at IS NULL
        ${lock ? sql`FOR UPDATE OF l` : sql``}`,
  );
}
