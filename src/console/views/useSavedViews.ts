import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SavedView } from '../../contract/views';
import { api } from '../api/client';

/**
 * The member's saved views and the shared views of the lists they may read (the server filters
 * them), for the lists' Views menu and the palette. One query per member, shared by both.
 */
export const savedViewsKey = (staffId: string | number | null) => ['saved-views', staffId] as const;

export function useSavedViews(staffId: string | number | null, enabled = true): SavedView[] {
  const query = useQuery({
    queryKey: savedViewsKey(staffId),
    queryFn: async ({ signal }) => {
      const answer = await api('savedViewsIndex', { signal });
      return Array.isArray(answer?.data) ? answer.data : [];
    },
    enabled: enabled && staffId !== null,
    staleTime: 60_000,
  });
  return query.data ?? [];
}

export const refreshSavedViews = (client: QueryClient, staffId: string | number | null) => client.invalidateQueries({ queryKey: savedViewsKey(staffId) });

/** A view's address: the list's path with the view's search. */
export const viewHref = (path: string, view: Pick<SavedView, 'query'>) => (view.query ? `${path}?${view.query}` : path);
