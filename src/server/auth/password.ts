import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard, in node:crypto). The stored string carries its own
 * parameters — `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` — so the cost can be raised later
 * without breaking existing hashes (see needsRehash).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

// Node refuses scrypt above 32 MiB by default; 128 * N * r bytes plus headroom.
const maxmem = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(encoded: string): Parsed | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const valid = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  // Bounds keep a corrupted or hostile row from asking for gigabytes of memory.
  if (!valid(N, 2 ** 20) || (N & (N - 1)) !== 0 || !valid(r, 32) || !valid(p, 16)) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const key = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await scrypt(password, salt, key.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(candidate, key);
}

/** True when the hash was made with weaker parameters than today's. */
export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.N < PARAMS.N || parsed.r < PARAMS.r || parsed.p < PARAMS.p || parsed.key.length < KEY_LENGTH;
}

/**
 * A hash of a random password, verified against when the e-mail is unknown so a failed login
 * takes as long whether or not the account exists.
 */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));
