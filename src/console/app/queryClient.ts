import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

export const DEFAULT_STALE_TIME_MS = 30_000;

/** A 4xx is the server's answer, not a hiccup: asking again cannot change it. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The app's one QueryClient. Created here only, so the offline module can wrap this very client
 * in its persister.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: DEFAULT_STALE_TIME_MS, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
