import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { SearchChangeOptions } from '../resource/area';
import { isCancelledError, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ColumnFilter } from '../../contract/table';
import { errorMessage, isCancellation } from '../api/errors';
import { BulkBar } from '../actions/BulkBar';
import { RowActionsMenu } from '../actions/RowActionsMenu';
import type { RowKey } from '../resource/actions';
import { useRunAction } from '../actions/useRunAction';
import { mayRun } from '../actions/permission';
import { formatDateTime } from '../ui/format';
import { defaultCell } from './cells';
import { ColumnChooser } from './ColumnChooser';
import { ColumnHeader } from './ColumnFilter';
import { DataGrid, type GridColumn, type GridRowMenu, type GridSelection } from './DataGrid';
import { DensityToggle, useDensity } from './density';
import { ExportButton } from './ExportButton';
import { useActionError, useListEngine } from '../list/engineContext';
import { isEmptyFilter, type FilterValue } from '../resource/filters';
import { ResetIcon } from './icons';
import { listQueryOptions, type PathParams } from '../list/listQuery';
import { permittedColumns, valueAtPath, type Resource } from '../resource/resource';
import classes from './ResourceTable.module.css';
import { FilterChips } from './FilterChips';
import { usePreloadedDialogs } from './usePreloadedDialogs';
import { useTableFocus } from './useTableFocus';
import { rememberOpenedRow } from './openedRow';
import { useTableKeys } from './useTableKeys';
import { useTableSelection } from './useTableSelection';
import { SearchBox } from './SearchBox';
import { TableFooter } from './TableFooter';
import { useFirstPaintRows } from './useFirstPaintRows';
import { useListState } from '../list/useListState';
import { defaultTableState, filterSpecs, listStorageKey, searchFromTableState, toTableRequest, withFilter, type ListSearch } from '../list/urlState';
import { ViewsMenu } from '../views/ViewsMenu';

/**
 * A server-paged list of one resource: column filters, sorting, column chooser, search, 'Reset
 * filter', footer paging, row selection with a bulk bar, a row menu, keyboard navigation and
 * shortcuts. Router-agnostic: the route passes its search params and writes them back in
 * `onSearchChange` (a new history entry, or a replaced one when `replace` is asked: the search box).
 *
 * Rows are one line, the focused one too: long values are cut with an ellipsis, and a cut value is
 * whole in its title when the pointer or the focus reaches it; the member picks comfortable or compact rows (kept per member). The selection,
 * the first column (the id) and the row menu stay pinned when the table scrolls sideways.
 */
export interface ResourceTableProps<Row> {
  resource: Resource<Row>;
  /** The route's validated search params (listSearchSchema). */
  search: ListSearch;
  onSearchChange: (search: ListSearch, options?: SearchChangeOptions) => void;
  /** Path parameters of the table endpoint (lists nested under a parent). */
  params?: PathParams;
  /** Fixed extra queries (an embedded list scoped to a parent); never in the URL. */
  queries?: Record<string, ColumnFilter>;
  /** Distinguishes two tables of one resource (remembered state, element ids). Default: resource name. */
  listId?: string;
  /** Remember the last state in localStorage and restore it on a bare URL. Default true. */
  remember?: boolean;
  /** Extra toolbar content (a 'Create' button…). */
  toolbar?: ReactNode;
}

const STALE_NOTICE_MS = 60_000;

export function ResourceTable<Row>({
  resource,
  search,
  onSearchChange,
  params,
  queries,
  listId: listIdProp,
  remember = true,
  toolbar,
}: ResourceTableProps<Row>) {
  const { can, staffId, navigate, onOpenRow, store } = useListEngine();
  const run = useRunAction();
  const [density, setDensity] = useDensity(staffId);
  const listId = listIdProp ?? resource.name;
  const { state, setState, reset } = useListState(resource, search, onSearchChange, {
    storageKey: listStorageKey(listId, staffId),
    remember,
  });

  const columns = useMemo(() => permittedColumns(resource, can), [resource, can]);
  // What "Export CSV" writes: the visible columns the member may see, in their order.
  const exportColumns = useMemo(() => columns.filter((c) => state.columns.includes(c.key)), [columns, state.columns]);
  // Lists under a parent (path params) have no export: the server cannot see their scope.
  const startExport = useRef<() => void>(() => {});
  // The list's state as a saved view keeps it: its URL search, from page 1.
  const viewQuery = useMemo(() => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(searchFromTableState(resource, { ...state, page: 1 }))) params.set(key, String(value));
    return params.toString();
  }, [resource, state]);
  const specs = useMemo(() => filterSpecs(resource), [resource]);
  // Callers pass `queries` as a literal: it is compared by content, not identity.
  const queriesKey = JSON.stringify(queries ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `queries` is compared by content (queriesKey), not identity
  const request = useMemo(() => {
    const { draw: _draw, ...rest } = toTableRequest(resource, state, 0, { can, queries });
    return rest;
  }, [resource, state, can, queriesKey]);

  const query = useQuery(listQueryOptions(resource, request, { staffId, params }));
  const rows: Row[] = useMemo(() => query.data?.items ?? [], [query.data]);
  const total = query.data?.totalItemsCount ?? 0;
  const loadError = query.error && !isCancellation(query.error) && !isCancelledError(query.error) ? query.error : null;
  const updating = query.isFetching && query.data !== undefined;
  const offline = query.fetchStatus === 'paused';
  // A saved answer without its time (0) is not "saved in 1970": it says nothing.
  const savedAt =
    query.data !== undefined && query.dataUpdatedAt > 0 && query.isStale && Date.now() - query.dataUpdatedAt > STALE_NOTICE_MS ? query.dataUpdatedAt : null;
  const actionError = useActionError(resource.name);

  // ── selection and focus ──────────────────────────────────────────────────────────────────────
  const bulkAllowed = resource.bulkActions.some((a) => mayRun(a, can));
  const rowActionsAllowed = resource.rowActions.some((a) => mayRun(a, can));
  const collectionActions = useMemo(() => resource.collectionActions.filter((a) => mayRun(a, can)), [resource, can]);
  usePreloadedDialogs(resource);
  const [menuKey, setMenuKey] = useState<RowKey | null>(null);
  const menuFromKeyboard = useRef(false);
  const [resets, setResets] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const rowDomId = (row: Row) => `${listId}-row-${String(resource.keyOf(row)).replace(/[^A-Za-z0-9_-]/g, '_')}`;

  const { selectedKeys, selectedRows, clearSelection, toggleSelected, selectRangeTo, toggleAll } = useTableSelection(
    resource,
    rows,
    JSON.stringify([request, params ?? null]),
  );
  // A list state of its own (filters, sort, page): where an opened row is remembered for Back.
  const place = `${listStorageKey(listId, staffId)}:${JSON.stringify([request, params ?? null])}`;
  const { focusedKey, focusedRow, setFocusedKey, moveFocus, focusTable } = useTableFocus(resource, rows, query, containerRef, rowDomId, place);

  const controls = useRef({
    clearSelection,
    focusRow: (key: RowKey | null) => setFocusedKey(key),
    refresh: () => void query.refetch(),
    focus: () => {},
  });
  controls.current.refresh = () => void query.refetch();
  controls.current.focus = focusTable;

  const snapshot = useMemo(
    () => ({ listId, resource, rows, focusedRow, selectedRows, controls: controls.current }),
    [listId, resource, rows, focusedRow, selectedRows],
  );
  useEffect(() => store.publish(snapshot), [store, snapshot]);
  useEffect(() => () => store.unpublish(listId), [store, listId]);

  // A page beyond the end (rows deleted meanwhile, or a link to a page an estimated total
  // promised): go to the last page with rows — computed from an exact total, one page back from
  // an estimate (which may be far off), so no page is ever shown empty.
  const estimate = query.data?.totalIsEstimate === true;
  useEffect(() => {
    if (!query.isFetching && query.data && rows.length === 0 && state.page > 1 && total > 0 && state.perPage > 0) {
      setState((s) => ({ ...s, page: estimate ? s.page - 1 : Math.max(1, Math.min(s.page - 1, Math.ceil(total / s.perPage))) }), { replace: true });
    }
  }, [query.isFetching, query.data, rows.length, state.page, state.perPage, total, estimate, setState]);

  const openRow = (row: Row) => {
    if (!resource.open) return;
    rememberOpenedRow(place, resource.keyOf(row));
    onOpenRow?.(resource, row);
    navigate(resource.open(row));
  };

  const runRowAction = (actionId: string, row: Row) => {
    setMenuKey(null);
    void run.row(resource, actionId, row);
  };

  const runBulkAction = (actionId: string) => {
    void run.bulk(resource, actionId, selectedRows, { onFinished: clearSelection });
  };

  useTableKeys(containerRef, () => store.getActive()?.listId === listId, {
    resource,
    focusedRow,
    hasSelection: selectedKeys.length > 0,
    bulkAllowed,
    rowActionsAllowed,
    collectionActions,
    moveFocus,
    toggleSelected,
    selectRangeTo,
    clearSelection,
    openRow,
    openRowMenu: (row) => {
      menuFromKeyboard.current = true;
      setMenuKey(resource.keyOf(row));
    },
    runRowAction,
    runCollectionAction: (actionId) => void run.collection(resource, actionId),
    startExport: () => startExport.current(),
  });

  // ── columns ──────────────────────────────────────────────────────────────────────────────────
  const setFilter = useCallback((key: string, value: FilterValue | undefined) => setState((s) => withFilter(resource, s, key, value)), [resource, setState]);
  // Another column starts ascending; the same column flips.
  const sortBy = useCallback(
    (key: string) => setState((prev) => ({ ...prev, sort: { key, desc: key === prev.sort.key ? !prev.sort.desc : false }, page: 1 })),
    [setState],
  );
  // The columns change only when what their cells show changes: a new array on every render (a
  // filter or sort, a row focused with j/k, a counter tick) would render every row again. Headers
  // are drawn from the current state on every render.
  const gridColumns = useMemo(
    (): GridColumn<Row>[] =>
      columns
        .filter((c) => state.columns.includes(c.key))
        .map((column) => ({
          key: column.key,
          width: column.width,
          align: column.align,
          render: column.render ?? ((row: Row) => defaultCell(valueAtPath(row, column.key), column.key)),
        })),
    [columns, state.columns],
  );
  const renderHeader = (gridColumn: GridColumn<Row>) => {
    const column = columns.find((c) => c.key === gridColumn.key)!;
    const value = state.filters[column.key];
    const active = column.filter !== undefined && !isEmptyFilter(column.filter.kind, value);
    const sorted = column.sortable ? (state.sort.key === column.key ? (state.sort.desc ? 'desc' : 'asc') : null) : undefined;
    return (
      <ColumnHeader
        header={column.header}
        sorted={sorted}
        onSort={column.sortable ? () => sortBy(column.key) : undefined}
        filter={column.filter ? { spec: column.filter, value, active, onChange: (next) => setFilter(column.key, next) } : undefined}
      />
    );
  };

  // A row's menu runs the latest action handler: rows are memoised and keep the handler of the
  // render that last drew them.
  const runRowActionRef = useRef(runRowAction);
  runRowActionRef.current = runRowAction;
  const rowMenu: GridRowMenu<Row> | undefined = rowActionsAllowed
    ? {
        label: 'Actions',
        openKey: menuKey,
        render: (row, opened) => {
          const key = resource.keyOf(row);
          return (
            <RowActionsMenu
              resource={resource}
              row={row}
              can={can}
              onRun={(actionId) => runRowActionRef.current(actionId, row)}
              opened={opened}
              onOpenedChange={(next) => {
                setMenuKey(next ? key : null);
                if (next || !menuFromKeyboard.current) return;
                // A menu opened with the period key gives the focus back to the table, not to its button
                // (unless an action's dialog has taken it meanwhile).
                menuFromKeyboard.current = false;
                setTimeout(() => {
                  if (document.activeElement === null || document.activeElement === document.body) containerRef.current?.focus({ preventScroll: true });
                });
              }}
            />
          );
        },
      }
    : undefined;

  const selection: GridSelection<Row> | undefined = bulkAllowed
    ? {
        keys: selectedKeys,
        onToggle: (row, range) => (range ? selectRangeTo(row) : toggleSelected(row)),
        onToggleAll: toggleAll,
        label: (row) => `Select ${resource.describe(row)}`,
        allLabel: 'Select all rows on this page',
      }
    : undefined;

  const title = resource.title;
  const perPage = state.perPage;

  const firstPaintRows = useFirstPaintRows(rows, density);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <SearchBox
            key={resets}
            label={`Search ${title.toLowerCase()}`}
            placeholder={resource.searchPlaceholder}
            value={state.search}
            onSearch={(text) => setState((s) => ({ ...s, search: text, page: 1 }), { replace: true })}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<ResetIcon />}
            onClick={() => {
              clearSelection();
              setResets((n) => n + 1); // drops a search still waiting for its quiet period
              reset();
            }}
          >
            Reset filter
          </Button>
          <ColumnChooser
            columns={columns}
            visible={state.columns}
            onChange={(visible) => setState((s) => ({ ...s, columns: visible }))}
            onDefaults={() => setState((s) => ({ ...s, columns: defaultTableState(resource).columns }))}
          />
          <DensityToggle density={density} onChange={setDensity} />
          {updating && (
            <Group gap={4} role="status" aria-live="polite" data-testid="table-updating">
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                Updating…
              </Text>
            </Group>
          )}
          {!offline && savedAt !== null && (
            <Text size="xs" c="dimmed">
              Saved {formatDateTime(savedAt)}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {!params && (
            <ExportButton
              resource={resource}
              request={request}
              columns={exportColumns}
              total={query.data?.totalItemsCount}
              totalIsEstimate={query.data?.totalIsEstimate}
              startRef={startExport}
              fromPalette={listIdProp === undefined}
            />
          )}
          {listIdProp === undefined && resource.path && <ViewsMenu resource={resource} query={viewQuery} />}
          {toolbar}
          {collectionActions.map((action) => (
            <Button
              key={action.id}
              size="xs"
              color={action.color}
              leftSection={action.icon}
              aria-keyshortcuts={action.shortcut}
              onClick={() => void run.collection(resource, action.id)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>

      <FilterChips resource={resource} columns={columns} specs={specs} filters={state.filters} onRemove={(key) => setFilter(key, undefined)} />

      {loadError && (
        <Alert color="red" title={`Could not load ${title.toLowerCase()}`} role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorMessage(loadError)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {actionError && (
        <Alert color="orange" withCloseButton closeButtonLabel="Dismiss" onClose={() => store.setActionError(resource.name, null)}>
          {actionError}
        </Alert>
      )}

      {bulkAllowed && <BulkBar resource={resource} rows={selectedRows} can={can} onRun={runBulkAction} onClear={clearSelection} />}

      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a table and its shortcuts */}
      <div
        ref={containerRef}
        className={classes.container}
        data-selectable={bulkAllowed || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table takes the focus for its keyboard commands (j, k, x, Enter)
        tabIndex={0}
        role="group"
        aria-label={`${title} table. j and k move, x selects, Enter opens, period opens the row menu, Shift+E exports CSV`}
        aria-busy={query.isFetching}
        aria-activedescendant={focusedRow ? rowDomId(focusedRow) : undefined}
        onFocus={() => {
          // With two lists on screen, the one last focused is the palette's "active list".
          if (store.getActive() !== snapshot) store.publish(snapshot);
        }}
      >
        <DataGrid<Row>
          rows={firstPaintRows}
          columns={gridColumns}
          renderHeader={renderHeader}
          sort={state.sort}
          rowKey={resource.keyOf}
          rowId={rowDomId}
          focusedKey={focusedKey}
          loading={query.isPending && !loadError}
          emptyText="No data found"
          density={density}
          selection={selection}
          rowMenu={rowMenu}
          onRowClick={(row) => {
            setFocusedKey(resource.keyOf(row));
            containerRef.current?.focus({ preventScroll: true });
          }}
          onRowDoubleClick={openRow}
        />
      </div>

      <TableFooter
        page={state.page}
        perPage={perPage}
        total={total}
        totalIsEstimate={query.data?.totalIsEstimate}
        rowCount={rows.length}
        loading={query.isFetching}
        onPageChange={(page) => setState((s) => ({ ...s, page }))}
        onPerPageChange={(size) => setState((s) => ({ ...s, perPage: size, page: 1 }))}
      />
    </Stack>
  );
}
