import { createHash } from 'node:crypto';
import type { Actor, AppDeps } from '../deps';
import { HttpError } from './errors';

/**
 * Limits on the console's reports — client errors (public) and page views — so a looping error
 * handler or a script cannot fill the database (docs/security.md):
 * - a ceiling per address and per member in a one-minute window (429 with Retry-After); the
 *   address ceiling is high enough for an office behind one NAT;
 * - the same report again within DUPLICATE_WINDOW_MS is acknowledged and not stored twice (an
 *   error thrown on every render, a page view sent twice by a double navigation).
 * The state lives in the process: it guards the database from a flood, and a restart forgets it
 * harmlessly. Several processes each keep their own ceiling.
 */

export const REPORT_WINDOW_MS = 60_000;
export const REPORT_LIMITS = {
  clientErrors: { perAddress: 60, perMember: 30, duplicateWindowMs: 10 * 60_000 },
  pageViews: { perAddress: 600, perMember: 120, duplicateWindowMs: 2_000 },
} as const;
export type ReportKind = keyof typeof REPORT_LIMITS;

/** Counts per key in fixed windows; keys of past windows are dropped as they are met. */
export class WindowCounter {
  private counts = new Map<string, { windowStart: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one for `key`; the seconds to wait when over the limit, else 0. */
  take(key: string): number {
    const now = this.now();
    const windowStart = now - (now % this.windowMs);
    const entry = this.counts.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      if (this.counts.size > 50_000) this.prune(windowStart);
      this.counts.set(key, { windowStart, count: 1 });
      return 0;
    }
    if (entry.count >= this.limit) return Math.max(1, Math.ceil((windowStart + this.windowMs - now) / 1000));
    entry.count++;
    return 0;
  }

  private prune(windowStart: number) {
    for (const [key, entry] of this.counts) if (entry.windowStart !== windowStart) this.counts.delete(key);
  }
}

/** Fingerprints seen within a time window (bounded: the oldest go first). */
export class RecentSet {
  private seen = new Map<string, number>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when `key` was seen within the window; remembers it either way. */
  seenRecently(key: string): boolean {
    const now = this.now();
    const at = this.seen.get(key);
    if (at !== undefined && now - at < this.ttlMs) return true;
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value as string);
    return false;
  }
}

interface KindState {
  perAddress: WindowCounter;
  perMember: WindowCounter;
  recent: RecentSet;
}

const states = new WeakMap<AppDeps, Record<ReportKind, KindState>>();

function stateOf(deps: AppDeps): Record<ReportKind, KindState> {
  let state = states.get(deps);
  if (!state) {
    const make = (kind: ReportKind): KindState => ({
      perAddress: new WindowCounter(REPORT_LIMITS[kind].perAddress, REPORT_WINDOW_MS),
      perMember: new WindowCounter(REPORT_LIMITS[kind].perMember, REPORT_WINDOW_MS),
      recent: new RecentSet(REPORT_LIMITS[kind].duplicateWindowMs),
    });
    state = { clientErrors: make('clientErrors'), pageViews: make('pageViews') };
    states.set(deps, state);
  }
  return state;
}

const tooMany = (seconds: number) =>
  new HttpError(429, 'Too many reports from this address or member. Try again later.', undefined, { 'Retry-After': String(seconds) });

/**
 * Admits one report: throws 429 over a ceiling; answers 'duplicate' when the same report (by its
 * fingerprint parts) came from the same member or address within the window.
 */
export function admitReport(deps: AppDeps, kind: ReportKind, actor: Actor, fingerprint: unknown[]): 'store' | 'duplicate' {
  const state = stateOf(deps)[kind];
  const who = actor.staffId !== null ? `member:${actor.staffId}` : `address:${actor.ip ?? 'unknown'}`;
  const wait = Math.max(state.perAddress.take(`address:${actor.ip ?? 'unknown'}`), actor.staffId !== null ? state.perMember.take(who) : 0);
  if (wait > 0) throw tooMany(wait);
  const digest = createHash('sha256')
    .update(JSON.stringify([who, ...fingerprint]))
    .digest('base64');
  return state.recent.seenRecently(digest) ? 'duplicate' : 'store';
}
