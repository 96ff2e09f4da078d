import { REFRESH_NO_SAVED_TOKEN } from '../../contract/session/constants';
import { isNetworkError } from '../api/errors';

/** Token refresh period. */
export const REFRESH_INTERVAL_MS = 1_200_000;
/** After a refresh that got no answer (offline), the next attempt comes this much sooner. */
export const REFRESH_NETWORK_RETRY_MS = 30_000;

/** A refresh that failed for a known reason; 'no_saved_token' means there was nothing to send. */
export class RefreshError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Token refresh failed: ${reason}`, options);
    this.name = 'RefreshError';
  }
}

export const isNoSavedToken = (error: unknown): boolean => error instanceof RefreshError && error.reason === REFRESH_NO_SAVED_TOKEN;

export interface RefreshLoopOptions {
  /** Sends the refresh call and stores the new token; rejects on failure. */
  refresh: () => Promise<void>;
  /** Any failure except 'no_saved_token' (the session logs out). */
  onFailure: (error: unknown) => void;
  intervalMs?: number;
}

/**
 * Refreshes the token every 20 minutes. A failure other than 'no_saved_token' ends the loop and
 * calls onFailure; 'no_saved_token' ends it silently: no logout and no retry.
 * A refresh that got no answer (network down) is retried after 30 s instead: being offline must
 * not sign the member out.
 * Returns a stop function.
 */
export function startRefreshLoop({ refresh, onFailure, intervalMs = REFRESH_INTERVAL_MS }: RefreshLoopOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
  };
  const tick = async () => {
    if (stopped) return;
    try {
      await refresh();
    } catch (error) {
      // No answer at all (offline) is not a refusal: keep the session and try again soon.
      if (isNetworkError(error)) {
        if (!stopped) timer = setTimeout(tick, Math.min(intervalMs, REFRESH_NETWORK_RETRY_MS));
        return;
      }
      stopped = true;
      if (!isNoSavedToken(error)) onFailure(error);
      return;
    }
    // Scheduled after the answer, so a slow refresh never overlaps the next one.
    if (!stopped) schedule();
  };

  schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
