import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FilterOption } from '../../resource/filters';

/** The services and quests a request or quest may name, fetched once per session and kept fresh. */
export const freeTrialCollectionsQuery = () =>
  queryOptions({
    queryKey: ['free-trials', 'collections'] as const,
    queryFn: ({ signal }) => api('freeTrialsCollections', { signal }),
    staleTime: 60_000,
  });

const NONE: readonly FilterOption[] = [];

export function useServiceOptions(): readonly FilterOption[] {
  const query = useQuery(freeTrialCollectionsQuery());
  return query.data?.services.map((s) => ({ value: String(s.id), label: s.name })) ?? NONE;
}

export function useQuestOptions(): readonly FilterOption[] {
  const query = useQuery(freeTrialCollectionsQuery());
  return query.data?.quests.map((q) => ({ value: String(q.id), label: q.name })) ?? NONE;
}
