import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../db/client';

/**
 * Login throttle, in the database (table login_throttle), so it survives a restart and every server
 * process shares it. Nobody can lock a member out of their account:
 *
 * - an account at one address (`pair:`): after `pairFreeFailures` failures, each further attempt
 *   waits a growing delay (15 s, 30 s, 1 min, … at most 15 minutes) — guessing from one place
 *   slows to a crawl, while the member at their own address is held only by their own typos;
 * - an address (`ip:`): `addressCeiling` failures per window, whatever the accounts — high enough
 *   for an office behind one NAT, low enough to stop a spray across accounts;
 * - an account from anywhere (`account:`): never a lock; after `captchaAfter` failures the sign-in
 *   asks for a captcha when one is configured (auth/session.ts).
 *
 * A success clears the account's counts at that address and its captcha demand. Counts start again
 * `windowMs` (an hour) after their last failure; the address ceiling is per `windowMs`. The clock is injectable for tests.
 */
export interface ThrottleOptions {
  now?: () => number;
  /** Failures of an account at one address before delays start (default 5). */
  pairFreeFailures?: number;
  /** The first delay (default 15 s); it doubles with each further failure. */
  baseDelayMs?: number;
  /** The longest delay (default 15 minutes). */
  maxDelayMs?: number;
  /** Failures from one address in a window before it must wait for the window's end (default 200). */
  addressCeiling?: number;
  /** Failures of an account from anywhere before a captcha is asked for (default 10). */
  captchaAfter?: number;
  /** How long counts last after their last failure, and the address ceiling's window (default 1 hour). */
  windowMs?: number;
}

export interface LoginAttempt {
  /** The normalized e-mail. */
  account: string;
  /** The client's address; null when unknown (then only the account counts are used). */
  address: string | null;
}

export interface ThrottleVerdict {
  /** Seconds to wait before the next attempt (0: go ahead). */
  retryAfter: number;
  /** Too many failures for the account: ask for a captcha if one is configured. */
  captchaRequired: boolean;
}

interface Row {
  key: string;
  failures: number;
  first_ms: string | number;
  last_ms: string | number;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export class LoginThrottle {
  readonly pairFreeFailures: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly addressCeiling: number;
  readonly captchaAfter: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private lastPruned = 0;

  constructor(options: ThrottleOptions = {}) {
    this.now = options.now ?? Date.now;
    this.pairFreeFailures = options.pairFreeFailures ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 15_000;
    this.maxDelayMs = options.maxDelayMs ?? 15 * 60 * 1000;
    this.addressCeiling = options.addressCeiling ?? 200;
    this.captchaAfter = options.captchaAfter ?? 10;
    this.windowMs = options.windowMs ?? 60 * 60 * 1000;
  }

  /** How long the account at this address must wait, and whether a captcha is due. */
  async check(q: Queryable, attempt: LoginAttempt): Promise<ThrottleVerdict> {
    const keys = keysOf(attempt);
    const now = this.now();
    const found = await rows<Row>(
      q,
      sql`SELECT key, failures, (extract(epoch FROM first_failure_at) * 1000)::bigint AS first_ms,
                 (extract(epoch FROM last_failure_at) * 1000)::bigint AS last_ms
            FROM login_throttle WHERE key IN ${Object.values(keys).filter((k): k is string => !!k)}`,
    );
    let waitMs = 0;
    let captchaRequired = false;
    for (const row of found) {
      const last = Number(row.last_ms);
      const first = Number(row.first_ms);
      if (now - last >= this.windowMs) continue;
      if (row.key === keys.pair && row.failures >= this.pairFreeFailures) {
        waitMs = Math.max(waitMs, last + this.delayAfter(row.failures) - now);
      } else if (row.key === keys.address && row.failures >= this.addressCeiling) {
        waitMs = Math.max(waitMs, first + this.windowMs - now);
      } else if (row.key === keys.account && row.failures >= this.captchaAfter) {
        captchaRequired = true;
      }
    }
    return { retryAfter: waitMs > 0 ? Math.ceil(waitMs / 1000) : 0, captchaRequired };
  }

  /** The delay after `failures` failures of an account at one address. */
  delayAfter(failures: number): number {
    const steps = failures - this.pairFreeFailures;
    if (steps < 0) return 0;
    return Math.min(this.baseDelayMs * 2 ** Math.min(steps, 30), this.maxDelayMs);
  }

  /** Counts one failure against every key of the attempt. */
  async recordFailure(q: Queryable, attempt: LoginAttempt): Promise<void> {
    const now = this.now();
    await this.prune(q, now);
    const at = new Date(now).toISOString();
    const staleBefore = new Date(now - this.windowMs).toISOString();
    for (const key of Object.values(keysOf(attempt))) {
      if (!key) continue;
      await q.execute(sql`
        INSERT INTO login_throttle (key, failures, first_failure_at, last_failure_at) VALUES (${key}, 1, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN login_throttle.last_failure_at < ${staleBefore}::timestamptz THEN 1 ELSE login_throttle.failures + 1 END,
          first_failure_at = CASE WHEN login_throttle.last_failure_at < ${staleBefore}::timestamptz THEN EXCLUDED.first_failure_at ELSE login_throttle.first_failure_at END,
          last_failure_at = EXCLUDED.last_failure_at`);
    }
  }

  /** A successful sign-in: the account's counts at this address and from anywhere start again. */
  async recordSuccess(q: Queryable, attempt: LoginAttempt): Promise<void> {
    const { pair, account } = keysOf(attempt);
    await q.execute(sql`DELETE FROM login_throttle WHERE key IN ${[pair, account].filter((k): k is string => !!k)}`);
  }

  private async prune(q: Queryable, now: number): Promise<void> {
    if (now - this.lastPruned < PRUNE_EVERY_MS && now >= this.lastPruned) return;
    this.lastPruned = now;
    await q.execute(sql`DELETE FROM login_throttle WHERE last_failure_at < ${new Date(now - this.windowMs).toISOString()}::timestamptz`);
  }
}

function keysOf({ account, address }: LoginAttempt): { pair: string; address: string | null; account: string } {
  return {
    pair: `pair:${account}|${address ?? 'unknown'}`,
    address: address ? `ip:${address}` : null,
    account: `account:${account}`,
  };
}
