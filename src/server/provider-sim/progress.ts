import type { SimOrderStatus, SimOutcome } from './schema';

/**
 * How a simulated order moves, as pure functions of the simulator's clock, so a test can drive it
 * by moving the clock. An order waits (Pending), is picked up (Processing), delivers linearly
 * (In progress) and ends as planned when it was placed: Completed (sometimes over-delivered, with
 * negative remains), Partial, or Canceled right after the wait.
 */

export interface SimTiming {
  /** Base wait before work starts; up to `pendingJitterMs` more, varying per order. */
  pendingMs: number;
  pendingJitterMs: number;
  processingMs: number;
  /** Delivery speed; the duration is clamped to [minDurationMs, maxDurationMs]. */
  msPerUnit: number;
  minDurationMs: number;
  maxDurationMs: number;
}

export const DEFAULT_SIM_TIMING: SimTiming = {
  pendingMs: 2000,
  pendingJitterMs: 4000,
  processingMs: 1500,
  msPerUnit: 25,
  minDurationMs: 8000,
  maxDurationMs: 120_000,
};

export const FINAL_SIM_STATUSES: readonly SimOrderStatus[] = ['Completed', 'Partial', 'Canceled'];

export interface SimPlan {
  outcome: SimOutcome;
  /** Units delivered at the end. */
  target: number;
  pendingMs: number;
  processingMs: number;
  durationMs: number;
  startCount: number;
}

/** FNV-1a: a stable hash, so the same order plays out the same on every machine. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A link may force the ending (tests and demos): `…#sim-partial`, `?sim=cancel`, … */
const FORCED = /sim[-=](complete|overdeliver|partial|cancel)\b/i;

export function planOrder(link: string, total: number, seed: string, timing: SimTiming = DEFAULT_SIM_TIMING): SimPlan {
  const h = stableHash(`${seed}|${link}|${total}`);
  const forced = FORCED.exec(link)?.[1]?.toLowerCase() as SimOutcome | undefined;
  const roll = h % 100;
  const outcome: SimOutcome = forced ?? (roll < 78 ? 'complete' : roll < 86 ? 'overdeliver' : roll < 95 ? 'partial' : 'cancel');
  const fraction = ((h >>> 8) % 1000) / 1000;
  let target = total;
  if (outcome === 'overdeliver') target = total + Math.max(1, Math.ceil(total * (0.02 + fraction * 0.08)));
  if (outcome === 'partial') target = Math.min(total - 1, Math.max(0, Math.floor(total * (0.3 + fraction * 0.6))));
  if (outcome === 'cancel') target = 0;
  const duration = Math.min(timing.maxDurationMs, Math.max(timing.minDurationMs, total * timing.msPerUnit));
  return {
    outcome,
    target,
    pendingMs: timing.pendingMs + (timing.pendingJitterMs > 0 ? (h >>> 4) % timing.pendingJitterMs : 0),
    processingMs: timing.processingMs,
    durationMs: Math.round(duration),
    startCount: (h >>> 12) % 5000,
  };
}

export interface SimProgressInput {
  /** Units ordered (quantity × runs). */
  total: number;
  outcome: SimOutcome;
  target: number;
  placedAtMs: number;
  pendingMs: number;
  processingMs: number;
  durationMs: number;
  canceledAtMs: number | null;
}

export interface SimState {
  status: SimOrderStatus;
  delivered: number;
  /** total − delivered: negative after an over-delivery. */
  remains: number;
}

function deliveredAt(o: SimProgressInput, atMs: number): number {
  const started = o.placedAtMs + o.pendingMs + o.processingMs;
  if (o.outcome === 'cancel' || atMs < started) return 0;
  const p = Math.min(1, (atMs - started) / Math.max(1, o.durationMs));
  return Math.floor(o.target * p);
}

export function simStateAt(o: SimProgressInput, nowMs: number): SimState {
  const state = (status: SimOrderStatus, delivered: number): SimState => ({ status, delivered, remains: o.total - delivered });
  if (o.canceledAtMs !== null && o.canceledAtMs <= nowMs) {
    const delivered = Math.min(o.total, deliveredAt(o, o.canceledAtMs));
    return state(delivered > 0 ? 'Partial' : 'Canceled', delivered);
  }
  const elapsed = nowMs - o.placedAtMs;
  if (elapsed < o.pendingMs) return state('Pending', 0);
  if (o.outcome === 'cancel') return state('Canceled', 0);
  if (elapsed < o.pendingMs + o.processingMs) return state('Processing', 0);
  if (elapsed < o.pendingMs + o.processingMs + o.durationMs) return state('In progress', deliveredAt(o, nowMs));
  return state(o.outcome === 'partial' ? 'Partial' : 'Completed', o.target);
}

/** A refill asked for at `requestedAtMs`: Pending, then In progress, then Completed. */
export function refillStatusAt(requestedAtMs: number, nowMs: number): 'Pending' | 'In progress' | 'Completed' {
  const elapsed = nowMs - requestedAtMs;
  if (elapsed < 3000) return 'Pending';
  if (elapsed < 15_000) return 'In progress';
  return 'Completed';
}
