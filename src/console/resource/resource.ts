/**
 * Resource declarations: one object per list, read by the table, the row menu, the bulk bar, the
 * toolbar, the keyboard shortcuts and the command palette.
 *
 * The list's column table is the contract's (src/contract/<area>/columns.ts): filter kind,
 * options, sortability and permission come from there. A resource gives only what is the
 * console's own: header text, width, render, how a filter is shown, and the actions.
 *
 *   export const usersResource = defineResource({
 *     name: 'users', title: 'Users', nouns: ['user', 'users', 'u'],
 *     endpoint: 'usersTable', table: USERS_TABLE,     // the endpoint and its column table
 *     columns: [
 *       { key: 'id', header: 'ID', width: 90 },          // keys are the table's, type-checked
 *       { key: 'status', header: 'Status', render: (u) => <StatusLabel value={u.status} /> },
 *       { key: 'balance', header: 'Balance', filterUi: { decimals: 2 }, render: (u) => <CostLabel value={u.balance} /> },
 *       { key: 'currentGrade.name', header: 'Grade', filterUi: { useOptions: useGradeOptions }, visible: false },
 *     ],
 *     defaultFilters: { status: ['active'] },      // default sort: id desc; 30 rows
 *     describe: (u) => `user ${u.email}`,          // palette and messages ("freeze user bob@…")
 *     state: (u) => u.status,                      // reasons: "…cannot be frozen: it is frozen."
 *     open: (u) => `/users/${u.id}`,               // Enter / double click on a row
 *     path: '/users',                              // the list screen (its route is built from it)
 *     rowActions: [transitionAction(...), editAction({...})],   // resource/actionFactories.ts
 *     bulkActions: [...], collectionActions: [createAction({...})],
 *   });
 *
 * `mutation` is either an endpoint call (body/params/query typed by the endpoint named) or an
 * async function. Dialogs are forms of src/console/forms; they load with their screen's chunk.
 *
 * An embedded list (a user's orders on the profile) keeps its search in useState, passes
 * `queries={{ userId: id }}` and a `listId`.
 *
 * Filters, sort, page, page size, search and visible columns live in the URL (./urlState.ts); the
 * last state of each list is kept in localStorage and restored when the list is opened bare.
 * The palette reads `useActiveList()` (focused row, selection) and runs actions with
 * `useRunAction().row(resource, actionId, row)` / `.bulk(resource, actionId, rows)`.
 */
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, type ColumnKey, type ColumnSpec, type QueryKey, type QuerySpec, type TableSpec } from '../../contract/columns';
import type { EndpointPermission, ResponseOf } from '../../contract/endpoint';
import { endpointRoutes } from '../../contract/endpointRoutes';
import type { EndpointName, Endpoints } from '../../contract/endpoints';
import type { Permission } from '../../contract/permissions';
import type { TableRequest } from '../../contract/table';
import type { BulkActionDef, CollectionActionDef, RowActionDef, RowKey } from './actions';
import { humanize } from '../ui/format';
import { normalizeFilter, type FilterOption, type FilterSpec, type FilterValue } from './filters';

/** Endpoint names whose answer is a table response ({items, totalItemsCount, draw}). */
export type TableEndpointName = {
  [N in EndpointName]: ResponseOf<Endpoints[N]> extends { items: unknown[]; totalItemsCount: number } ? N : never;
}[EndpointName];

/** A table endpoint's row type. */
export type RowOfEndpoint<N extends TableEndpointName> = ResponseOf<Endpoints[N]> extends { items: (infer R)[] } ? R : never;

export type Align = 'left' | 'center' | 'right';

/**
 * How a column's filter is shown (its kind comes from the contract): a text box's placeholder;
 * the labels of a select's fixed options, or a hook for options fetched at run time; decimals and
 * bounds of a number range; the words of yes/no.
 */
export interface FilterUi {
  placeholder?: string;
  labels?: Readonly<Record<string, string>>;
  useOptions?: () => readonly FilterOption[];
  decimals?: number;
  min?: number;
  max?: number;
  step?: number;
  trueLabel?: string;
  falseLabel?: string;
}

/** A column as a resource declares it: the key is the contract's; the rest is presentation. */
export interface ColumnInput<Row, K extends string = string> {
  key: K;
  header: string;
  render?: (row: Row) => ReactNode;
  filterUi?: FilterUi;
  /** Shown by default; default true. */
  visible?: boolean;
  /** Can be hidden in the column chooser; default true. */
  hideable?: boolean;
  width?: number | string;
  align?: Align;
}

/** A column as the table reads it: the contract's facts joined with the presentation. */
export interface ColumnDef<Row> {
  /** The header `value` sent to the server, the URL param of its filter, and the default accessor (dot path). */
  key: string;
  /** Header text. */
  header: string;
  /** Cell content; default: the value at `key`, formatted by type. */
  render?: (row: Row) => ReactNode;
  /** Hidden (and not requested) without this permission. */
  permission?: Permission;
  filter?: FilterSpec;
  sortable?: boolean;
  /** Shown by default; default true. */
  visible?: boolean;
  /** Can be hidden in the column chooser; default true. */
  hideable?: boolean;
  width?: number | string;
  align?: Align;
}

/** An extra named filter sent as `request.queries` (orders: the source type and its id). */
export interface QueryParamDef {
  label: string;
  filter: FilterSpec;
}

export interface SortState {
  key: string;
  desc: boolean;
}

interface ResourceDef<Row> {
  /** Unique list name: query keys, storage keys, palette and element ids. */
  name: string;
  /** Screen title ('Orders'). */
  title: string;
  /** Palette words: singular first, plural second, then aliases (['order', 'orders', 'o']). */
  nouns: readonly [string, ...string[]];
  endpoint: TableEndpointName;
  /**
   * How the table request travels, for list endpoints that do not take the table protocol as
   * is. Default: the JSON body for POST, `?q=<JSON>` for GET.
   */
  encodeRequest?: (request: TableRequest) => { body?: unknown; query?: Record<string, unknown> };
  /** The list's column table (the contract's, bound to `endpoint`). */
  table: TableSpec;
  /** Row key; default 'id'. */
  itemKey?: Extract<keyof Row, string>;
  columns: readonly ColumnDef<Row>[];
  /** Default 'id' descending. */
  defaultSort?: SortState;
  defaultFilters?: Readonly<Record<string, FilterValue>>;
  /** Default 30. */
  defaultPerPage?: number;
  queries?: Readonly<Record<string, QueryParamDef>>;
  // Input types differ per action; `any` lets one list hold them all (defineRowAction keeps each typed).
  rowActions?: readonly RowActionDef<Row, any>[];
  bulkActions?: readonly BulkActionDef<Row, any>[];
  /** Actions on the list as a whole ("New coupon"): toolbar buttons, palette commands, shortcuts. */
  collectionActions?: readonly CollectionActionDef[];
  /** How the palette and messages name a row: 'order 123' (default '<noun> <key>'). */
  describe?: (row: Row) => string;
  /** The row's state in words, for disabled-action reasons: "…: it is completed." */
  state?: (row: Row) => string | null | undefined;
  /** Path opened by Enter on a row (and by the palette). */
  open?: (row: Row) => string;
  /** Path of the list screen ('/orders'): the palette's filtered-list commands ("orders completed"). */
  path?: string;
  /** A second line for the palette's record results ("bob@example.com · active"). */
  subtitle?: (row: Row) => string;
  /**
   * How the palette finds records: by id (default: when `open` is set), by e-mail (the column
   * holding it), by the list's search box.
   */
  lookup?: { byId?: boolean; email?: string; search?: boolean };
  searchPlaceholder?: string;
}

export interface Resource<Row> extends ResourceDef<Row> {
  /**
   * Permission needed to see the list at all: its table endpoint's, from the route table (any of
   * several, when the endpoint admits several; 'authenticated' for a list any signed-in member sees).
   */
  readonly permission: EndpointPermission;
  readonly itemKey: Extract<keyof Row, string>;
  readonly defaultSort: SortState;
  readonly defaultFilters: Readonly<Record<string, FilterValue>>;
  readonly defaultPerPage: number;
  readonly queries: Readonly<Record<string, QueryParamDef>>;
  readonly rowActions: readonly RowActionDef<Row, any>[];
  readonly bulkActions: readonly BulkActionDef<Row, any>[];
  readonly collectionActions: readonly CollectionActionDef[];
  readonly describe: (row: Row) => string;
  readonly keyOf: (row: Row) => RowKey;
  /** Column keys shown when the URL names none. */
  readonly defaultColumns: readonly string[];
}

// Rows are heterogeneous across resources; stores and the palette hold any of them.
export type AnyResource = Resource<any>;
export type RowOf<R> = R extends Resource<infer Row> ? Row : never;

/** Search params every list uses; column and query keys may not take these names. */
export const RESERVED_SEARCH_KEYS = ['page', 'perPage', 'sort', 'search', 'cols'] as const;
/** Keys the table's keyboard handling owns (and g, which starts the app's go sequences); action shortcuts may not take them. */
export const RESERVED_SHORTCUTS = ['j', 'k', 'x', '.', '/', '?', 'g'] as const;

/** Reads a dot path ('user.email'). */
export function valueAtPath(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function fail(resource: string, message: string): never {
  throw new Error(`Resource '${resource}': ${message}`);
}

/** What a resource declares, for a given row type; see the example at the top of this file. */
export type ResourceInputOf<Row, T extends TableSpec> = Omit<ResourceDef<Row>, 'table' | 'columns' | 'queries' | 'defaultFilters' | 'defaultSort'> & {
  table: T;
  columns: readonly ColumnInput<Row, ColumnKey<T>>[];
  /** Labels (and filter presentation) of the table's extra named filters. */
  queries?: { readonly [K in QueryKey<T>]?: { label: string; filterUi?: FilterUi } };
  defaultFilters?: { readonly [K in ColumnKey<T> | QueryKey<T>]?: FilterValue };
  defaultSort?: { key: ColumnKey<T>; desc: boolean };
};

/** What a resource declares: its rows are typed by its table endpoint's answer. */
export type ResourceInput<N extends TableEndpointName, T extends TableSpec> = ResourceInputOf<RowOfEndpoint<N>, T> & { endpoint: N };

/** The table's filter editor for a contract column or query: its kind, with the resource's presentation. */
export function filterSpecOf(spec: ColumnSpec | QuerySpec, ui: FilterUi = {}): FilterSpec | undefined {
  const option = (value: string): FilterOption => ({ value, label: ui.labels?.[value] ?? humanize(value) });
  switch (spec.filter) {
    case undefined:
      return undefined;
    case 'text':
      return { kind: 'text', placeholder: ui.placeholder };
    case 'select':
    case 'multiSelect':
      if (ui.useOptions) return { kind: spec.filter, useOptions: ui.useOptions };
      if (spec.options) return { kind: spec.filter, options: spec.options.map(option) };
      return spec.filter === 'select' ? { kind: 'select', placeholder: ui.placeholder } : { kind: 'multiSelect', options: [] };
    case 'numberRange':
      return { kind: 'numberRange', decimals: ui.decimals, min: ui.min, max: ui.max, step: ui.step };
    case 'dateRange':
      return { kind: 'dateRange' };
    case 'boolean':
      return { kind: 'boolean', trueLabel: ui.trueLabel, falseLabel: ui.falseLabel };
  }
}

/** Validates a declaration, joins it with its contract column table and fills its defaults. Mistakes throw at import time. */
export function defineResource<N extends TableEndpointName, T extends TableSpec>(input: ResourceInput<N, T>): Resource<RowOfEndpoint<N>> {
  return buildResource(input);
}

/** The same, for rows typed by hand (test fixtures): `defineResourceOf<MyRow>()({...})`. */
export const defineResourceOf =
  <Row>() =>
  <T extends TableSpec>(input: ResourceInputOf<Row, T>): Resource<Row> =>
    buildResource(input);

function buildResource<Row, T extends TableSpec>(input: ResourceInputOf<Row, T>): Resource<Row> {
  const name = input.name;
  const columns: ColumnDef<Row>[] = input.columns.map(({ filterUi, ...column }) => {
    const spec = (input.table.columns as Record<string, ColumnSpec | undefined>)[column.key];
    if (!spec) fail(name, `column '${column.key}' is not in the contract's column table`);
    return { ...column, filter: filterSpecOf(spec, filterUi), sortable: spec.sortable === true, permission: spec.permission };
  });
  const queryInput = (input.queries ?? {}) as Record<string, { label: string; filterUi?: FilterUi } | undefined>;
  const joinedQueries: Record<string, QueryParamDef> = {};
  for (const [key, spec] of Object.entries(input.table.queries)) {
    const filter = filterSpecOf(spec, queryInput[key]?.filterUi);
    if (filter) joinedQueries[key] = { label: queryInput[key]?.label ?? humanize(key), filter };
  }
  const def: ResourceDef<Row> = { ...(input as unknown as ResourceDef<Row>), columns, queries: joinedQueries };
  if (!/^[a-z][a-zA-Z0-9-]*$/.test(name)) fail(name, 'name must be a simple identifier');
  if (def.nouns.length === 0 || def.nouns.some((n) => !n.trim())) fail(name, 'nouns must not be empty');

  const keys = new Set<string>();
  for (const column of def.columns) {
    if (keys.has(column.key)) fail(name, `duplicate column '${column.key}'`);
    if ((RESERVED_SEARCH_KEYS as readonly string[]).includes(column.key)) fail(name, `column key '${column.key}' is reserved`);
    keys.add(column.key);
  }
  const queries = def.queries ?? {};
  for (const key of Object.keys(queries)) {
    if (keys.has(key) || (RESERVED_SEARCH_KEYS as readonly string[]).includes(key)) fail(name, `query key '${key}' clashes`);
  }

  const itemKey = (def.itemKey ?? 'id') as Extract<keyof Row, string>;
  const defaultSort = def.defaultSort ?? { key: itemKey, desc: true };
  const sortColumn = def.columns.find((c) => c.key === defaultSort.key);
  if (sortColumn && !sortColumn.sortable && defaultSort.key !== itemKey) fail(name, `default sort '${defaultSort.key}' is not sortable`);

  const defaultFilters: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(def.defaultFilters ?? {})) {
    const spec = def.columns.find((c) => c.key === key)?.filter ?? queries[key]?.filter;
    if (!spec) fail(name, `default filter '${key}' has no filterable column`);
    const normalized = normalizeFilter(spec.kind, value);
    if (normalized === undefined) fail(name, `default filter '${key}' is not a valid ${spec.kind} value`);
    defaultFilters[key] = normalized;
  }

  const perPage = def.defaultPerPage ?? DEFAULT_PAGE_SIZE;

  const actionIds = new Set<string>();
  const shortcuts = new Map<string, string>();
  const collectionIds = new Set<string>();
  for (const action of def.collectionActions ?? []) {
    if (collectionIds.has(action.id)) fail(name, `duplicate collection action '${action.id}'`);
    collectionIds.add(action.id);
  }
  for (const action of [...(def.rowActions ?? []), ...(def.collectionActions ?? [])]) {
    if (!collectionIds.has(action.id)) {
      if (actionIds.has(action.id)) fail(name, `duplicate row action '${action.id}'`);
      actionIds.add(action.id);
    }
    if (action.shortcut !== undefined) {
      const key = action.shortcut;
      if (!/^[a-z0-9]$/.test(key)) fail(name, `shortcut '${key}' of '${action.id}' must be one lower-case letter or digit`);
      if ((RESERVED_SHORTCUTS as readonly string[]).includes(key)) fail(name, `shortcut '${key}' of '${action.id}' is reserved`);
      if (shortcuts.has(key)) fail(name, `shortcut '${key}' is used by '${shortcuts.get(key)}' and '${action.id}'`);
      shortcuts.set(key, action.id);
    }
  }
  const bulkIds = new Set<string>();
  for (const action of def.bulkActions ?? []) {
    if (bulkIds.has(action.id)) fail(name, `duplicate bulk action '${action.id}'`);
    bulkIds.add(action.id);
  }

  const keyOf = (row: Row): RowKey => {
    const value = valueAtPath(row, itemKey);
    return typeof value === 'number' ? value : String(value);
  };
  const noun = def.nouns[0];

  return {
    ...def,
    searchPlaceholder: def.searchPlaceholder ?? (def.table.search ? `Search by ${def.table.search}` : undefined),
    // (A test's fixture may name no endpoint of the contract: anyone signed in sees it.)
    permission: endpointRoutes[def.endpoint]?.permission ?? 'authenticated',
    itemKey,
    defaultSort,
    defaultFilters,
    defaultPerPage: perPage,
    queries,
    rowActions: def.rowActions ?? [],
    bulkActions: def.bulkActions ?? [],
    collectionActions: def.collectionActions ?? [],
    describe: def.describe ?? ((row: Row) => `${noun} ${keyOf(row)}`),
    keyOf,
    defaultColumns: def.columns.filter((c) => c.visible !== false).map((c) => c.key),
  };
}

/** Columns the staff member may see (permission check), in declaration order. */
export function permittedColumns<Row>(resource: Resource<Row>, can: (permission: Permission) => boolean): ColumnDef<Row>[] {
  return resource.columns.filter((c) => !c.permission || can(c.permission));
}

export const allowAll = (): boolean => true;

export const capitalize = (text: string): string => (text ? text[0].toUpperCase() + text.slice(1) : text);
