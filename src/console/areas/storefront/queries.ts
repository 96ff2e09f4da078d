import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useListEngine } from '../../list/engineContext';
import type { FilterOption } from '../../resource/filters';
import { detailKeyPrefix } from '../../list/listQuery';

/** Lookups and detail queries of the storefront screens. */

export const packageCollectionsQuery = () =>
  queryOptions({ queryKey: ['storefront', 'package-collections'], queryFn: ({ signal }) => api('packagesCollections', { signal }), staleTime: 60_000 });

export const packageQuery = (packageId: number) =>
  queryOptions({
    queryKey: [...detailKeyPrefix('packages'), packageId] as const,
    queryFn: ({ signal }) => api('packagesShow', { params: { packageId }, signal }),
  });

export const specialOfferQuery = (specialOfferId: number) =>
  queryOptions({
    queryKey: [...detailKeyPrefix('special-offers'), specialOfferId] as const,
    queryFn: ({ signal }) => api('specialOffersShow', { params: { specialOfferId }, signal }),
  });

export const bannerQuery = (bannerId: number) =>
  queryOptions({ queryKey: [...detailKeyPrefix('banners'), bannerId] as const, queryFn: ({ signal }) => api('bannersShow', { params: { bannerId }, signal }) });

export const offerNetworksQuery = () =>
  queryOptions({ queryKey: ['storefront', 'offer-networks'], queryFn: ({ signal }) => api('specialOffersNetworks', { signal }), staleTime: 60_000 });

export const offerCollectionQuery = () =>
  queryOptions({ queryKey: ['storefront', 'offer-collection'], queryFn: ({ signal }) => api('specialOffersCollection', { signal }), staleTime: 5 * 60_000 });

export const offerServiceTypesQuery = (networkId: number) =>
  queryOptions({
    queryKey: ['storefront', 'offer-service-types', networkId],
    queryFn: ({ signal }) => api('specialOffersServiceTypes', { query: { network_id: networkId } as never, signal }),
    staleTime: 60_000,
  });

const NONE: readonly FilterOption[] = [];

export function usePackageNetworkOptions(): readonly FilterOption[] {
  const { can } = useListEngine();
  const data = useQuery({ ...packageCollectionsQuery(), enabled: can('managePackages') }).data;
  return data?.networks.map((n) => ({ value: String(n.id), label: n.name })) ?? NONE;
}

export function usePackageProviderOptions(): readonly FilterOption[] {
  const { can } = useListEngine();
  const data = useQuery({ ...packageCollectionsQuery(), enabled: can('managePackages') }).data;
  return data?.providers.map((n) => ({ value: String(n.id), label: n.name })) ?? NONE;
}

export function useOfferNetworkOptions(): readonly FilterOption[] {
  const { can } = useListEngine();
  const data = useQuery({ ...offerNetworksQuery(), enabled: can('manageDiscounts') }).data;
  return data?.map((n) => ({ value: String(n.id), label: n.name })) ?? NONE;
}
