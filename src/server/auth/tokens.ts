import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { INT4_MAX } from '../../contract/fields';

/**
 * Access tokens: HS256 JWTs with `sub` (staff id), `sid` (the sign-in's session, auth/sessions.ts),
 * `ver` (that session's version at issue), `iat`, `exp` and a unique `jti`. A token is valid only
 * while its session is open and `ver` equals the session's version, so a refresh revokes the
 * session's earlier tokens and nobody else's.
 *
 * A token without `sid` was issued before sessions existed: its `ver` is the member's token_version
 * (it stays valid until it expires, at most 30 minutes, and its refresh opens a session).
 */
export interface TokenClaims {
  staffId: number;
  tokenVersion: number;
  sessionId?: number;
}

const ALGORITHM = 'HS256';
const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: TokenClaims,
  ttlSeconds: number,
  /** Issue time in ms; tests pass a past time to get an expired token. */
  now: number = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT(claims.sessionId === undefined ? { ver: claims.tokenVersion } : { ver: claims.tokenVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.staffId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(key(secret));
}

/** The claims of a valid, unexpired token, or null for anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'iat', 'jti'] });
    const staffId = Number(payload.sub);
    const tokenVersion = payload.ver;
    // Ids and versions are 32-bit columns: anything beyond is no token of ours (and never reaches a query).
    if (!Number.isSafeInteger(staffId) || staffId <= 0 || staffId > INT4_MAX) return null;
    if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion) || Math.abs(tokenVersion) > INT4_MAX) return null;
    if (payload.sid === undefined) return { staffId, tokenVersion };
    const sessionId = payload.sid;
    if (typeof sessionId !== 'number' || !Number.isSafeInteger(sessionId) || sessionId <= 0 || sessionId > INT4_MAX) return null;
    return { staffId, tokenVersion, sessionId };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
