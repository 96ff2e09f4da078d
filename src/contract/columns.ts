import type { Permission } from './permissions';

/**
 * The column table of a list: the facts both sides need about each column, declared once per list
 * in the contract (`src/contract/<area>/columns.ts`) and bound to its table endpoint.
 *
 * - the server gives only the SQL of each key (src/server/table: `defineTable(table, {...})`
 *   type-checks its keys against this table) and takes filter kind, value type, options,
 *   sortability and permission from here;
 * - the console gives only header text, width and render (src/console/table: `defineResource`
 *   takes the same table) and takes the filter kind, options, sortability and permission from
 *   here, so the two sides can never disagree.
 *
 * This module and the `columns.ts` files import no zod: the console's entry chunk reads them
 * (resource declarations are data the command palette needs) without the schema library.
 */

/**
 * Filter kinds of the table protocol. Values: text = contains (case-insensitive); select = one
 * value, exact (an id when it has no fixed options); multiSelect = any of a list; numberRange and
 * dateRange = {from, to} inclusive (dates 'YYYY-MM-DD', UTC); boolean.
 */
export type FilterKind = 'text' | 'select' | 'multiSelect' | 'numberRange' | 'dateRange' | 'boolean';

/** How select and multi-select values are read: integers are range-checked against their column type. */
export type ValueType = 'text' | 'int' | 'bigint';

export interface ColumnSpec {
  /** Absent: the column cannot be filtered. */
  filter?: FilterKind;
  /** Select and multi-select values: default 'text'. */
  valueType?: ValueType;
  /** The only values a select or multi-select accepts (a fixed list; dynamic ones come from a dictionary). */
  options?: readonly string[];
  /** Default false. */
  sortable?: boolean;
  /** Needed to see, filter and sort the column. */
  permission?: Permission;
}

/** An extra named filter sent in the request's `queries` (orders: the source type and its id). */
export interface QuerySpec {
  filter: FilterKind;
  valueType?: ValueType;
  options?: readonly string[];
  permission?: Permission;
}

export interface TableSpec<
  C extends Readonly<Record<string, ColumnSpec>> = Readonly<Record<string, ColumnSpec>>,
  Q extends Readonly<Record<string, QuerySpec>> = Readonly<Record<string, QuerySpec>>,
> {
  columns: C;
  queries: Q;
  /** What the search box matches, in words ("id, e-mail, name or telegram"); the console says it. */
  search?: string;
}

/** Declares a list's column table (keys are the header `value`s, dot paths for nested fields). */
export function defineTableSpec<
  const C extends Readonly<Record<string, ColumnSpec>>,
  // biome-ignore lint/complexity/noBannedTypes: `{}` is the empty query table a spec without queries infers
  const Q extends Readonly<Record<string, QuerySpec>> = {},
>(spec: { columns: C; queries?: Q; search?: string }): TableSpec<C, Q> {
  for (const [key, column] of Object.entries(spec.columns)) {
    if (column.options && column.filter !== 'select' && column.filter !== 'multiSelect') {
      throw new Error(`Column '${key}': options need a select or multiSelect filter`);
    }
  }
  return { columns: spec.columns, queries: (spec.queries ?? {}) as Q, search: spec.search };
}

export type ColumnKey<T extends TableSpec> = Extract<keyof T['columns'], string>;
export type QueryKey<T extends TableSpec> = Extract<keyof T['queries'], string>;

/** Page sizes offered by the console; the default page size. */
export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
