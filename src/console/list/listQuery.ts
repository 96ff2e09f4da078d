import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableRequest, TableResponse } from '../../contract/table';
import { api } from '../api/client';
import { endpointRoutes } from '../../contract/endpointRoutes';
import { ApiError } from '../api/errors';
import { persistedQueryOptions } from '../offline/queryPersister';
import type { Resource } from '../resource/resource';

/**
 * The list query: key ['list', resourceName, request-without-draw(, params)], fetched through the
 * contract's table endpoint, persisted per query for the signed-in staff member.
 *
 * Stale answers are dropped twice over: TanStack Query aborts a superseded fetch through the
 * `signal` (the api client passes it to fetch), and every request carries a fresh `draw` that the
 * answer must echo.
 */

export type ListRequest = Omit<TableRequest, 'draw'>;
export type PathParams = Record<string, string | number>;

export const listKeyPrefix = (resourceName: string) => ['list', resourceName] as const;
export const detailKeyPrefix = (resourceName: string) => ['detail', resourceName] as const;

export function listQueryKey(resourceName: string, request: ListRequest, params?: PathParams) {
  return params && Object.keys(params).length > 0 ? (['list', resourceName, request, params] as const) : (['list', resourceName, request] as const);
}

let drawCounter = 0;
/** A fresh draw number for the next table request. */
export const nextDraw = (): number => {
  drawCounter += 1;
  return drawCounter;
};

/** An answer to an older request ('new request' is what isCancellation() ignores). */
export class StaleAnswerError extends Error {
  constructor() {
    super('new request');
    this.name = 'StaleAnswerError';
  }
}

function normalizeAnswer<Row>(answer: unknown): TableResponse<Row> {
  const raw = (answer ?? {}) as Record<string, unknown>;
  const items = Array.isArray(raw.items) ? (raw.items as Row[]) : [];
  // Some answers of the production API name the total `recordsFiltered`.
  const total = typeof raw.totalItemsCount === 'number' ? raw.totalItemsCount : typeof raw.recordsFiltered === 'number' ? raw.recordsFiltered : items.length;
  return {
    items,
    totalItemsCount: total,
    draw: typeof raw.draw === 'number' ? raw.draw : 0,
    totalIsEstimate: raw.totalIsEstimate === true ? true : undefined,
  };
}

export interface FetchTableOptions {
  signal?: AbortSignal;
  params?: PathParams;
}

/** Calls a resource's table endpoint: JSON body for POST, one `q` JSON param for GET lists. */
export async function fetchTable<Row>(resource: Resource<Row>, request: ListRequest, options: FetchTableOptions = {}): Promise<TableResponse<Row>> {
  const draw = nextDraw();
  const body: TableRequest = { ...request, draw };
  const name = resource.endpoint;
  const endpoint = endpointRoutes[name];
  // The endpoint table types each call; a resource holds any table endpoint, so the call is widened.
  const call = api as (n: string, o: Record<string, unknown>) => Promise<unknown>;
  const encoded = resource.encodeRequest ? resource.encodeRequest(body) : endpoint?.method === 'GET' ? { query: { q: JSON.stringify(body) } } : { body };
  const answer = await call(name, { params: options.params, ...encoded, signal: options.signal });
  const normalized = normalizeAnswer<Row>(answer);
  if (normalized.draw !== 0 && normalized.draw !== draw) throw new StaleAnswerError();
  return normalized;
}

export interface ListQueryOptions {
  /** The signed-in staff member: answers are persisted under this id (none when null). */
  staffId?: string | number | null;
  params?: PathParams;
}

const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && !(error instanceof ApiError && error.status < 500) && !(error instanceof StaleAnswerError);

export function listQueryOptions<Row>(resource: Resource<Row>, request: ListRequest, options: ListQueryOptions = {}) {
  return queryOptions({
    queryKey: listQueryKey(resource.name, request, options.params),
    queryFn: ({ signal }) => fetchTable(resource, request, { signal, params: options.params }),
    placeholderData: keepPreviousData,
    retry: shouldRetry,
    // A page restored from IndexedDB paints at once but is always refetched: lists are live data.
    staleTime: 0,
    // The first attempt runs even offline, so the persister can restore the saved answer.
    networkMode: 'offlineFirst',
    ...persistedQueryOptions(options.staffId),
  });
}
