/**
 * The last move that can be undone: after an action whose confirmation said so, its inverse
 * (pause after activate, restore after archive) is offered for UNDO_WINDOW_MS — in the notice's
 * Undo button, with z anywhere but a field, and as "undo" in the command palette. One at a time:
 * a newer move replaces the offer, or ends it when it cannot be undone.
 */
export const UNDO_WINDOW_MS = 10_000;

export interface UndoOffer {
  /** What undoing does: "Activate order 12". */
  label: string;
  /** When the offer ends (ms since the epoch). */
  until: number;
  run: () => Promise<unknown>;
}

let offer: UndoOffer | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function offerUndo(label: string, run: () => Promise<unknown>, now = Date.now()): UndoOffer {
  offer = { label, until: now + UNDO_WINDOW_MS, run };
  notify();
  return offer;
}

/** A newer move that cannot be undone ends the offer: z never reverses an older move than the last. */
export function clearUndo(): void {
  if (offer === null) return;
  offer = null;
  notify();
}

/** The offer still open, if any. */
export function currentUndo(now = Date.now()): UndoOffer | null {
  return offer && offer.until > now ? offer : null;
}

/** Runs the open offer once (a second z does nothing); false when there is none. */
export function runUndo(target: UndoOffer | null = currentUndo()): boolean {
  if (!target || target !== offer || target.until <= Date.now()) return false;
  offer = null;
  notify();
  void target.run();
  return true;
}

export function subscribeUndo(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
