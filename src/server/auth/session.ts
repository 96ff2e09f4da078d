import { eq } from 'drizzle-orm';
import { writeAudit } from '../audit';
import { staffMembers } from '../db/schema/staff';
import { getSettings } from '../db/settings';
import type { Actor, AppDeps, StaffContext } from '../http/context';
import { fieldError, tooManyRequests, unauthenticated } from '../http/errors';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from './password';
import { authServices } from './services';
import { bumpTokenVersion, normalizeEmail, signInRefusal } from './staff';
import { advanceSession, endSession, openSession } from './sessions';
import { signAccessToken } from './tokens';

export const CAPTCHA_FIELD = 'g-recaptcha-response';
export const WRONG_CREDENTIALS = 'These credentials do not match our records.';
/** The captcha field's message when repeated failures ask for one (the console then shows the captcha). */
export const CAPTCHA_DEMANDED = 'Too many failed sign-ins for this account: confirm you are not a robot.';

export interface LoginInput {
  email: string;
  password: string;
  captchaResponse: string;
}

/**
 * Checks a login and opens a session: throttle (auth/throttle.ts), then captcha (always when
 * enabled; after repeated failures of the account when a site key is configured), then
 * credentials, then the member's status. A failure counts against the account at this address,
 * the address and the account; a success clears the account's counts. Answers 422 Laravel-style
 * on the field at fault, 429 with Retry-After while the account is delayed at this address.
 */
export async function login(deps: AppDeps, input: LoginInput, actor: Actor): Promise<{ token: string; staffId: number; sessionId: number }> {
  const { db } = deps.database;
  const { captcha, throttle } = authServices(deps);
  const attempt = { account: normalizeEmail(input.email), address: actor.ip };

  const verdict = await throttle.check(db, attempt);
  if (verdict.retryAfter > 0) throw tooManyRequests(verdict.retryAfter);

  const { captchaIsEnabled, captchaSiteKey } = await getSettings(db, ['captchaIsEnabled', 'captchaSiteKey']);
  const captchaDemanded = !captchaIsEnabled && verdict.captchaRequired && !!captchaSiteKey;
  if (captchaIsEnabled || captchaDemanded) {
    if (!input.captchaResponse) throw fieldError(CAPTCHA_FIELD, captchaDemanded ? CAPTCHA_DEMANDED : 'The g-recaptcha-response field is required.');
    if (!(await captcha.verify(input.captchaResponse, actor.ip))) {
      throw fieldError(CAPTCHA_FIELD, 'The captcha was not confirmed. Please try again.');
    }
  }

  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, attempt.account));
  // Unknown e-mails still pay for one hash, so timing does not tell which accounts exist.
  const passwordOk = await verifyPassword(input.password, member?.passwordHash ?? (await timingDummyHash()));
  if (!member || !passwordOk) {
    await throttle.recordFailure(db, attempt);
    throw fieldError('email', WRONG_CREDENTIALS);
  }
  const refusal = signInRefusal(member);
  if (refusal) throw fieldError('email', refusal);
  await throttle.recordSuccess(db, attempt);

  const sessionId = await db.transaction(async (tx) => {
    if (needsRehash(member.passwordHash)) {
      await tx.update(staffMembers).set({ passwordHash: await hashPassword(input.password) }).where(eq(staffMembers.id, member.id));
    }
    await writeAudit(tx, { ...actor, staffId: member.id }, { event: 'login', auditableType: 'staff_member', auditableId: member.id });
    return openSession(tx, member.id, actor, deps.config.tokenTtlSeconds);
  });
  const token = await signAccessToken(deps.config.jwtSecret, { staffId: member.id, tokenVersion: 0, sessionId }, deps.config.tokenTtlSeconds);
  return { token, staffId: member.id, sessionId };
}

/**
 * A new token for the signed-in member's session; its earlier tokens stop working, the member's
 * other sessions are untouched. Only one of two refreshes racing with the same token wins; the
 * other gets a 401. A token from before sessions existed is moved into a new session.
 */
export async function refreshToken(deps: AppDeps, staff: StaffContext, actor?: Actor): Promise<string> {
  const { db } = deps.database;
  const ttl = deps.config.tokenTtlSeconds;
  const who: Actor = actor ?? { staffId: staff.id, ip: null, userAgent: null };
  if (staff.sessionId === undefined) {
    const version = await bumpTokenVersion(db, staff.id, staff.tokenVersion);
    if (version === null) throw unauthenticated();
    const sessionId = await openSession(db, staff.id, who, ttl);
    return signAccessToken(deps.config.jwtSecret, { staffId: staff.id, tokenVersion: 0, sessionId }, ttl);
  }
  const version = await advanceSession(db, staff.sessionId, staff.id, staff.tokenVersion, who, ttl);
  if (version === null) throw unauthenticated();
  return signAccessToken(deps.config.jwtSecret, { staffId: staff.id, tokenVersion: version, sessionId: staff.sessionId }, ttl);
}

/** Ends this sign-in's session only (other devices stay signed in) and records the logout. */
export async function logout(deps: AppDeps, staff: StaffContext, actor: Actor): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    // A token from before sessions has no session of its own: it ends with the member's version.
    if (staff.sessionId === undefined) await bumpTokenVersion(tx, staff.id, staff.tokenVersion);
    else await endSession(tx, staff.id, staff.sessionId);
    await writeAudit(tx, actor, { event: 'logout', auditableType: 'staff_member', auditableId: staff.id });
  });
}

/** The `authorization` response header value carrying a token. */
export const bearerHeader = (token: string) => `Bearer ${token}`;
