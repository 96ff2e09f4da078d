/**
 * Login throttle: at most `maxAttempts` failed logins per key (e-mail, IP address) within
 * `windowMs`; one more is refused until the oldest counted failure leaves the window.
 * In memory: it resets on restart and is per process, which is enough to stop guessing against
 * one server. The clock is injectable for tests.
 */
export interface ThrottleOptions {
  maxAttempts?: number;
  windowMs?: number;
  now?: () => number;
}

/** Sweep expired keys once the map holds this many, so addresses that never come back are dropped. */
const SWEEP_AT = 10_000;

export class LoginThrottle {
  readonly maxAttempts: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly failures = new Map<string, number[]>();

  constructor(options: ThrottleOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds until the first locked key accepts another attempt, or 0 when none is locked. */
  retryAfter(keys: readonly string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxAttempts) {
        const unlockAt = recent[recent.length - this.maxAttempts] + this.windowMs;
        wait = Math.max(wait, Math.ceil((unlockAt - now) / 1000));
      }
    }
    return wait;
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.now();
    if (this.failures.size >= SWEEP_AT) this.sweep(now);
    for (const key of keys) {
      const recent = this.recent(key, now);
      recent.push(now);
      // Only the newest maxAttempts matter for the decision.
      this.failures.set(key, recent.slice(-this.maxAttempts));
    }
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private sweep(now: number): void {
    for (const [key, times] of this.failures) if (!times.some((t) => now - t < this.windowMs)) this.failures.delete(key);
  }
}

export const emailThrottleKey = (email: string) => `email:${email}`;
export const ipThrottleKey = (ip: string) => `ip:${ip}`;
