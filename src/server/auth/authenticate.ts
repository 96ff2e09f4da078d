import type { AppContext } from '../http/context';
import type { AppDeps, StaffContext } from '../deps';
import { unauthenticated } from '../http/errors';
import { loadStaffContext } from './staff';
import { bearerToken, verifyAccessToken } from './tokens';

/**
 * The first step of the request pipeline: the bearer token must be a valid,
 * unexpired token of an existing member who may sign in, of an open session at its current version
 * (auth/sessions.ts; a token from before sessions: at the member's current token version).
 * Anything else is a 401 `{message}`, which the console answers by logging out.
 */
export async function authenticate(c: AppContext, deps: AppDeps): Promise<StaffContext> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw unauthenticated();
  const claims = await verifyAccessToken(deps.config.jwtSecret, token);
  if (!claims) throw unauthenticated();
  const session = claims.sessionId === undefined ? undefined : { id: claims.sessionId, version: claims.tokenVersion };
  const staff = await loadStaffContext(deps.database.db, claims.staffId, session);
  if (!staff || staff.tokenVersion !== claims.tokenVersion) throw unauthenticated();
  return staff;
}
