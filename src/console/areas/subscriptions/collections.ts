import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  BILLING_TYPE_LABELS,
  BILLING_TYPES,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPE_LABELS,
  SUBSCRIPTION_TYPES,
} from '../../../contract/subscriptions/columns';
import type { SubscriptionCollections } from '../../../contract/subscriptions';
import { api } from '../../api/client';
import type { FilterOption } from '../../resource/filters';

/**
 * The subscription collections (statuses, billing types, content types) as filter options. Until
 * the server's answer arrives the contract's labels stand in, so filters never start empty.
 */
export const subscriptionCollectionsQuery = () =>
  queryOptions({
    queryKey: ['subscriptions', 'collections'] as const,
    queryFn: ({ signal }) => api('subscriptionsCollections', { signal }),
    staleTime: Infinity,
  });

const fallback: Record<keyof SubscriptionCollections, FilterOption[]> = {
  statuses: SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] })),
  billingTypes: BILLING_TYPES.map((value) => ({ value, label: BILLING_TYPE_LABELS[value] })),
  types: SUBSCRIPTION_TYPES.map((value) => ({ value, label: SUBSCRIPTION_TYPE_LABELS[value] })),
};

function useCollection(name: keyof SubscriptionCollections): readonly FilterOption[] {
  const { data } = useQuery(subscriptionCollectionsQuery());
  return data ? data[name].map((o) => ({ value: o.value, label: o.text })) : fallback[name];
}

export const useSubscriptionStatusOptions = () => useCollection('statuses');
export const useBillingTypeOptions = () => useCollection('billingTypes');
export const useSubscriptionTypeOptions = () => useCollection('types');
