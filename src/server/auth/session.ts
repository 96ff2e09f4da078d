import { eq } from 'drizzle-orm';
import { writeAudit } from '../audit';
import { staffMembers } from '../db/schema/staff';
import { getSettings } from '../db/settings';
import type { Actor, AppDeps, StaffContext } from '../deps';
import { fieldError, tooManyRequests, unauthenticated } from '../http/errors';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from './password';
import { authServices } from './services';
import { bumpTokenVersion, loadStaffContext, normalizeEmail, signInRefusal } from './staff';
import {
  beginEnrolment,
  confirmEnrolment,
  readChallenge,
  signChallenge,
  twoFactorRequiredFor,
  twoFactorState,
  verifySecondFactor,
  type ChallengePurpose,
} from './twoFactor';
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
export type LoginOutcome =
  | { token: string; staffId: number; sessionId: number }
  /** The password was right; the sign-in completes with a code (auth/twoFactor.ts). */
  | { twoFactor: ChallengePurpose; challenge: string; staffId: number };

export async function login(deps: AppDeps, input: LoginInput, actor: Actor): Promise<LoginOutcome> {
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
  if (needsRehash(member.passwordHash)) {
    await db
      .update(staffMembers)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(staffMembers.id, member.id));
  }

  // A second factor: asked for when the member has one, or enrolled now when the panel requires
  // it of them. The account's failure count is cleared only when the whole sign-in succeeds.
  const second = await twoFactorState(db, member.id);
  const context = second.enabled ? null : await loadStaffContext(db, member.id);
  if (second.enabled || (context && (await twoFactorRequiredFor(db, context.permissions)))) {
    const purpose: ChallengePurpose = second.enabled ? 'verify' : 'setup';
    return { twoFactor: purpose, challenge: await signChallenge(deps.config.jwtSecret, member.id, purpose), staffId: member.id };
  }
  await throttle.recordSuccess(db, attempt);
  return completeSignIn(deps, member.id, actor, 'login');
}

/** Opens the sign-in's session and its first token, with the audit entry. */
async function completeSignIn(deps: AppDeps, staffId: number, actor: Actor, event: string): Promise<{ token: string; staffId: number; sessionId: number }> {
  const sessionId = await deps.database.db.transaction(async (tx) => {
    await writeAudit(tx, { ...actor, staffId }, { event, auditableType: 'staff_member', auditableId: staffId });
    return openSession(tx, staffId, actor, deps.config.tokenTtlSeconds);
  });
  const token = await signAccessToken(deps.config.jwtSecret, { staffId, tokenVersion: 0, sessionId }, deps.config.tokenTtlSeconds);
  return { token, staffId, sessionId };
}

export const CHALLENGE_EXPIRED = 'The sign-in has expired. Sign in again.';
export const WRONG_CODE = 'The code is not valid. Enter the current code from your app, or a recovery code.';

/** The member of a live challenge who may still sign in, or a 422 on `field`. */
async function challengedMember(deps: AppDeps, challenge: string, purpose: ChallengePurpose, field: string) {
  const claims = await readChallenge(deps.config.jwtSecret, challenge);
  if (!claims || claims.purpose !== purpose) throw fieldError(field, CHALLENGE_EXPIRED);
  const [member] = await deps.database.db.select().from(staffMembers).where(eq(staffMembers.id, claims.staffId));
  if (!member) throw fieldError(field, CHALLENGE_EXPIRED);
  const refusal = signInRefusal(member);
  if (refusal) throw fieldError(field, refusal);
  return member;
}

/** An enrolment during a sign-in the panel requires a second factor for. */
export async function beginSignInEnrolment(deps: AppDeps, challenge: string): Promise<{ secret: string; uri: string }> {
  const member = await challengedMember(deps, challenge, 'setup', 'challenge');
  return beginEnrolment(deps.database.db, member.id, member.email);
}

/**
 * The second step of a sign-in: a code (or recovery code) for a 'verify' challenge, the new app's
 * first code for a 'setup' one (then the recovery codes come back once). Wrong codes count in the
 * login throttle like wrong passwords, per account and address.
 */
export async function loginWithCode(
  deps: AppDeps,
  input: { challenge: string; code: string },
  actor: Actor,
): Promise<{ token: string; staffId: number; sessionId: number; recoveryCodes?: string[] }> {
  const { db } = deps.database;
  const { throttle } = authServices(deps);
  const claims = await readChallenge(deps.config.jwtSecret, input.challenge);
  if (!claims) throw fieldError('code', CHALLENGE_EXPIRED);
  const member = await challengedMember(deps, input.challenge, claims.purpose, 'code');
  const attempt = { account: normalizeEmail(member.email), address: actor.ip };
  const verdict = await throttle.check(db, attempt);
  if (verdict.retryAfter > 0) throw tooManyRequests(verdict.retryAfter);

  let recoveryCodes: string[] | undefined;
  if (claims.purpose === 'setup') {
    recoveryCodes = (await confirmEnrolment(db, member.id, input.code)) ?? undefined;
    if (!recoveryCodes) {
      await throttle.recordFailure(db, attempt);
      throw fieldError('code', 'The code is not valid. Enter the current code from your app.');
    }
  } else if (!(await verifySecondFactor(db, member.id, input.code))) {
    await throttle.recordFailure(db, attempt);
    throw fieldError('code', WRONG_CODE);
  }
  await throttle.recordSuccess(db, attempt);
  const signedIn = await completeSignIn(deps, member.id, actor, claims.purpose === 'setup' ? 'login_two_factor_enrolled' : 'login');
  return { ...signedIn, recoveryCodes };
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
