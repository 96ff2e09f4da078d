import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ProviderOption, ProviderOptionsPage } from '../../contract/providers';
import { api } from '../api/client';

/**
 * The provider picker's data: a search string answers a list; without one the providers come page
 * by page ({items, currentPage, lastPage}).
 */

function asPage(answer: ProviderOptionsPage | ProviderOption[]): ProviderOptionsPage {
  return Array.isArray(answer) ? { items: answer, currentPage: 1, lastPage: 1 } : answer;
}
function asList(answer: ProviderOptionsPage | ProviderOption[]): ProviderOption[] {
  return Array.isArray(answer) ? answer : answer.items;
}

/** The next page to load, or undefined once the last page is in. */
export const nextProviderPage = (last: Pick<ProviderOptionsPage, 'currentPage' | 'lastPage'>): number | undefined =>
  last.currentPage < last.lastPage ? last.currentPage + 1 : undefined;

export const providerPagesQuery = (serviceId?: number) =>
  infiniteQueryOptions({
    queryKey: ['providers', 'available-for-order-recreate', 'pages', serviceId ?? null] as const,
    queryFn: async ({ pageParam, signal }) =>
      asPage(await api('providersAvailableForOrderRecreate', { query: { page: pageParam, ...(serviceId ? { serviceId } : {}) }, signal })),
    initialPageParam: 1,
    getNextPageParam: nextProviderPage,
    staleTime: 60_000,
  });

export const providerSearchQuery = (search: string, serviceId?: number) =>
  queryOptions({
    queryKey: ['providers', 'available-for-order-recreate', 'search', search, serviceId ?? null] as const,
    queryFn: async ({ signal }) => asList(await api('providersAvailableForOrderRecreate', { query: { search, ...(serviceId ? { serviceId } : {}) }, signal })),
    staleTime: 60_000,
  });
