import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/SessionContext';
import { mayOpen } from './routeAccess';
import { AUTH_ONLY, findRouteEntry } from './routes';
import { COUNTER_LINKS, countersQueryOptions, type CounterLink } from '../realtime/counters';
import { useRegisteredRoutes } from './useRegisteredRoutes';

export interface VisibleCounter extends CounterLink {
  value: number | null;
  /** False while the list screen is not registered: the value shows without a dead link. */
  linkable: boolean;
}

/**
 * The live counters this member may see: a counter shows when the member may open its list,
 * and links to that list when the list screen is registered.
 */
export function useCounters(): { counters: VisibleCounter[]; isLoading: boolean; isError: boolean } {
  const { status, profile } = useSession();
  const routes = useRegisteredRoutes();
  const view = { authenticated: status !== 'guest', permissions: profile?.allPermissions ?? [] };
  const visible = COUNTER_LINKS.filter((link) => mayOpen(findRouteEntry(link.to)?.access ?? AUTH_ONLY, view));
  const query = useQuery({ ...countersQueryOptions, enabled: status === 'authenticated' && visible.length > 0 });
  return {
    counters: visible.map((link) => ({
      ...link,
      value: query.data ? query.data[link.key] : null,
      linkable: routes.some((r) => r.fullPath === link.to),
    })),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    isError: query.isError,
  };
}
