import { Loader } from '@mantine/core';
import { memo, useEffect, useRef, type CSSProperties, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import type { RowKey } from '../resource/actions';
import a11y from '../ui/a11y.module.css';
import classes from './DataGrid.module.css';
import type { Density } from './density';
import { EmptyIcon } from './icons';
import type { Align } from '../resource/resource';

/**
 * The rows of a list as a plain HTML table: the one home of how a list's rows look and respond.
 * ResourceTable owns what they mean (which rows, focus, selection, actions); this draws them.
 *
 * Rows are one line: long values end in an ellipsis and show whole on hover and focus (one
 * listener for the whole table sets the cell's title when its text is cut). The selection, the
 * first column and the row menu stay pinned when the table scrolls sideways, sticky at offsets
 * known in advance. Each row re-renders only when its own row, focus, selection or menu changes,
 * so j/k on a page of a hundred rows redraws two of them.
 *
 * Plain elements on purpose: a list draws a few hundred cells at once, and a component per cell
 * (a themed box, a themed checkbox) was most of a list's first render.
 */
export interface GridColumn<Row> {
  key: string;
  /** Fixed width; without one a cell grows to DEFAULT_CELL_MAX_WIDTH and cuts the rest. */
  width?: number | string;
  align?: Align;
  render: (row: Row) => ReactNode;
}

export interface GridSelection<Row> {
  keys: readonly RowKey[];
  /** A click on a row's box; `range` when Shift was held (select up to this row). */
  onToggle: (row: Row, range: boolean) => void;
  onToggleAll: () => void;
  /** The box's accessible name: "Select order 12". */
  label: (row: Row) => string;
  allLabel: string;
}

export interface GridRowMenu<Row> {
  /** The header cell's accessible text. */
  label: string;
  render: (row: Row, opened: boolean) => ReactNode;
  /** The row whose menu is open. */
  openKey: RowKey | null;
}

export interface DataGridProps<Row> {
  rows: readonly Row[];
  columns: readonly GridColumn<Row>[];
  renderHeader: (column: GridColumn<Row>) => ReactNode;
  /** The sorted column, announced by its header cell (aria-sort). */
  sort?: { key: string; desc: boolean };
  rowKey: (row: Row) => RowKey;
  /** The row element's id (aria-activedescendant of the list points at it). */
  rowId: (row: Row) => string;
  focusedKey: RowKey | null;
  /** No rows yet: a loader instead of the empty text. */
  loading: boolean;
  emptyText: string;
  density: Density;
  selection?: GridSelection<Row>;
  rowMenu?: GridRowMenu<Row>;
  onRowClick: (row: Row) => void;
  onRowDoubleClick: (row: Row) => void;
}

/** The widest a cell grows when its column declares no width. */
export const DEFAULT_CELL_MAX_WIDTH = 200;
/** Both side paddings of a cell, as DataGrid.module.css sets them. */
const CELL_SIDE_PADDING = 'calc(1rem * var(--mantine-scale))';

export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { rows, columns, renderHeader, sort, rowKey, rowId, focusedKey, loading, emptyText, density, selection, rowMenu } = props;
  // Rows are memoised: they reach the latest handlers through this ref instead of new props.
  const handlers = useRef(props);
  handlers.current = props;

  const selected = selection ? new Set(selection.keys) : null;
  const pageKeys = selection ? rows.map(rowKey) : [];
  const selectedOnPage = selected ? pageKeys.filter((key) => selected.has(key)).length : 0;

  return (
    <div className={classes.scroll}>
      <table
        className={classes.table}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the table is an ARIA grid (rows are focused and selected from the keyboard)
        role="grid"
        aria-multiselectable={Boolean(selection)}
        data-density={density}
        data-selectable={selection ? true : undefined}
        onMouseOver={revealCutText}
        onFocus={revealCutText}
      >
        <thead>
          <tr>
            {selection && (
              <th className={classes.selector} scope="col">
                <AllRowsBox
                  label={selection.allLabel}
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  disabled={rows.length === 0}
                  onChange={() => handlers.current.selection?.onToggleAll()}
                />
              </th>
            )}
            {columns.map((column, index) => (
              <th
                key={column.key}
                scope="col"
                className={index === 0 ? classes.pinStart : undefined}
                style={cellStyles(column).cell}
                aria-sort={sort?.key === column.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
              >
                {renderHeader(column)}
              </th>
            ))}
            {rowMenu && (
              <th className={`${classes.pinEnd} ${classes.menu}`} scope="col">
                <span className={a11y.visuallyHidden}>{rowMenu.label}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <GridRow<Row>
                key={key}
                row={row}
                id={rowId(row)}
                columns={columns}
                focused={key === focusedKey}
                selected={selected ? selected.has(key) : undefined}
                menuOpened={rowMenu ? rowMenu.openKey === key : undefined}
                handlers={handlers}
              />
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && (
        <div className={classes.empty}>
          {loading ? (
            <Loader size="sm" aria-label="Loading" />
          ) : (
            <>
              <EmptyIcon />
              <span>{emptyText}</span>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A column's width holds every cell, padding included (the content is cut at what is left inside
 * the padding); without one a cell's content grows to DEFAULT_CELL_MAX_WIDTH. The width is a
 * floor, never a ceiling: a header wraps between its words, and a column grows to its longest word
 * beside the sort and filter buttons, so a long label in a narrow column never runs over the next
 * header. One set of style objects per column, shared by all its cells.
 */
const columnStyles = new WeakMap<object, { cell?: CSSProperties; content: CSSProperties }>();
function cellStyles(column: { width?: number | string; align?: Align }) {
  let styles = columnStyles.get(column);
  if (!styles) {
    const sized = column.width === undefined ? {} : { width: column.width, minWidth: column.width };
    const cell = column.width === undefined && column.align === undefined ? undefined : { ...sized, textAlign: column.align };
    // The content box: the width less the cell's side padding (DataGrid.module.css), or a long value widens its column.
    const inner =
      column.width === undefined
        ? DEFAULT_CELL_MAX_WIDTH
        : `calc(${typeof column.width === 'number' ? `${column.width}px` : column.width} - ${CELL_SIDE_PADDING})`;
    styles = { cell, content: { maxWidth: inner } };
    columnStyles.set(column, styles);
  }
  return styles;
}

interface GridRowProps<Row> {
  row: Row;
  id: string;
  columns: readonly GridColumn<Row>[];
  focused: boolean;
  /** undefined: the list has no selection. */
  selected: boolean | undefined;
  /** undefined: the list has no row menu. */
  menuOpened: boolean | undefined;
  handlers: { current: DataGridProps<Row> };
}

function GridRowImpl<Row>({ row, id, columns, focused, selected, menuOpened, handlers }: GridRowProps<Row>) {
  const { selection, rowMenu } = handlers.current;
  return (
    <tr
      id={id}
      aria-selected={selected}
      data-focused={focused || undefined}
      onClick={() => handlers.current.onRowClick(row)}
      onDoubleClick={() => handlers.current.onRowDoubleClick(row)}
    >
      {selection && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: only keeps a click on the checkbox's cell from opening the row; the checkbox has its own keys
        <td className={classes.selector} onClick={stop} onDoubleClick={stop}>
          <input
            type="checkbox"
            className={`${classes.box} mantine-focus-auto`}
            aria-label={selection.label(row)}
            checked={selected === true}
            onChange={() => {}}
            onClick={(event) => handlers.current.selection?.onToggle(row, event.shiftKey)}
          />
        </td>
      )}
      {columns.map((column, index) => {
        const style = cellStyles(column);
        return (
          <td key={column.key} className={index === 0 ? classes.pinStart : undefined} style={style.cell}>
            <div className={classes.cell} style={style.content}>
              {column.render(row)}
            </div>
          </td>
        );
      })}
      {rowMenu && <td className={`${classes.pinEnd} ${classes.menu}`}>{rowMenu.render(row, menuOpened === true)}</td>}
    </tr>
  );
}

const GridRow = memo(GridRowImpl) as typeof GridRowImpl;

/** The header's box: checked when every row of the page is, mixed when some are. */
function AllRowsBox({
  label,
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`${classes.box} mantine-focus-auto`}
      aria-label={label}
      aria-checked={indeterminate ? 'mixed' : checked}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** A cut cell's whole text as its title, set when the pointer or the focus reaches it. */
function revealCutText(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) {
  const cell = (event.target as Element | null)?.closest?.(`.${classes.cell}`) as HTMLElement | null;
  if (!cell) return;
  const cut = cell.scrollWidth > cell.clientWidth + 1;
  const text = cut ? (cell.textContent ?? '').replace(/\s+/g, ' ').trim() : '';
  if (text) cell.title = text;
  else cell.removeAttribute('title');
}
