import { useQueries } from '@tanstack/react-query';
import { NAV_COUNTS } from '../realtime/counters';
import { useSession } from '../session/SessionContext';
import { mayOpen } from './routeAccess';
import { AUTH_ONLY, findRouteEntry } from './routes';

export interface NavCountValue {
  value: number;
  noun: string;
}

/**
 * The counts shown on navigation entries (combo orders in moderation on Combo orders), fetched
 * once signed in, for the entries this member may open; by entry path.
 */
export function useNavCounts(): ReadonlyMap<string, NavCountValue> {
  const { status, profile } = useSession();
  const view = { authenticated: status !== 'guest', permissions: profile?.allPermissions ?? [] };
  const counts = NAV_COUNTS.filter((c) => mayOpen(findRouteEntry(c.path)?.access ?? AUTH_ONLY, view));
  const results = useQueries({
    queries: counts.map((c) => ({
      queryKey: c.queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => c.fetch(signal),
      enabled: status === 'authenticated',
    })),
  });
  const shown = new Map<string, NavCountValue>();
  counts.forEach((c, i) => {
    const value = results[i].data;
    if (typeof value === 'number') shown.set(c.path, { value, noun: c.noun });
  });
  return shown;
}
