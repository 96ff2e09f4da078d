import type { ColumnKey, ColumnSpec, QueryKey, QuerySpec, TableSpec } from '../../contract/columns';
import type { Permission } from '../../contract/permissions';
import type { ColumnFilter, TableHeader, TableRequest } from '../../contract/table';
import {
  decodeFilter,
  encodeFilter,
  filtersEqual,
  isEmptyFilter,
  normalizeFilter,
  toRequestFilter,
  type FilterSpec,
  type FilterValue,
  type SearchParamValue,
} from '../resource/filters';
import { allowAll, type Resource, type SortState } from '../resource/resource';

/**
 * A list's state in the URL: page, perPage, sort ('createdAt:asc'), search, one
 * param per filter (compact forms, see ./filters.ts) and the visible columns (`cols=id,status`).
 * Values equal to the list's defaults are left out, so a bare URL means "the defaults".
 */

export type ListSearch = {
  page?: number;
  perPage?: number;
  sort?: string;
  search?: SearchParamValue;
  cols?: string;
  [filter: string]: SearchParamValue | undefined;
};

export interface TableState {
  page: number;
  /** Rows per page; 0 or less means all rows. */
  perPage: number;
  sort: SortState;
  search: string;
  /** Filters in effect, by column key or declared query key (defaults included unless cleared). */
  filters: Record<string, FilterValue>;
  /** Visible column keys, in declaration order. */
  columns: string[];
}

/** The page size that means "all rows" in state and URL. */
export const ALL_ROWS = -1;
export const MAX_PAGE_SIZE = 1000;

/** Keys that take a filter: filterable columns and declared queries, with their spec. */
export function filterSpecs<Row>(resource: Resource<Row>): Map<string, FilterSpec> {
  const specs = new Map<string, FilterSpec>();
  for (const column of resource.columns) if (column.filter) specs.set(column.key, column.filter);
  for (const [key, query] of Object.entries(resource.queries)) specs.set(key, query.filter);
  return specs;
}

const isParam = (value: unknown): value is SearchParamValue => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const readInt = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
};

/**
 * The route's `validateSearch` for a list: keeps the list's own params (page, page size, sort,
 * search, columns, one per filter) and drops what is unusable, so a hand-edited link never breaks
 * the screen. Plain code, not a schema library: it runs in the entry chunk.
 */
export function listSearchSchema<Row>(resource: Resource<Row>): (input: Record<string, unknown>) => ListSearch {
  const filterKeys = [...filterSpecs(resource).keys()];
  return (input) => {
    const out: ListSearch = {};
    const page = readInt(input.page);
    if (page !== undefined && page >= 1) out.page = page;
    const perPage = readInt(input.perPage);
    if (perPage !== undefined && perPage <= MAX_PAGE_SIZE) out.perPage = perPage;
    if (typeof input.sort === 'string') out.sort = input.sort;
    if (isParam(input.search)) out.search = input.search;
    if (typeof input.cols === 'string') out.cols = input.cols;
    for (const key of filterKeys) if (isParam(input[key])) out[key] = input[key];
    return out;
  };
}

export function defaultTableState<Row>(resource: Resource<Row>): TableState {
  return {
    page: 1,
    perPage: resource.defaultPerPage,
    sort: { ...resource.defaultSort },
    search: '',
    filters: structuredClone({ ...resource.defaultFilters }) as Record<string, FilterValue>,
    columns: [...resource.defaultColumns],
  };
}

function isSortable<Row>(resource: Resource<Row>, key: string): boolean {
  return key === resource.itemKey || key === resource.defaultSort.key || resource.columns.some((c) => c.key === key && c.sortable);
}

export const encodeSort = (sort: SortState): string => `${sort.key}:${sort.desc ? 'desc' : 'asc'}`;

export function decodeSort<Row>(resource: Resource<Row>, raw: string | undefined): SortState {
  if (!raw) return { ...resource.defaultSort };
  const [key, direction = 'asc'] = raw.split(':');
  if (!key || !isSortable(resource, key) || (direction !== 'asc' && direction !== 'desc')) return { ...resource.defaultSort };
  return { key, desc: direction === 'desc' };
}

const normalizePerPage = (value: number): number => (value <= 0 ? ALL_ROWS : Math.min(Math.floor(value), MAX_PAGE_SIZE));

/** URL search -> table state. Unknown or invalid params fall back to the defaults. */
export function tableStateFromSearch<Row>(resource: Resource<Row>, search: ListSearch): TableState {
  const state = defaultTableState(resource);
  if (typeof search.page === 'number' && Number.isInteger(search.page) && search.page >= 1) state.page = search.page;
  if (typeof search.perPage === 'number' && Number.isFinite(search.perPage)) state.perPage = normalizePerPage(search.perPage);
  state.sort = decodeSort(resource, typeof search.sort === 'string' ? search.sort : undefined);
  if (search.search !== undefined) state.search = String(search.search).trim();

  for (const [key, spec] of filterSpecs(resource)) {
    const raw = search[key];
    if (raw === undefined) continue;
    if (raw === '') {
      delete state.filters[key]; // explicitly cleared, even when the list has a default
      continue;
    }
    const value = decodeFilter(spec.kind, raw);
    if (value !== undefined) state.filters[key] = value;
  }

  if (typeof search.cols === 'string' && search.cols !== '') {
    const wanted = new Set(search.cols.split(','));
    const columns = resource.columns.filter((c) => wanted.has(c.key) || c.hideable === false).map((c) => c.key);
    if (columns.length > 0) state.columns = columns;
  }
  return state;
}

/**
 * Writes a URL text as the primitive a JSON-first router keeps unquoted: '25' -> 25, 'true' -> true.
 * Decoding reads every filter through String(), so the round trip is exact.
 */
function compact(text: string): SearchParamValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?(0|[1-9]\d{0,14})(\.\d*[1-9])?$/.test(text) && String(Number(text)) === text) return Number(text);
  return text;
}

/** Table state -> URL search, leaving out what equals the defaults. */
export function searchFromTableState<Row>(resource: Resource<Row>, state: TableState): ListSearch {
  const search: ListSearch = {};
  if (state.page > 1) search.page = state.page;
  const perPage = normalizePerPage(state.perPage);
  if (perPage !== normalizePerPage(resource.defaultPerPage)) search.perPage = perPage;
  const sort = encodeSort(state.sort);
  if (sort !== encodeSort(resource.defaultSort)) search.sort = sort;
  if (state.search.trim() !== '') search.search = compact(state.search.trim());

  for (const [key, spec] of filterSpecs(resource)) {
    const current = state.filters[key];
    const fallback = resource.defaultFilters[key];
    if (filtersEqual(spec.kind, current, fallback)) continue;
    search[key] = isEmptyFilter(spec.kind, current) ? '' : compact(encodeFilter(spec.kind, current as FilterValue));
  }

  const columns = resource.columns.filter((c) => state.columns.includes(c.key)).map((c) => c.key);
  const defaults = new Set(resource.defaultColumns);
  if (columns.length !== defaults.size || columns.some((key) => !defaults.has(key))) search.cols = columns.join(',');
  return search;
}

/**
 * The address of a list opened on some filters, written as the list writes its own: one param per
 * column or query of its contract table, in the same compact form. `null` clears a filter the list
 * sets by default ('every status'), which the list would otherwise apply:
 *
 *   listHref('/withdrawal', WITHDRAWALS_TABLE, { userId: 42, status: null })  // '/withdrawal?userId=42&status='
 *
 * An area links to another's list with it (it may not import that area's resource, but the
 * contract's column table is shared). A key the table cannot filter by throws: a typo is found by
 * the first render, not by a member who gets the whole list.
 */
export function listHref<T extends TableSpec>(path: string, table: T, filters: { readonly [K in ColumnKey<T> | QueryKey<T>]?: unknown }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const spec: ColumnSpec | QuerySpec | undefined = table.columns[key] ?? table.queries[key];
    if (!spec?.filter) throw new Error(`The list at ${path} has no filter '${key}'.`);
    if (value === null) {
      params.set(key, '');
      continue;
    }
    const normalized = normalizeFilter(spec.filter, value);
    if (normalized !== undefined) params.set(key, encodeFilter(spec.filter, normalized));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Sets one filter (undefined or an empty value clears it) and goes back to page 1. */
export function withFilter<Row>(resource: Resource<Row>, state: TableState, key: string, value: unknown): TableState {
  const spec = filterSpecs(resource).get(key);
  if (!spec) return state;
  const filters = { ...state.filters };
  const normalized = normalizeFilter(spec.kind, value);
  if (normalized === undefined) delete filters[key];
  else filters[key] = normalized;
  return { ...state, filters, page: 1 };
}

export interface TableRequestOptions {
  /** Permission check: columns, filters and sort keys the member may not see are left out. */
  can?: (permission: Permission) => boolean;
  /** Fixed queries of an embedded list (not in the URL), merged over the declared ones. */
  queries?: Record<string, ColumnFilter>;
}

/**
 * Table state -> the contract's table request. Headers are the visible columns, plus any hidden
 * column that still carries a filter (the server filters by header), each with its filter.
 */
export function toTableRequest<Row>(resource: Resource<Row>, state: TableState, draw = 0, options: TableRequestOptions = {}): TableRequest & { draw: number } {
  const can = options.can ?? allowAll;
  const permitted = resource.columns.filter((c) => !c.permission || can(c.permission));
  const headers: TableHeader[] = [];
  for (const column of permitted) {
    const value = column.filter ? state.filters[column.key] : undefined;
    const filtered = column.filter !== undefined && !isEmptyFilter(column.filter.kind, value);
    if (!state.columns.includes(column.key) && !filtered) continue;
    headers.push(filtered ? { value: column.key, filter: toRequestFilter(column.filter!.kind, value as FilterValue) } : { value: column.key });
  }

  const queries: Record<string, ColumnFilter> = {};
  for (const [key, query] of Object.entries(resource.queries)) {
    const value = state.filters[key];
    if (!isEmptyFilter(query.filter.kind, value)) queries[key] = toRequestFilter(query.filter.kind, value as FilterValue);
  }
  Object.assign(queries, options.queries);

  const sortColumn = resource.columns.find((c) => c.key === state.sort.key);
  const sort = sortColumn?.permission && !can(sortColumn.permission) ? resource.defaultSort : state.sort;

  const request: TableRequest & { draw: number } = {
    headers,
    options: {
      page: state.perPage <= 0 ? 1 : state.page,
      itemsPerPage: state.perPage <= 0 ? ALL_ROWS : state.perPage,
      sortBy: [sort.key],
      sortDesc: [sort.desc],
    },
    search: state.search,
    draw,
  };
  if (Object.keys(queries).length > 0) request.queries = queries;
  return request;
}

export const isBareSearch = (search: ListSearch): boolean => Object.values(search).every((v) => v === undefined);

// ── Last state per list (localStorage) ───────────────────────────────────────────────────────────

const STORAGE_PREFIX = 'panel-console:list';

export const listStorageKey = (listId: string, staffId?: string | number | null): string => `${STORAGE_PREFIX}:${staffId ?? 'anonymous'}:${listId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (privacy mode)
  }
}

/** The stored search of a list, or null. The page is never restored. */
export function loadLastSearch(key: string): ListSearch | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const search: ListSearch = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (k !== 'page' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) search[k] = v;
    }
    return isBareSearch(search) ? null : search;
  } catch {
    return null;
  }
}

export function saveLastSearch(key: string, search: ListSearch): void {
  const { page: _page, ...rest } = search;
  const store = storage();
  if (!store) return;
  try {
    if (isBareSearch(rest)) store.removeItem(key);
    else store.setItem(key, JSON.stringify(rest));
  } catch {
    // Quota exceeded: remembering filters is a convenience, never an error.
  }
}

export function clearLastSearch(key: string): void {
  storage()?.removeItem(key);
}

/** Forgets every list state of a staff member (logout). */
export function clearStaffListStates(staffId: string | number): void {
  const store = storage();
  if (!store) return;
  const prefix = `${STORAGE_PREFIX}:${staffId}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
