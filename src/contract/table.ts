import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type TableSpec } from './columns';
import { endpoint, type EndpointPermission } from './endpoint';
import { INT4_MAX } from './fields';

/**
 * Bounds every table request gets, so no member can make one request that stalls the server:
 * - a page holds at most MAX_ITEMS_PER_PAGE rows (the console offers 10 to 100);
 * - "All" rows (`itemsPerPage <= 0`) answers at most ALL_ROWS_CAP rows, and then says so with
 *   `rowsCapped` (the console points to CSV export for more);
 * - a text filter, a select value or the search box holds at most MAX_FILTER_TEXT characters (a
 *   longer "contains" pattern cannot use the trigram indexes well and only burns time);
 * - a multi-select lists at most MAX_FILTER_VALUES values.
 */
export const MAX_ITEMS_PER_PAGE = 1000;
export const ALL_ROWS_CAP = 5000;
export const MAX_FILTER_TEXT = 200;
export const MAX_FILTER_VALUES = 1000;
const filterText = z.string().max(MAX_FILTER_TEXT, `A filter may have at most ${MAX_FILTER_TEXT} characters.`);
const filterNumber = z.number().finite();

/**
 * The table protocol (docs/architecture.md). Every list of the panel is fetched with one request shape and
 * answered with one response shape; the server answers it with one generic builder.
 *
 * Request: `headers` are the visible columns, each `{value, filter?}`; `options` pages and sorts
 * (`itemsPerPage <= 0` means all rows); `search` is the common search box; `draw` is echoed back so
 * the console drops stale answers. Orders also send `queries` (extra named filters such as the
 * source type and its id).
 *
 * Conventions: resource tables are `POST <resource>/table` with this body as JSON, unless the spec
 * names another path (`POST /api/v1/admin/payments`; `GET /invoices` sends it as a query string, see
 * `encodeTableQuery`). Unknown sort or filter keys are answered 422, never 500.
 */

/** Column filter values, by filter kind. */
export const rangeFilterSchema = z.object({
  from: z.union([filterText, filterNumber]).nullish(),
  to: z.union([filterText, filterNumber]).nullish(),
});
export type RangeFilter = z.infer<typeof rangeFilterSchema>;

export const columnFilterSchema = z.union([
  filterText, // text, select
  filterNumber,
  z.boolean(), // boolean
  z.array(z.union([filterText, filterNumber])).max(MAX_FILTER_VALUES, `A filter may list at most ${MAX_FILTER_VALUES} values.`), // multi-select
  rangeFilterSchema, // number range, date range (YYYY-MM-DD)
  z.null(),
]);
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

export const tableHeaderSchema = z.object({
  value: z.string().min(1).max(100),
  filter: columnFilterSchema.optional(),
});
export type TableHeader = z.infer<typeof tableHeaderSchema>;

export const tableOptionsSchema = z.object({
  page: z.number().int().min(1).max(INT4_MAX).default(1),
  itemsPerPage: z
    .number()
    .int()
    .max(MAX_ITEMS_PER_PAGE, `A page may hold at most ${MAX_ITEMS_PER_PAGE} rows; choose All (at most ${ALL_ROWS_CAP}) or export CSV.`)
    .default(DEFAULT_PAGE_SIZE),
  sortBy: z.array(z.string().max(100)).max(20).default([]),
  sortDesc: z.array(z.boolean()).max(20).default([]),
});
export type TableOptions = z.infer<typeof tableOptionsSchema>;

export const tableRequestSchema = z.object({
  headers: z.array(tableHeaderSchema).max(200).default([]),
  options: tableOptionsSchema.default({ page: 1, itemsPerPage: DEFAULT_PAGE_SIZE, sortBy: [], sortDesc: [] }),
  search: z.string().max(MAX_FILTER_TEXT, `The search may have at most ${MAX_FILTER_TEXT} characters.`).default(''),
  draw: z.number().int().min(-INT4_MAX).max(INT4_MAX).default(0),
  queries: z.record(z.string().max(100), columnFilterSchema).optional(),
});
export type TableRequest = z.input<typeof tableRequestSchema>;
export type ParsedTableRequest = z.output<typeof tableRequestSchema>;

/**
 * Answer: `items`, `totalItemsCount` (the filtered total) and the echoed `draw`. When counting
 * exactly would be slow the server may estimate; it then sets `totalIsEstimate` and the console
 * says "about".
 */
export const tableResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    totalItemsCount: z.number().int().min(0),
    draw: z.number().int(),
    totalIsEstimate: z.boolean().optional(),
    /** Set when "All" rows was asked for and more rows matched than one answer holds (ALL_ROWS_CAP). */
    rowsCapped: z.number().int().optional(),
  });
export type TableResponse<T> = { items: T[]; totalItemsCount: number; draw: number; totalIsEstimate?: boolean; rowsCapped?: number };

/** Query-string form of a table request, for lists the spec fetches with GET: one `q` param of JSON. */
export const encodeTableQuery = (request: TableRequest): string => new URLSearchParams({ q: JSON.stringify(request) }).toString();

/**
 * A list's table endpoint: the table request in, rows out, bound to the list's column table, so
 * the server's builder and the console's resource read the same declaration. POST takes the
 * request as the JSON body; GET as `?q=<JSON>` (for lists the spec fetches with GET).
 */
export function tableEndpoint<R extends z.ZodType, T extends TableSpec>(e: {
  path: string;
  permission: EndpointPermission;
  row: R;
  table: T;
  summary: string;
  method?: 'POST' | 'GET';
}) {
  const response = tableResponseSchema(e.row);
  const base = { path: e.path, permission: e.permission, response, summary: e.summary, mutates: false, table: e.table };
  return e.method === 'GET'
    ? { ...endpoint({ ...base, method: 'GET', query: tableQuerySchema }), table: e.table }
    : { ...endpoint({ ...base, method: 'POST', body: tableRequestSchema }), table: e.table };
}

/** Reads `q` (the table request as JSON) into the table request; its issues are reported under `q`. */
function parseTableQ(q: string | undefined, ctx: z.RefinementCtx): ParsedTableRequest | typeof z.NEVER {
  let raw: unknown = {};
  if (q) {
    try {
      raw = JSON.parse(q);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'The table request must be JSON.' });
      return z.NEVER;
    }
  }
  const parsed = tableRequestSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['q', ...issue.path] } as z.core.$ZodRawIssue);
    return z.NEVER;
  }
  return parsed.data;
}

/** The `?q=<JSON>` query of GET table endpoints, parsed into the table request. */
export const tableQuerySchema = z.object({ q: z.string().max(20_000).optional() }).transform((query, ctx) => parseTableQ(query.q, ctx));

/** A yes/no in a query string, as Laravel's `boolean` rule reads it: 1, 0, true or false. */
export const queryFlag = (name: string) =>
  z.enum(['1', '0', 'true', 'false'], { error: `The ${name} field must be true or false.` }).transform((v) => v === '1' || v === 'true');

/**
 * A list as the panel's API fetches it: `GET <path>`, the table request as `?q=<JSON>` (optional:
 * without it, the first page of the default sort) and the list's own yes/no parameters by their API
 * names (`is_all`, `is_archived`), which the handler reads from `flags` (absent when not sent).
 * Lists the console filters richly keep their `POST <path>/table` beside it.
 */
export function tableListEndpoint<R extends z.ZodType, T extends TableSpec, const F extends string = never>(e: {
  path: string;
  permission: EndpointPermission;
  row: R;
  table: T;
  summary: string;
  flags?: readonly F[];
}) {
  const flagShape = Object.fromEntries((e.flags ?? []).map((f) => [f, queryFlag(f).optional()])) as Record<F, z.ZodOptional<ReturnType<typeof queryFlag>>>;
  const query = z.object({ q: z.string().max(20_000).optional(), ...flagShape }).transform((input, ctx) => {
    const given = input as Record<string, unknown>;
    const request = parseTableQ(given.q as string | undefined, ctx);
    const flags = Object.fromEntries((e.flags ?? []).filter((f) => given[f] !== undefined).map((f) => [f, given[f]])) as Partial<Record<F, boolean>>;
    return { ...(request as ParsedTableRequest), flags };
  });
  const response = tableResponseSchema(e.row);
  return { ...endpoint({ path: e.path, permission: e.permission, response, summary: e.summary, mutates: false, method: 'GET', query }), table: e.table };
}

/**
 * CSV export of a list (every list gets it from its table endpoint). Each table
 * endpoint `<path>` has its export at `POST <path>/export`, with the same permission: the body is
 * the list's table request (filters, search, sort, extra queries; paging is ignored: every row
 * is exported) and the visible columns in order with their header text. The answer streams
 * `text/csv` (UTF-8 with a byte-order mark, CRLF rows, a header row); a column the member may not
 * see is left out, whatever the request names.
 */
export const MAX_EXPORT_COLUMNS = 200;
export const tableExportColumnSchema = z.object({
  key: z.string().min(1).max(100),
  header: z.string().min(1).max(200),
});
export const tableExportRequestSchema = z.object({
  request: tableRequestSchema.default({ headers: [], options: { page: 1, itemsPerPage: DEFAULT_PAGE_SIZE, sortBy: [], sortDesc: [] }, search: '', draw: 0 }),
  columns: z
    .array(tableExportColumnSchema)
    .min(1, 'Choose at least one column to export.')
    .max(MAX_EXPORT_COLUMNS, `At most ${MAX_EXPORT_COLUMNS} columns can be exported.`),
});
export type TableExportRequest = z.input<typeof tableExportRequestSchema>;

/** The export path of a table endpoint's path. */
export const tableExportPath = (tablePath: string): string => `${tablePath}/export`;
