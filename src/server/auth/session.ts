import { eq } from 'drizzle-orm';
import { writeAudit } from '../audit';
import { staffMembers } from '../db/schema/staff';
import { getSettings } from '../db/settings';
import type { Actor, AppDeps, StaffContext } from '../http/context';
import { fieldError, tooManyRequests, unauthenticated } from '../http/errors';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from './password';
import { authServices } from './services';
import { bumpTokenVersion, normalizeEmail, signInRefusal } from './staff';
import { emailThrottleKey, ipThrottleKey } from './throttle';
import { signAccessToken } from './tokens';

export const CAPTCHA_FIELD = 'g-recaptcha-response';
export const WRONG_CREDENTIALS = 'These credentials do not match our records.';

export interface LoginInput {
  email: string;
  password: string;
  captchaResponse: string;
}

/**
 * Checks a login and issues a token: throttle, then captcha (when enabled), then credentials,
 * then the member's status. Wrong credentials count against the e-mail and the address; a
 * success clears the e-mail's count. Answers 422 Laravel-style on the field at fault.
 */
export async function login(deps: AppDeps, input: LoginInput, actor: Actor): Promise<{ token: string; staffId: number }> {
  const { db } = deps.database;
  const { captcha, throttle } = authServices(deps);
  const email = normalizeEmail(input.email);
  const emailKey = emailThrottleKey(email);
  // Without a known address only the e-mail is counted: one shared "unknown" bucket would let
  // one client lock everybody out.
  const keys = actor.ip ? [emailKey, ipThrottleKey(actor.ip)] : [emailKey];

  const wait = throttle.retryAfter(keys);
  if (wait > 0) throw tooManyRequests(wait);

  const { captchaIsEnabled } = await getSettings(db, ['captchaIsEnabled']);
  if (captchaIsEnabled) {
    if (!input.captchaResponse) throw fieldError(CAPTCHA_FIELD, 'The g-recaptcha-response field is required.');
    if (!(await captcha.verify(input.captchaResponse, actor.ip))) {
      throw fieldError(CAPTCHA_FIELD, 'The captcha was not confirmed. Please try again.');
    }
  }

  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, email));
  // Unknown e-mails still pay for one hash, so timing does not tell which accounts exist.
  const passwordOk = await verifyPassword(input.password, member?.passwordHash ?? (await timingDummyHash()));
  if (!member || !passwordOk) {
    throttle.recordFailure(keys);
    throw fieldError('email', WRONG_CREDENTIALS);
  }
  const refusal = signInRefusal(member);
  if (refusal) throw fieldError('email', refusal);
  throttle.clear(emailKey);

  await db.transaction(async (tx) => {
    if (needsRehash(member.passwordHash)) {
      await tx.update(staffMembers).set({ passwordHash: await hashPassword(input.password) }).where(eq(staffMembers.id, member.id));
    }
    await writeAudit(tx, { ...actor, staffId: member.id }, { event: 'login', auditableType: 'staff_member', auditableId: member.id });
  });
  const token = await signAccessToken(deps.config.jwtSecret, { staffId: member.id, tokenVersion: member.tokenVersion }, deps.config.tokenTtlSeconds);
  return { token, staffId: member.id };
}

/**
 * A new token for the signed-in member; the version bump makes every earlier token invalid.
 * Only one of two refreshes racing with the same token wins; the other gets a 401.
 */
export async function refreshToken(deps: AppDeps, staff: StaffContext): Promise<string> {
  const version = await bumpTokenVersion(deps.database.db, staff.id, staff.tokenVersion);
  if (version === null) throw unauthenticated();
  return signAccessToken(deps.config.jwtSecret, { staffId: staff.id, tokenVersion: version }, deps.config.tokenTtlSeconds);
}

/** Revokes every token of the member and records the logout. */
export async function logout(deps: AppDeps, staff: StaffContext, actor: Actor): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await bumpTokenVersion(tx, staff.id);
    await writeAudit(tx, actor, { event: 'logout', auditableType: 'staff_member', auditableId: staff.id });
  });
}

/** The `authorization` response header value carrying a token. */
export const bearerHeader = (token: string) => `Bearer ${token}`;
