import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { humanize } from '../../ui/format';

export const HOME_ACTIVITY_QUERY_KEY = ['home', 'activity'] as const;

export const homeActivityQueryOptions = queryOptions({
  queryKey: HOME_ACTIVITY_QUERY_KEY,
  queryFn: ({ signal }) => api('homeActivity', { signal }),
});

/** One line for a change log's free-form information. */
export function summarise(value: unknown, max = 120): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Which fields an audit entry changed ("status, amount"). */
export function changedFields(oldValues: Record<string, unknown> | null, newValues: Record<string, unknown> | null): string {
  const keys = new Set([...Object.keys(oldValues ?? {}), ...Object.keys(newValues ?? {})]);
  return [...keys].join(', ');
}

/** 'App\\Models\\Order', 'order' or 'staff_member' -> 'Order', 'Staff member'. */
export const modelLabel = (type: string): string => humanize(type.split(/[\\/]/).pop() ?? type);
