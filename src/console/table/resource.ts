/**
 * Resource declarations: one object per list, read by the table, the row menu, the bulk bar, the
 * keyboard shortcuts and the command palette (DESIGN.md §3).
 *
 * ── Declaring a resource (src/console/areas/<area>/resources.tsx) ───────────────────────────────
 *
 *   export const usersResource = defineResource({
 *     name: 'users', title: 'Users', nouns: ['user', 'users', 'u'],
 *     endpoint: 'usersTable',                  // a table endpoint of src/contract/endpoints.ts
 *     rowSchema: userRowSchema,                // the contract's row schema: types every callback
 *     columns: [
 *       { key: 'id', header: 'ID', sortable: true, filter: { kind: 'text' } },
 *       { key: 'status', header: 'Status', render: (u) => <StatusLabel value={u.status} />,
 *         filter: { kind: 'multiSelect', options: USER_STATUS_OPTIONS } },
 *       { key: 'balance', header: 'Balance', sortable: true, filter: { kind: 'numberRange' },
 *         render: (u) => <CostLabel value={u.balance} /> },
 *       { key: 'currentGrade.name', header: 'Grade', permission: 'viewGrades', visible: false },
 *       { key: 'createdAt', header: 'Created', sortable: true, filter: { kind: 'dateRange' },
 *         render: (u) => <DateTime value={u.createdAt} /> },
 *     ],
 *     defaultFilters: { status: ['active'] },      // default sort: id desc; 30 rows
 *     describe: (u) => `user ${u.email}`,          // palette and messages ("freeze user bob@…")
 *     state: (u) => u.status,                      // reasons: "…cannot be frozen: it is frozen."
 *     open: (u) => `/users/${u.id}`,               // Enter / double click on a row
 *     rowActions: [
 *       { id: 'freeze', label: 'Freeze', past: 'frozen', flag: 'freezable', permission: 'freezeUsers',
 *         shortcut: 'f', hidden: (u) => u.status === 'frozen',
 *         confirm: { text: (u) => `Freeze ${u.email}?`, undoable: true },
 *         mutation: { endpoint: 'usersFreeze', body: (u) => ({ userId: u.id }) } },
 *       defineRowAction<UserRow, { gradeId: number }>({ id: 'grade', label: 'Change grade',
 *         dialog: ChangeGradeDialog,               // gets {row, rows, onSubmit, onCancel, errors, …}
 *         mutation: { endpoint: 'usersChangeGrade', body: (u, input) => ({ userId: u.id, ...input }) } }),
 *     ],
 *     bulkActions: [
 *       { id: 'freeze', label: 'Freeze', past: 'frozen', flag: 'freezable', permission: 'freezeUsers',
 *         confirm: { text: (rows) => `Freeze ${rows.length} users?`, undoable: true },
 *         mutation: { endpoint: 'usersBulkActions', body: (ids) => ({ action: 'freeze', usersIds: ids.map(Number) }) },
 *         results: (answer, ids) => …per-id outcomes… },
 *     ],
 *   });
 *
 * `mutation` is either an endpoint call (body/params/query typed by the endpoint named) or an
 * async function. A dialog uses `useActionForm({ initialValues, errors })` so server field errors
 * land on its fields, and `<DialogActions>` for its buttons.
 *
 * ── Mounting its list route (code-based TanStack Router) ────────────────────────────────────────
 *
 *   export const usersRoute = createRoute({
 *     getParentRoute: () => authenticatedRoute, path: 'users',
 *     validateSearch: listSearchSchema(usersResource),
 *     component: function UsersList() {
 *       const search = usersRoute.useSearch();
 *       const navigate = usersRoute.useNavigate();
 *       return <ResourceTable resource={usersResource} search={search}
 *                 onSearchChange={(next) => navigate({ search: next, replace: true })} />;
 *     },
 *   });
 *
 * An embedded list (a user's orders on the profile) keeps its search in useState, passes
 * `queries={{ userId: id }}` and a `listId`.
 *
 * ── What the app mounts once ────────────────────────────────────────────────────────────────────
 *
 *   <MantineProvider> <QueryClientProvider> (inside the router context)
 *     <ListEngineProvider staffId={profile?.id ?? null} can={can} navigate={(href) => router.navigate({ href })}>
 *   and on logout: `await clearStaffCache(staffId, queryClient)` (src/console/offline).
 *
 * Filters, sort, page, page size, search and visible columns live in the URL (./urlState.ts); the
 * last state of each list is kept in localStorage and restored when the list is opened bare.
 * The palette reads `useActiveList()` (focused row, selection) and runs actions with
 * `useRunAction().row(resource, actionId, row)` / `.bulk(resource, actionId, rows)`.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ResponseOf } from '../../contract/endpoint';
import type { EndpointName, Endpoints } from '../../contract/endpoints';
import type { Permission } from '../../contract/permissions';
import { DEFAULT_PAGE_SIZE, type TableRequest } from '../../contract/table';
import type { BulkActionDef, RowActionDef, RowKey } from '../actions/types';
import { normalizeFilter, type FilterSpec, type FilterValue } from './filters';

/** Endpoint names whose answer is a table response ({items, totalItemsCount, draw}). */
export type TableEndpointName = {
  [N in EndpointName]: ResponseOf<Endpoints[N]> extends { items: unknown[]; totalItemsCount: number } ? N : never;
}[EndpointName];

export type Align = 'left' | 'center' | 'right';

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

export interface ResourceDef<Row> {
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
  rowSchema: z.ZodType<Row>;
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
  /** Permission needed to see the list at all (the route guard checks it too). */
  permission?: Permission;
}

export interface Resource<Row> extends ResourceDef<Row> {
  readonly itemKey: Extract<keyof Row, string>;
  readonly defaultSort: SortState;
  readonly defaultFilters: Readonly<Record<string, FilterValue>>;
  readonly defaultPerPage: number;
  readonly queries: Readonly<Record<string, QueryParamDef>>;
  readonly rowActions: readonly RowActionDef<Row, any>[];
  readonly bulkActions: readonly BulkActionDef<Row, any>[];
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

/** Validates a declaration and fills its defaults. Mistakes throw at import time, not at click time. */
export function defineResource<S extends z.ZodType>(
  def: Omit<ResourceDef<z.output<S>>, 'rowSchema'> & { rowSchema: S },
): Resource<z.output<S>> {
  type Row = z.output<S>;
  const name = def.name;
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
  for (const action of def.rowActions ?? []) {
    if (actionIds.has(action.id)) fail(name, `duplicate row action '${action.id}'`);
    actionIds.add(action.id);
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
    rowSchema: def.rowSchema as unknown as z.ZodType<Row>,
    itemKey,
    defaultSort,
    defaultFilters,
    defaultPerPage: perPage,
    queries,
    rowActions: def.rowActions ?? [],
    bulkActions: def.bulkActions ?? [],
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
