import { describe, expect, it } from 'vitest';
import { RecaptchaVerifier } from '../../../src/server/auth/captcha';
import { hashPassword, needsRehash, verifyPassword } from '../../../src/server/auth/password';
import { bearerToken, signAccessToken, verifyAccessToken } from '../../../src/server/auth/tokens';
import { diffValues } from '../../../src/server/audit';

describe('password hashing', () => {
  it('hashes with scrypt, a fresh salt and its parameters, and verifies only the same password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse ', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('never matches a malformed or hostile hash', async () => {
    for (const bad of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$3$8$1$c2FsdA==$a2V5', 'scrypt$1073741824$8$1$c2FsdA==$a2V5', 'scrypt$16384$8$1$$']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  it('verifies hashes made with older, weaker parameters and flags them for rehash', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('old password', salt, 64, { N: 16384, r: 8, p: 1 });
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });
});

describe('access tokens', () => {
  const secret = 'unit-secret-unit-secret-unit-secret-1234';

  it('carries the staff id and token version, HS256, with a unique jti and the given lifetime', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, { staffId: 42, tokenVersion: 3 }, 1800, now);
    const other = await signAccessToken(secret, { staffId: 42, tokenVersion: 3 }, 1800, now);
    expect(token).not.toBe(other);
    expect(await verifyAccessToken(secret, token)).toEqual({ staffId: 42, tokenVersion: 3 });
    const withSession = await signAccessToken(secret, { staffId: 42, tokenVersion: 5, sessionId: 9 }, 1800, now);
    expect(await verifyAccessToken(secret, withSession)).toEqual({ staffId: 42, tokenVersion: 5, sessionId: 9 });
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: '42', ver: 3, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 1800 });
    expect(payload.jti).toEqual(expect.any(String));
  });

  it('rejects expired tokens, other secrets, tampering and unsigned tokens', async () => {
    const expired = await signAccessToken(secret, { staffId: 1, tokenVersion: 0 }, 60, Date.now() - 61_000);
    expect(await verifyAccessToken(secret, expired)).toBeNull();
    const good = await signAccessToken(secret, { staffId: 1, tokenVersion: 0 }, 60);
    expect(await verifyAccessToken('other-secret-other-secret-other-secret', good)).toBeNull();
    const [h, , s] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '2', ver: 0, iat: 1, exp: 9999999999, jti: 'x' })).toString('base64url');
    expect(await verifyAccessToken(secret, `${h}.${forged}.${s}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await verifyAccessToken(secret, `${none}.${forged}.`)).toBeNull();
  });

  it('reads only a well-formed bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('abc')).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('RecaptchaVerifier', () => {
  const respond =
    (body: unknown, status = 200) =>
    async () =>
      new Response(JSON.stringify(body), { status });

  it('posts the secret, response and address to siteverify and trusts only success: true', async () => {
    const seen: { url: string; body: string }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: String(init.body) });
      return new Response(JSON.stringify({ success: true }));
    }) as unknown as typeof fetch;
    expect(await new RecaptchaVerifier('s3cret', fetchImpl).verify('tok', '203.0.113.1')).toBe(true);
    expect(seen[0].url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({ secret: 's3cret', response: 'tok', remoteip: '203.0.113.1' });

    expect(await new RecaptchaVerifier('s3cret', respond({ success: false }) as unknown as typeof fetch).verify('tok', null)).toBe(false);
    expect(await new RecaptchaVerifier('s3cret', respond({ success: 'true' }) as unknown as typeof fetch).verify('tok', null)).toBe(false);
    expect(await new RecaptchaVerifier('s3cret', respond({ success: true }, 500) as unknown as typeof fetch).verify('tok', null)).toBe(false);
  });

  it('fails closed without a secret, without a token, or when Google cannot be reached', async () => {
    const ok = respond({ success: true }) as unknown as typeof fetch;
    expect(await new RecaptchaVerifier(undefined, ok).verify('tok', null)).toBe(false);
    expect(await new RecaptchaVerifier('s3cret', ok).verify('', null)).toBe(false);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const quiet = console.warn;
    console.warn = () => {};
    try {
      expect(await new RecaptchaVerifier('s3cret', down).verify('tok', null)).toBe(false);
    } finally {
      console.warn = quiet;
    }
  });
});

describe('diffValues', () => {
  it('keeps only the fields that changed, on both sides (missing equals null)', () => {
    expect(diffValues({ a: 1, b: '2.0000', c: null }, { a: 1, b: '3.0000', d: true })).toEqual({
      oldValues: { b: '2.0000', d: null },
      newValues: { b: '3.0000', d: true },
    });
  });
});

describe('tokens with ids beyond their columns', () => {
  it('are no tokens at all (never a query with an out-of-range id)', async () => {
    const secret = 'unit-secret-unit-secret-unit-secret-0123456789';
    expect(await verifyAccessToken(secret, await signAccessToken(secret, { staffId: 2147483647, tokenVersion: 0, sessionId: 1 }, 60))).not.toBeNull();
    expect(await verifyAccessToken(secret, await signAccessToken(secret, { staffId: 2147483648, tokenVersion: 0, sessionId: 1 }, 60))).toBeNull();
    expect(await verifyAccessToken(secret, await signAccessToken(secret, { staffId: 1, tokenVersion: 0, sessionId: 2147483648 }, 60))).toBeNull();
    expect(await verifyAccessToken(secret, await signAccessToken(secret, { staffId: 1, tokenVersion: 2147483648, sessionId: 1 }, 60))).toBeNull();
  });
});
