import { queryOptions } from '@tanstack/react-query';
import type { Counters } from '../../contract/session';
import { api } from '../api/client';

/** The live counters' query; realtime events write into this same key (setQueryData). */
export const COUNTERS_QUERY_KEY = ['counters'] as const;

export const countersQueryOptions = queryOptions({
  queryKey: COUNTERS_QUERY_KEY,
  queryFn: ({ signal }) => api('websocketsInit', { signal }),
});

export interface CounterLink {
  key: keyof Counters;
  label: string;
  /** The filtered list the counter opens. */
  to: string;
  search: Record<string, string | boolean>;
  /** What one unit is, for screen readers ("5 orders in moderation"). */
  noun: string;
}

export const COUNTER_LINKS: readonly CounterLink[] = [
  { key: 'freeTrialsPending', label: 'Free-trials', to: '/requests', search: { status: 'pending' }, noun: 'pending free-trial requests' },
  { key: 'ordersInModeration', label: 'In Moderation', to: '/orders', search: { status: 'in_moderation' }, noun: 'orders in moderation' },
  { key: 'ordersInProcessing', label: 'In Processing', to: '/orders', search: { status: 'in_processing' }, noun: 'orders in processing' },
  {
    key: 'ordersWithNoActiveProviders',
    label: 'No providers',
    to: '/orders',
    search: { status: 'in_processing,in_moderation', hasNoActiveProviders: true },
    noun: 'orders with no active providers',
  },
];

/**
 * Counts shown beside a navigation entry, fetched at start-up. Their keys sit under the counters'
 * key, so whatever refreshes the live counters (a realtime update, a reconnect) refreshes them too.
 */
export interface NavCount {
  /** The navigation entry the count is shown on. */
  path: string;
  queryKey: readonly unknown[];
  fetch: (signal: AbortSignal) => Promise<number>;
  /** What one unit is, for screen readers ("3 combo orders in moderation"). */
  noun: string;
}

export const NAV_COUNTS: readonly NavCount[] = [
  {
    path: '/combo-orders',
    queryKey: [...COUNTERS_QUERY_KEY, 'comboOrdersInModeration'],
    fetch: async (signal) => (await api('comboOrdersInModeration', { signal })).orders_in_moderation,
    noun: 'combo orders in moderation',
  },
];
