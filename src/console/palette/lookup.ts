import { queryOptions } from '@tanstack/react-query';
import type { Permission } from '../../contract/permissions';
import { fetchTable, type ListRequest } from '../list/listQuery';
import type { AnyResource } from '../resource/resource';
import { defaultTableState, toTableRequest, type TableState } from '../list/urlState';
import { listKeyPrefix } from '../list/listQuery';

/**
 * Record lookups of the palette, through each resource's own table endpoint (no second API):
 * by id (the id column's exact filter), by e-mail (the declared e-mail column; the exact match is
 * picked from the answer), or by the list's search box. Answers are cached briefly and the fetch
 * is aborted when the member types on.
 */

export type LookupBy = 'id' | 'email' | 'search';

export const LOOKUP_LIMIT = 5;
const LOOKUP_STALE_MS = 30_000;

export function lookupRequest(resource: AnyResource, by: LookupBy, value: string, can: (permission: Permission) => boolean): ListRequest {
  const base = defaultTableState(resource);
  const state: TableState = { ...base, page: 1, perPage: by === 'id' ? 1 : LOOKUP_LIMIT, filters: {}, search: '' };
  if (by === 'id') state.filters = { [resource.itemKey]: value };
  else if (by === 'email' && resource.lookup?.email) state.filters = { [resource.lookup.email]: value };
  else state.search = value;
  const { draw: _draw, ...request } = toTableRequest(resource, state, 0, { can });
  return request;
}

export function lookupQueryOptions(resource: AnyResource, by: LookupBy, value: string, can: (permission: Permission) => boolean) {
  const request = lookupRequest(resource, by, value, can);
  return queryOptions({
    // Under the resource's list key: every action on the resource reloads its lists and, with them,
    // what the palette found, so a command is never offered on a row as it was before the action.
    queryKey: [...listKeyPrefix(resource.name), 'palette-lookup', by, value.toLowerCase()] as const,
    queryFn: async ({ signal }) => {
      const answer = await fetchTable<unknown>(resource, request, { signal });
      if (by === 'id') return answer.items.filter((row) => String(resource.keyOf(row)) === value);
      if (by === 'email' && resource.lookup?.email) {
        const key = resource.lookup.email;
        return answer.items.filter((row) => String((row as Record<string, unknown>)[key] ?? '').toLowerCase() === value.toLowerCase());
      }
      return answer.items.slice(0, LOOKUP_LIMIT);
    },
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/**
 * The row as the server has it now (by its id), or null when it is gone: what the palette found a
 * moment ago may have moved since (another member approved the order), and an action runs on the
 * row as it is.
 */
export async function freshRow<Row>(resource: AnyResource, row: Row, can: (permission: Permission) => boolean): Promise<Row | null> {
  const key = String(resource.keyOf(row));
  const answer = await fetchTable<Row>(resource, lookupRequest(resource, 'id', key, can));
  return answer.items.find((item) => String(resource.keyOf(item)) === key) ?? null;
}
