import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Permission } from '../../contract/permissions';
import type { Queryable } from '../db/client';
import { staffTwoFactor } from '../db/schema/security';
import { getSettings } from '../db/settings';

/**
 * Optional two-factor sign-in (docs/security.md): TOTP codes from an authenticator app (otplib,
 * RFC 6238: 6 digits, 30-second steps, one step of clock drift either way) or a single-use
 * recovery code. Required for members with manageStaff when the panel setting
 * `staffTwoFactorRequired` is on; such a member enrols during sign-in.
 *
 * Between the password and the code the member holds a challenge: a short-lived token signed with
 * a key derived from the token secret and a purpose of its own, so it can never pass for an access
 * token (auth/tokens.ts), and it is only good for the second step.
 */

export const TWO_FACTOR_ISSUER = 'Panel Console';
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step may take after the password (seconds). */
export const CHALLENGE_TTL_SECONDS = 300;
/** One 30-second step either way: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Who must use a second factor when the setting is on. */
export const TWO_FACTOR_REQUIRED_PERMISSION: Permission = 'manageStaff';

export type ChallengePurpose = 'verify' | 'setup';

const challengeKey = (secret: string) => createHash('sha256').update(`${secret}:two-factor-challenge`).digest();

export async function signChallenge(jwtSecret: string, staffId: number, purpose: ChallengePurpose, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ purpose: `two-factor-${purpose}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(staffId))
    .setAudience('two-factor')
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHALLENGE_TTL_SECONDS)
    .sign(challengeKey(jwtSecret));
}

/** The member and purpose of a valid challenge, or null. */
export async function readChallenge(jwtSecret: string, challenge: string): Promise<{ staffId: number; purpose: ChallengePurpose } | null> {
  try {
    const { payload } = await jwtVerify(challenge, challengeKey(jwtSecret), { algorithms: ['HS256'], audience: 'two-factor', requiredClaims: ['sub', 'exp'] });
    const staffId = Number(payload.sub);
    if (!Number.isSafeInteger(staffId) || staffId <= 0 || staffId > 2147483647) return null;
    if (payload.purpose === 'two-factor-verify') return { staffId, purpose: 'verify' };
    if (payload.purpose === 'two-factor-setup') return { staffId, purpose: 'setup' };
    return null;
  } catch {
    return null;
  }
}

export interface TwoFactorState {
  enabled: boolean;
  /** An enrolment was started and waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorState(q: Queryable, staffId: number): Promise<TwoFactorState> {
  const [row] = await q.select().from(staffTwoFactor).where(eq(staffTwoFactor.staffId, staffId));
  return { enabled: !!row?.confirmedAt, pending: !!row && !row.confirmedAt, recoveryCodesLeft: row?.confirmedAt ? row.recoveryCodeHashes.length : 0 };
}

export async function twoFactorRequiredFor(q: Queryable, permissions: ReadonlySet<Permission>): Promise<boolean> {
  if (!permissions.has(TWO_FACTOR_REQUIRED_PERMISSION)) return false;
  const { staffTwoFactorRequired } = await getSettings(q, ['staffTwoFactorRequired']);
  return staffTwoFactorRequired;
}

/** Starts (or restarts) an enrolment: a new secret, not yet asked for at sign-in. */
export async function beginEnrolment(q: Queryable, staffId: number, email: string): Promise<{ secret: string; uri: string }> {
  const [existing] = await q.select({ confirmedAt: staffTwoFactor.confirmedAt }).from(staffTwoFactor).where(eq(staffTwoFactor.staffId, staffId));
  if (existing?.confirmedAt) throw new TwoFactorError('Two-factor sign-in is already on. Turn it off first to use another app.');
  const secret = generateSecret();
  await q
    .insert(staffTwoFactor)
    .values({ staffId, secret })
    .onConflictDoUpdate({ target: staffTwoFactor.staffId, set: { secret, confirmedAt: null, lastTimeStep: null, recoveryCodeHashes: [] } });
  return { secret, uri: generateURI({ issuer: TWO_FACTOR_ISSUER, label: email, secret }) };
}

export class TwoFactorError extends Error {}

const hashCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Ten codes like `4f7k-9q2m-x8pd` (base32 letters without look-alikes). */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

async function verifyTotp(secret: string, code: string, afterTimeStep: number | null, now: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Confirms an enrolment with its first code; answers the recovery codes (shown once). */
export async function confirmEnrolment(q: Queryable, staffId: number, code: string, now = Date.now()): Promise<string[] | null> {
  const [row] = await q.select().from(staffTwoFactor).where(eq(staffTwoFactor.staffId, staffId));
  if (!row || row.confirmedAt) return null;
  const step = await verifyTotp(row.secret, code.trim(), null, now);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  await q
    .update(staffTwoFactor)
    .set({ confirmedAt: new Date(now), lastTimeStep: step, recoveryCodeHashes: codes.map(hashCode) })
    .where(eq(staffTwoFactor.staffId, staffId));
  return codes;
}

/**
 * Checks a sign-in code: a TOTP code newer than the last one accepted, or an unused recovery code
 * (which is then used up). Conditional updates, so two requests racing with one code cannot both win.
 */
export async function verifySecondFactor(q: Queryable, staffId: number, code: string, now = Date.now()): Promise<'totp' | 'recovery' | null> {
  const [row] = await q.select().from(staffTwoFactor).where(eq(staffTwoFactor.staffId, staffId));
  if (!row?.confirmedAt) return null;
  const trimmed = code.trim();
  const step = await verifyTotp(row.secret, trimmed, row.lastTimeStep, now);
  if (step !== null) {
    const updated = await q
      .update(staffTwoFactor)
      .set({ lastTimeStep: step })
      .where(row.lastTimeStep === null ? eq(staffTwoFactor.staffId, staffId) : sqlLastStepIs(staffId, row.lastTimeStep))
      .returning({ staffId: staffTwoFactor.staffId });
    return updated.length ? 'totp' : null;
  }
  const wanted = Buffer.from(hashCode(trimmed));
  const match = row.recoveryCodeHashes.find((h) => h.length === wanted.length && timingSafeEqual(Buffer.from(h), wanted));
  if (!match) return null;
  const remaining = row.recoveryCodeHashes.filter((h) => h !== match);
  const updated = await q
    .update(staffTwoFactor)
    .set({ recoveryCodeHashes: remaining })
    .where(sqlCodesAre(staffId, row.recoveryCodeHashes))
    .returning({ staffId: staffTwoFactor.staffId });
  return updated.length ? 'recovery' : null;
}

/** New recovery codes; the old ones stop working. */
export async function replaceRecoveryCodes(q: Queryable, staffId: number): Promise<string[] | null> {
  const codes = newRecoveryCodes();
  const updated = await q
    .update(staffTwoFactor)
    .set({ recoveryCodeHashes: codes.map(hashCode) })
    .where(eq(staffTwoFactor.staffId, staffId))
    .returning({ confirmedAt: staffTwoFactor.confirmedAt });
  return updated[0]?.confirmedAt ? codes : null;
}

export async function removeTwoFactor(q: Queryable, staffId: number): Promise<boolean> {
  const removed = await q.delete(staffTwoFactor).where(eq(staffTwoFactor.staffId, staffId)).returning({ staffId: staffTwoFactor.staffId });
  return removed.length > 0;
}

// The compare-and-set conditions of verifySecondFactor.
const sqlLastStepIs = (staffId: number, step: number) => and(eq(staffTwoFactor.staffId, staffId), eq(staffTwoFactor.lastTimeStep, step));
const sqlCodesAre = (staffId: number, hashes: string[]) =>
  and(eq(staffTwoFactor.staffId, staffId), sql`${staffTwoFactor.recoveryCodeHashes} = ${JSON.stringify(hashes)}::jsonb`);
