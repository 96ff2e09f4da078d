import { Table, type TableProps, type TableTdProps, type TableTrProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** One column of a small table, declared as data. */
export interface SmallTableColumn<T> {
  header: ReactNode;
  /** The header's accessible name, for a column whose header shows nothing (a delete button's column). */
  headerLabel?: string;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** More props of the row's cell (a colour read from the row, a nowrap style). */
  cellProps?: (row: T) => Omit<TableTdProps, 'children'>;
}

export interface SmallTableProps<T> extends Omit<TableProps, 'children' | 'data'> {
  columns: readonly SmallTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  /** Shown instead of the table when there are no rows; without it an empty table keeps its headers. */
  empty?: ReactNode;
  /** Shown in one full-width row when there are no rows, under the headers that stay. */
  emptyRow?: ReactNode;
  /** The table's accessible name, when no visible caption names it. */
  label?: string;
  /** A visible caption naming the table. */
  caption?: ReactNode;
  /** More props of a row (a click handler, a tint, a `data-` attribute a test finds it by). */
  rowProps?: (row: T, index: number) => Omit<TableTrProps, 'children'> & { [data: `data-${string}`]: string | number | undefined };
  /** Scrolls sideways below this width instead of squeezing the columns. */
  minWidth?: number;
}

/**
 * The small tables of record screens and dialogs (a ledger, an import preview, a statistics
 * block): a header row and one row per item, the columns given as data. Lists use the DataGrid.
 */
export function SmallTable<T>({ columns, rows, rowKey, empty, emptyRow, label, caption, rowProps, minWidth, ...tableProps }: SmallTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const table = (
    <Table aria-label={label} {...tableProps}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, i) => (
            <Table.Th key={i} ta={column.align} w={column.width} aria-label={column.headerLabel}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)} {...rowProps?.(row, index)}>
            {columns.map((column, i) => (
              <Table.Td key={i} ta={column.align} {...column.cellProps?.(row)}>
                {column.render(row, index)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {rows.length === 0 && emptyRow !== undefined && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>{emptyRow}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}
