import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client';
import { setSettingIfAbsent } from '../db/settings';

/**
 * The token signing secret: JWT_SECRET when set; otherwise 48 random bytes generated on the
 * first start and kept in the settings table, so tokens survive a restart.
 */
export async function resolveJwtSecret(q: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return setSettingIfAbsent(q, 'jwtSecret', randomBytes(48).toString('base64url'));
}
