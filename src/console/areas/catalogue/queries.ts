import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useListEngine } from '../../list/engineContext';
import type { FilterOption } from '../../resource/filters';

/** The catalogue's shared lookups: the service editor's collections and the filters' options. */

export const serviceCollectionsQuery = () =>
  queryOptions({ queryKey: ['catalogue', 'service-collections'], queryFn: ({ signal }) => api('servicesCollections', { signal }), staleTime: 60_000 });

export const translateStatusQuery = () =>
  queryOptions({ queryKey: ['catalogue', 'translate-status'], queryFn: ({ signal }) => api('translateStatus', { signal }), staleTime: 5 * 60_000 });

const NONE: readonly FilterOption[] = [];

function useCollections() {
  const { can } = useListEngine();
  return useQuery({ ...serviceCollectionsQuery(), enabled: can('viewServices') });
}

export function useNetworkOptions(): readonly FilterOption[] {
  const data = useCollections().data;
  return data?.networks.map((n) => ({ value: String(n.id), label: n.name })) ?? NONE;
}

export function useServiceTypeOptions(): readonly FilterOption[] {
  const data = useCollections().data;
  return data?.networks.flatMap((n) => n.serviceTypes.map((t) => ({ value: String(t.id), label: `${t.name} (${n.name})` }))) ?? NONE;
}

export function useProviderOptions(): readonly FilterOption[] {
  const data = useCollections().data;
  return data?.providers.map((p) => ({ value: String(p.id), label: p.name })) ?? NONE;
}

export function useLabelOptions(): readonly FilterOption[] {
  const data = useCollections().data;
  return data?.labels.map((l) => ({ value: String(l.id), label: l.name })) ?? NONE;
}

/** Networks for the service type list's filter (that list needs manageServiceTypes, not viewServices). */
export function useTypeNetworkOptions(): readonly FilterOption[] {
  const { can } = useListEngine();
  const query = useQuery({
    queryKey: ['catalogue', 'service-type-collections'],
    queryFn: ({ signal }) => api('serviceTypesCollections', { signal }),
    enabled: can('manageServiceTypes'),
    staleTime: 60_000,
  });
  return query.data?.networks.map((n) => ({ value: String(n.id), label: n.name })) ?? NONE;
}

export function useTargetTypeOptions(): readonly FilterOption[] {
  const { can } = useListEngine();
  const query = useQuery({
    queryKey: ['catalogue', 'target-dictionaries'],
    queryFn: ({ signal }) => api('targetsDictionaries', { signal }),
    enabled: can('manageTargets'),
    staleTime: 60_000,
  });
  return query.data?.targetTypes.map((t) => ({ value: String(t.id), label: t.title })) ?? NONE;
}
