import { sql, type SQL } from 'drizzle-orm';
import type { ColumnSpec, QuerySpec, TableSpec } from '../../contract/columns';
import type { Permission } from '../../contract/permissions';
import { ALL_ROWS_CAP, MAX_FILTER_TEXT, MAX_ITEMS_PER_PAGE, type ParsedTableRequest, type TableResponse } from '../../contract/table';
import { rows, type Queryable } from '../db/client';
import { validationFailed } from '../http/errors';
import { containsPattern, filterCondition, FilterValueError, readIdOrNull, type FilterKind, type ValueType } from './filters';

/**
 * The one table-query builder every list uses. The list's column table lives in the
 * contract (src/contract/columns.ts: filter kind, value type, options, sortable, permission per
 * header `value`); the server gives only what is its own: the SQL of each key (type-checked
 * against that table), search columns, the default sort, the FROM clause and a row mapper.
 * `query()` answers one parsed table request.
 *
 * Rules every list gets for free:
 * - sorting and filtering only on declared keys; an undeclared key, a column the caller may not
 *   use, or a value of the wrong type is a 422 at its path (`options.sortBy.0`, `headers.3.filter`,
 *   `queries.sourceType`), never a 500. Headers without a filter are the visible columns and may
 *   name display-only columns (`actions`); they are accepted and ignored.
 * - the id is always the last sort key, so paging is stable;
 * - `itemsPerPage <= 0` returns every row up to ALL_ROWS_CAP (then `rowsCapped` says so); a page is
 *   at most MAX_ITEMS_PER_PAGE rows; a page past the end returns no items and the real total;
 * - `totalItemsCount` is the filtered count; `draw` is echoed;
 * - all input reaches SQL as bound parameters (drizzle's `sql` template), never as text.
 */

/** What the builder needs from the caller: their permissions (a StaffContext satisfies it). */
export interface TableContext {
  permissions: ReadonlySet<Permission>;
}

/** A filter written by hand: returns the condition (or undefined for "no filter"); throws FilterValueError on bad input. */
export type CustomFilter<Ctx> = (value: unknown, ctx: Ctx) => SQL | undefined;

export type ColumnFilterDef<Ctx> = FilterKind | { kind: FilterKind; sql?: SQL; valueType?: ValueType; options?: readonly string[] } | CustomFilter<Ctx>;

interface ColumnDef<Ctx> {
  /** The expression sorted on, and filtered on unless the filter names its own. */
  sql: SQL;
  /** Absent: the column cannot be filtered. */
  filter?: ColumnFilterDef<Ctx>;
  /** Default true; false for columns that are shown but not sortable. */
  sortable?: boolean;
  /** Needed to filter or sort on the column (the mapper hides its value itself). */
  permission?: Permission;
  /**
   * The expression can be NULL: rows without a value then sort last in both directions. Left off
   * for NOT NULL columns so a plain index can serve the descending sort.
   */
  nullable?: boolean;
}

interface QueryDef<Ctx> {
  filter: ColumnFilterDef<Ctx>;
  /** Expression for the kind-based filters. */
  sql?: SQL;
  permission?: Permission;
}

export interface SortKey {
  key: string;
  desc: boolean;
}

/** The server's part of one column: its SQL. Filter kind, sortability and permission come from the contract. */
export interface ServerColumn<Ctx> {
  /** The expression sorted on, and filtered on unless `filterSql` is given. */
  sql: SQL;
  /** Filtered on instead of `sql` (a grade sorted by name and filtered by id). */
  filterSql?: SQL;
  /** A filter written by hand instead of the kind's condition (an id or a text in one box). */
  filter?: CustomFilter<Ctx>;
  /**
   * The expression can be NULL: rows without a value then sort last in both directions. Left off
   * for NOT NULL columns so a plain index can serve the descending sort.
   */
  nullable?: boolean;
}

/** The server's part of an extra named filter: its SQL, or a filter written by hand. */
export type ServerQuery<Ctx> = { sql: SQL; filter?: never } | { filter: CustomFilter<Ctx>; sql?: never };

/** Keys the server must give SQL for: columns that filter or sort. Display-only columns need none. */
type NeedsSql<S> = S extends { filter: FilterKind } ? true : S extends { sortable: true } ? true : false;
export type ServerColumns<C, Ctx> = {
  [K in keyof C as NeedsSql<C[K]> extends true ? K : never]-?: ServerColumn<Ctx>;
} & {
  [K in keyof C as NeedsSql<C[K]> extends true ? never : K]?: never;
};

export interface ServerTableDefinition<Row, Item, Ctx extends TableContext, T extends TableSpec>
  extends Omit<TableDefinition<Row, Item, Ctx>, 'columns' | 'queries' | 'defaultSort'> {
  columns: ServerColumns<T['columns'], Ctx>;
  queries?: { [K in keyof T['queries']]-?: ServerQuery<Ctx> };
  defaultSort?: { key: Extract<keyof T['columns'], string>; desc: boolean }[];
}

/** Internal form of a list: the contract's facts joined with the server's SQL. */
interface TableDefinition<Row, Item, Ctx extends TableContext> {
  /** FROM clause body, joins included: sql`users u LEFT JOIN grades g ON g.id = u.current_grade_id`. */
  from: SQL;
  /** The select list: sql`u.id, u.email, …`. */
  select: SQL;
  /** The unique id expression: tie-breaker of every sort and the exact match of an integer search. */
  id: SQL;
  /** Type of the id, for range-checking an integer search (default int). */
  idType?: Extract<ValueType, 'int' | 'bigint'>;
  columns: Record<string, ColumnDef<Ctx>>;
  /**
   * Expressions matched with ILIKE '%term%' (OR-ed), plus `id = term` when the term is an integer.
   * A SearchMatcher builds its own condition, and may first look values up (e.g. the ids of the
   * customers whose e-mail matches, bound as constants so the planner estimates them from
   * statistics); undefined adds nothing.
   */
  search?: (SQL | SearchMatcher)[];
  /** Extra named filters sent in `queries` (orders: source type and id). */
  queries?: Record<string, QueryDef<Ctx>>;
  /** Used when the request names no sort; keys must be columns. Default: id descending. */
  defaultSort?: SortKey[];
  /** A restriction every request of this list gets (soft-deleted rows, tenancy). */
  where?: (ctx: Ctx) => SQL | undefined;
  /** Turns a database row into the contract's item (row flags from state and ctx permissions). */
  map: (row: Row, ctx: Ctx) => Item;
  /**
   * When set, a filtered count the planner estimates above this many rows is not counted in full:
   * at most this many + 1 rows are counted, and when there are more the answer is the planner's
   * estimate (never less than what was counted) with `totalIsEstimate: true`. A poor estimate for
   * a small result therefore still gets its exact count; the work is bounded by the threshold.
   */
  estimateCountAbove?: number;
}

/** A hand-written search condition: gets the ILIKE pattern ('%term%', wildcards escaped) and the trimmed term. */
export interface SearchMatcher {
  match: (pattern: string, term: string, q: Queryable) => SQL | undefined | Promise<SQL | undefined>;
}

const isSearchMatcher = (part: SQL | SearchMatcher): part is SearchMatcher => typeof (part as SearchMatcher).match === 'function';

export interface QueryOptions {
  /** An extra condition for this call only (a sub-list: a user's affiliates, an order's children). */
  where?: SQL;
}

export interface BatchOptions extends QueryOptions {
  /** Rows of the first batch; each next batch doubles, up to MAX_BATCH_ROWS (default 500). */
  batchSize?: number;
}

/** The largest batch `batches()` reads at once: memory stays bounded whatever the list's size. */
export const MAX_BATCH_ROWS = 1000;

export interface TableQuery<Item, Ctx extends TableContext> {
  query(q: Queryable, request: ParsedTableRequest, ctx: Ctx, options?: QueryOptions): Promise<TableResponse<Item>>;
  /**
   * Every row of the request's filters, search and sort, in the list's order, read in keyset
   * batches (each batch continues after the last row of the previous one, never with an OFFSET),
   * so a million rows cost a million rows of reading and one batch of memory. Paging options are
   * ignored. Used by CSV export (./export.ts).
   */
  batches(q: Queryable, request: ParsedTableRequest, ctx: Ctx, options?: BatchOptions): AsyncGenerator<Item[]>;
  /** The declared column keys (for tests and for documenting a list). */
  readonly columnKeys: readonly string[];
}

/**
 * The server's list of each contract column table, so a table endpoint's CSV export
 * (./export.ts) finds the list from the endpoint's `table` alone, with no code per area.
 */
const tablesBySpec = new WeakMap<TableSpec, TableQuery<unknown, any>>();

/** The list defined for a contract column table (undefined when no `defineTable` used it). */
export const tableOfSpec = (spec: TableSpec): TableQuery<unknown, any> | undefined => tablesBySpec.get(spec);

function conditionFor<Ctx>(def: ColumnFilterDef<Ctx>, fallbackSql: SQL | undefined, value: unknown, ctx: Ctx): SQL | undefined {
  if (typeof def === 'function') return def(value, ctx);
  const spec = typeof def === 'string' ? { kind: def } : def;
  const expr = spec.sql ?? fallbackSql;
  if (!expr) throw new Error('A kind-based filter needs an SQL expression');
  return filterCondition({ kind: spec.kind, sql: expr, valueType: spec.valueType, options: spec.options }, value);
}

const mayUse = (ctx: TableContext, permission: Permission | undefined) => !permission || ctx.permissions.has(permission);

function joinColumn<Ctx>(key: string, spec: ColumnSpec, server: ServerColumn<Ctx> | undefined): ColumnDef<Ctx> | undefined {
  if (!spec.filter && !spec.sortable) return undefined;
  if (!server) throw new Error(`Column "${key}" filters or sorts but has no SQL`);
  const filter: ColumnFilterDef<Ctx> | undefined = !spec.filter
    ? undefined
    : (server.filter ?? { kind: spec.filter, sql: server.filterSql, valueType: spec.valueType, options: spec.options });
  return { sql: server.sql, filter, sortable: spec.sortable === true, permission: spec.permission, nullable: server.nullable };
}

function joinQuery<Ctx>(key: string, spec: QuerySpec, server: ServerQuery<Ctx> | undefined): QueryDef<Ctx> {
  if (!server) throw new Error(`Query "${key}" has no SQL`);
  return {
    filter: server.filter ?? { kind: spec.filter, valueType: spec.valueType, options: spec.options },
    sql: server.sql,
    permission: spec.permission,
  };
}

/**
 * Defines a list from its contract column table and the server's SQL:
 *
 *   export const usersTable = defineTable(USERS_TABLE, {
 *     from: sql`users u LEFT JOIN grades g ON g.id = u.current_grade_id`,
 *     select: sql`u.id, u.name, …`, id: sql`u.id`,
 *     columns: { id: { sql: sql`u.id` }, 'currentGrade.name': { sql: sql`g.name`, filterSql: sql`u.current_grade_id`, nullable: true }, … },
 *     search: [sql`u.email`, sql`u.name`], defaultSort: [{ key: 'id', desc: true }], map: mapUserRow,
 *   });
 */
export function defineTable<Row extends Record<string, unknown>, Item, Ctx extends TableContext = TableContext, T extends TableSpec = TableSpec>(
  spec: T,
  server: ServerTableDefinition<Row, Item, Ctx, T>,
): TableQuery<Item, Ctx> {
  const columns: Record<string, ColumnDef<Ctx>> = {};
  const serverColumns = server.columns as Record<string, ServerColumn<Ctx> | undefined>;
  for (const key of Object.keys(serverColumns)) {
    if (!Object.hasOwn(spec.columns, key)) throw new Error(`Column "${key}" is not in the contract's column table`);
  }
  for (const [key, columnSpec] of Object.entries(spec.columns)) {
    const joined = joinColumn(key, columnSpec, serverColumns[key]);
    if (joined) columns[key] = joined;
  }
  const queries: Record<string, QueryDef<Ctx>> = {};
  const serverQueries = (server.queries ?? {}) as Record<string, ServerQuery<Ctx> | undefined>;
  for (const [key, querySpec] of Object.entries(spec.queries)) queries[key] = joinQuery(key, querySpec, serverQueries[key]);
  const table = buildTable<Row, Item, Ctx>({ ...server, columns, queries, defaultSort: server.defaultSort });
  // One list per column table: a second one would make the export ambiguous.
  if (tablesBySpec.has(spec)) throw new Error('A contract column table is bound to two server lists');
  tablesBySpec.set(spec, table as TableQuery<unknown, any>);
  return table;
}

function buildTable<Row extends Record<string, unknown>, Item, Ctx extends TableContext>(def: TableDefinition<Row, Item, Ctx>): TableQuery<Item, Ctx> {
  const defaultSort = def.defaultSort ?? [];
  for (const s of defaultSort) {
    if (!def.columns[s.key]) throw new Error(`Default sort key "${s.key}" is not a column`);
  }
  const has = (record: object, key: string) => Object.hasOwn(record, key);

  async function buildWhere(q: Queryable, request: ParsedTableRequest, ctx: Ctx, options: QueryOptions | undefined): Promise<SQL[]> {
    const errors: Record<string, string[]> = {};
    const conditions: SQL[] = [];
    const base = def.where?.(ctx);
    if (base) conditions.push(base);
    if (options?.where) conditions.push(options.where);

    request.headers.forEach((header, i) => {
      if (header.filter === undefined) return;
      const path = `headers.${i}.filter`;
      const column = has(def.columns, header.value) ? def.columns[header.value] : undefined;
      if (!column || !column.filter) {
        // A null/empty filter on a display-only column is what a console sends for "no filter".
        if (header.filter === null || header.filter === '') return;
        errors[path] = [`Filtering by "${header.value}" is not supported.`];
        return;
      }
      if (!mayUse(ctx, column.permission)) {
        errors[path] = [`Filtering by "${header.value}" needs the ${column.permission} permission.`];
        return;
      }
      try {
        const condition = conditionFor(column.filter, column.sql, header.filter, ctx);
        if (condition) conditions.push(condition);
      } catch (e) {
        if (!(e instanceof FilterValueError)) throw e;
        errors[path] = [e.message];
      }
    });

    for (const [key, value] of Object.entries(request.queries ?? {})) {
      const path = `queries.${key}`;
      const query = def.queries && has(def.queries, key) ? def.queries[key] : undefined;
      if (!query) {
        errors[path] = [`The query "${key}" is not supported.`];
        continue;
      }
      if (!mayUse(ctx, query.permission)) {
        errors[path] = [`The query "${key}" needs the ${query.permission} permission.`];
        continue;
      }
      try {
        const condition = conditionFor(query.filter, query.sql, value, ctx);
        if (condition) conditions.push(condition);
      } catch (e) {
        if (!(e instanceof FilterValueError)) throw e;
        errors[path] = [e.message];
      }
    }

    // The contract bounds the search; a request built in code is bounded here too.
    const term = request.search.trim().slice(0, MAX_FILTER_TEXT);
    if (term && def.search?.length) {
      const pattern = containsPattern(term);
      const parts: SQL[] = [];
      for (const part of def.search) {
        const condition = isSearchMatcher(part) ? await part.match(pattern, term, q) : sql`${part} ILIKE ${pattern}`;
        if (condition) parts.push(condition);
      }
      const id = readIdOrNull(term, def.idType ?? 'int');
      if (id !== null) parts.push(sql`${def.id} = ${id}`);
      conditions.push(parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`);
    }

    if (Object.keys(errors).length) throw validationFailed(errors);
    return conditions;
  }

  /** The sort in effect, id last: validated request keys, else the default sort. */
  function sortKeys(request: ParsedTableRequest, ctx: Ctx): { sql: SQL; desc: boolean; nullable: boolean }[] {
    const errors: Record<string, string[]> = {};
    const requested: SortKey[] = request.options.sortBy.map((key, i) => ({ key, desc: request.options.sortDesc[i] ?? false }));
    requested.forEach((s, i) => {
      const column = has(def.columns, s.key) ? def.columns[s.key] : undefined;
      if (!column || column.sortable === false) errors[`options.sortBy.${i}`] = [`Sorting by "${s.key}" is not supported.`];
      else if (!mayUse(ctx, column.permission)) errors[`options.sortBy.${i}`] = [`Sorting by "${s.key}" needs the ${column.permission} permission.`];
    });
    if (Object.keys(errors).length) throw validationFailed(errors);

    const keys = requested.length ? requested : defaultSort;
    const resolved = keys.map((s) => ({ sql: def.columns[s.key].sql, desc: s.desc, nullable: def.columns[s.key].nullable === true }));
    // The id breaks ties in the direction of the first key, so equal values page stably.
    resolved.push({ sql: def.id, desc: keys.length ? keys[0].desc : true, nullable: false });
    return resolved;
  }

  function orderOf(keys: { sql: SQL; desc: boolean; nullable: boolean }[]): SQL {
    const parts = keys.map((k) => sql`${k.sql} ${sql.raw(k.desc ? 'DESC' : 'ASC')}${sql.raw(k.nullable ? ' NULLS LAST' : '')}`);
    return sql.join(parts, sql`, `);
  }

  function buildOrder(request: ParsedTableRequest, ctx: Ctx): SQL {
    return orderOf(sortKeys(request, ctx));
  }

  async function count(q: Queryable, where: SQL): Promise<{ total: number; estimate: boolean }> {
    if (def.estimateCountAbove !== undefined) {
      const plan = await rows<Record<string, unknown>>(q, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${def.from} ${where}`);
      const estimate = planRows(plan[0]);
      if (estimate !== null && estimate > def.estimateCountAbove) {
        const cap = def.estimateCountAbove + 1;
        const [capped] = await rows<{ total: string | number }>(q, sql`SELECT count(*) AS total FROM (SELECT 1 FROM ${def.from} ${where} LIMIT ${cap}) capped`);
        const counted = Number(capped.total);
        if (counted < cap) return { total: counted, estimate: false };
        return { total: Math.max(Math.round(estimate), counted), estimate: true };
      }
    }
    return { total: await exactCount(q, where), estimate: false };
  }

  async function exactCount(q: Queryable, where: SQL): Promise<number> {
    const [row] = await rows<{ total: string | number }>(q, sql`SELECT count(*) AS total FROM ${def.from} ${where}`);
    return Number(row.total);
  }

  return {
    columnKeys: Object.keys(def.columns),
    async query(q, request, ctx, options) {
      const conditions = await buildWhere(q, request, ctx, options);
      const order = buildOrder(request, ctx);
      const where = conditions.length
        ? sql`WHERE ${sql.join(
            conditions.map((c) => sql`(${c})`),
            sql` AND `,
          )}`
        : sql``;

      let { total, estimate } = await count(q, where);
      // The contract bounds the page size; requests built in code (sub-lists) are bounded here too.
      const all = request.options.itemsPerPage <= 0;
      const perPage = all ? ALL_ROWS_CAP : Math.min(request.options.itemsPerPage, MAX_ITEMS_PER_PAGE);
      const offset = all ? 0 : (request.options.page - 1) * perPage;
      // The last page of an estimated total (or one past it) is counted exactly: the estimate may
      // be off either way, and only an exact total can say which page is really the last.
      if (estimate && offset + perPage >= total) {
        total = await exactCount(q, where);
        estimate = false;
      }

      let items: Item[] = [];
      // Past the end (or an offset no database could reach) there is nothing to fetch.
      if (Number.isSafeInteger(offset) && (estimate || offset < total)) {
        const page = sql`LIMIT ${perPage} OFFSET ${offset}`;
        const found = await rows<Row>(q, sql`SELECT ${def.select} FROM ${def.from} ${where} ORDER BY ${order} ${page}`);
        items = found.map((row) => def.map(row, ctx));
      }
      const response: TableResponse<Item> = { items, totalItemsCount: total, draw: request.draw };
      if (estimate) response.totalIsEstimate = true;
      if (all && total > ALL_ROWS_CAP) response.rowsCapped = ALL_ROWS_CAP;
      return response;
    },
    async *batches(q, request, ctx, options) {
      const conditions = await buildWhere(q, request, ctx, options);
      const keys = sortKeys(request, ctx);
      const order = orderOf(keys);
      // Each sort key also comes back as text: bound again as an untyped parameter, the server
      // reads it as the key's own type, exactly (timestamps keep their microseconds, numerics
      // their digits), whatever the driver would have made of the value.
      const keySelect = sql.join(
        keys.map((k, i) => sql`(${k.sql})::text AS ${sql.raw(`"__key${i}"`)}`),
        sql`, `,
      );
      let size = Math.max(1, Math.min(options?.batchSize ?? 500, MAX_BATCH_ROWS));
      let last: (string | null)[] | null = null;
      for (;;) {
        const all: SQL[] = last ? [...conditions, keysetAfter(keys, last)] : conditions;
        const where: SQL = all.length
          ? sql`WHERE ${sql.join(
              all.map((c) => sql`(${c})`),
              sql` AND `,
            )}`
          : sql``;
        const found: (Row & Record<string, unknown>)[] = await rows<Row & Record<string, unknown>>(
          q,
          sql`SELECT ${def.select}, ${keySelect} FROM ${def.from} ${where} ORDER BY ${order} LIMIT ${size}`,
        );
        if (found.length === 0) return;
        const tail: Record<string, unknown> = found[found.length - 1];
        last = keys.map((_, i): string | null => (tail[`__key${i}`] ?? null) as string | null);
        for (const row of found) for (let i = 0; i < keys.length; i++) delete row[`__key${i}`];
        yield found.map((row) => def.map(row, ctx));
        if (found.length < size) return;
        size = Math.min(size * 2, MAX_BATCH_ROWS);
      }
    },
  };
}

/**
 * The rows after `last` in the order of `keys` (the id is the last key, so it is never NULL):
 * the lexicographic "after" of the keys, with PostgreSQL's NULL placement (NULLS LAST when the
 * column says it can be NULL, else the default: last ascending, first descending). When the
 * first key is NOT NULL its bound is also given on its own (`k >= v`), so an index on it starts
 * the scan at the last row instead of reading every earlier row again.
 */
function keysetAfter(keys: { sql: SQL; desc: boolean; nullable: boolean }[], last: (string | null)[]): SQL {
  const alternatives: SQL[] = [];
  const ties: SQL[] = [];
  keys.forEach((key, i) => {
    const value = last[i];
    const nullsLast = key.nullable || !key.desc;
    let after: SQL | null;
    let tie: SQL;
    if (value === null) {
      after = nullsLast ? null : sql`${key.sql} IS NOT NULL`;
      tie = sql`${key.sql} IS NULL`;
    } else {
      const beyond = key.desc ? sql`${key.sql} < ${value}` : sql`${key.sql} > ${value}`;
      after = nullsLast && key.nullable ? sql`(${beyond} OR ${key.sql} IS NULL)` : beyond;
      tie = sql`${key.sql} = ${value}`;
    }
    if (after) alternatives.push(ties.length ? sql`(${sql.join([...ties, after], sql` AND `)})` : after);
    ties.push(tie);
  });
  const condition = alternatives.length ? sql.join(alternatives, sql` OR `) : sql`false`;
  const first = keys[0];
  if (keys.length > 1 && !first.nullable && last[0] !== null) {
    const bound = first.desc ? sql`${first.sql} <= ${last[0]}` : sql`${first.sql} >= ${last[0]}`;
    return sql`${bound} AND (${condition})`;
  }
  return condition;
}

/** Reads the planner's row estimate from an EXPLAIN (FORMAT JSON) row (parsed by pg, text in some drivers). */
function planRows(row: Record<string, unknown> | undefined): number | null {
  if (!row) return null;
  let plan = Object.values(row)[0];
  if (typeof plan === 'string') {
    try {
      plan = JSON.parse(plan);
    } catch {
      return null;
    }
  }
  const first = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: number } }) : undefined;
  const n = first?.Plan?.['Plan Rows'];
  return typeof n === 'number' ? n : null;
}
