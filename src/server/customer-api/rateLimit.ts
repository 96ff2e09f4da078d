/**
 * A token bucket per caller (a customer's key, or the address of a caller without a valid key):
 * `burst` requests at once, refilled at `perMinute`. In memory, per server process: behind several
 * processes each keeps its own buckets, so the deployment's limit is the sum (docs/customer-api.md).
 * The map is bounded: past `maxCallers`, buckets that have refilled are dropped first (they carry
 * no state worth keeping), then the oldest.
 */
export interface RateLimiter {
  /** Takes one token: 0 when the call may go ahead, else the milliseconds until one is free. */
  take(caller: string): number;
}

export interface RateLimitOptions {
  perMinute: number;
  burst: number;
  maxCallers?: number;
  now?: () => number;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const maxCallers = options.maxCallers ?? 50_000;
  const perMs = options.perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  const refill = (b: { tokens: number; at: number }, t: number) => {
    b.tokens = Math.min(options.burst, b.tokens + (t - b.at) * perMs);
    b.at = t;
  };

  function prune(t: number) {
    for (const [caller, b] of buckets) {
      refill(b, t);
      if (b.tokens >= options.burst) buckets.delete(caller);
    }
    // Still full of callers spending their tokens: drop the oldest (Map keeps insertion order).
    for (const caller of buckets.keys()) {
      if (buckets.size < maxCallers) break;
      buckets.delete(caller);
    }
  }

  return {
    take(caller) {
      const t = now();
      let b = buckets.get(caller);
      if (!b) {
        if (buckets.size >= maxCallers) prune(t);
        b = { tokens: options.burst, at: t };
        buckets.set(caller, b);
      } else refill(b, t);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - b.tokens) / perMs);
    },
  };
}
