import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type TableSpec } from './columns';
import { endpoint, type EndpointPermission } from './endpoint';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './columns';

/**
 * The table protocol (DESIGN.md §4). Every list of the spec is fetched with one request shape and
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
  from: z.union([z.string(), z.number()]).nullish(),
  to: z.union([z.string(), z.number()]).nullish(),
});
export type RangeFilter = z.infer<typeof rangeFilterSchema>;

export const columnFilterSchema = z.union([
  z.string(), // text, select
  z.number(),
  z.boolean(), // boolean
  z.array(z.union([z.string(), z.number()])), // multi-select
  rangeFilterSchema, // number range, date range (YYYY-MM-DD)
  z.null(),
]);
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

export const tableHeaderSchema = z.object({
  value: z.string().min(1),
  filter: columnFilterSchema.optional(),
});
export type TableHeader = z.infer<typeof tableHeaderSchema>;


export const tableOptionsSchema = z.object({
  page: z.number().int().min(1).default(1),
  itemsPerPage: z.number().int().default(DEFAULT_PAGE_SIZE),
  sortBy: z.array(z.string()).default([]),
  sortDesc: z.array(z.boolean()).default([]),
});
export type TableOptions = z.infer<typeof tableOptionsSchema>;

export const tableRequestSchema = z.object({
  headers: z.array(tableHeaderSchema).default([]),
  options: tableOptionsSchema.default({ page: 1, itemsPerPage: DEFAULT_PAGE_SIZE, sortBy: [], sortDesc: [] }),
  search: z.string().max(500).default(''),
  draw: z.number().int().default(0),
  queries: z.record(z.string(), columnFilterSchema).optional(),
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
  });
export type TableResponse<T> = { items: T[]; totalItemsCount: number; draw: number; totalIsEstimate?: boolean };

/** Query-string form of a table request, for lists the spec fetches with GET: one `q` param of JSON. */
export const encodeTableQuery = (request: TableRequest): string =>
  new URLSearchParams({ q: JSON.stringify(request) }).toString();
export const decodeTableQuery = (params: URLSearchParams): unknown => {
  const raw = params.get('q');
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    return { __invalid: raw };
  }
};

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

/** The `?q=<JSON>` query of GET table endpoints, parsed into the table request. */
export const tableQuerySchema = z
  .object({ q: z.string().max(20_000).optional() })
  .transform((query, ctx) => {
    let raw: unknown = {};
    if (query.q) {
      try {
        raw = JSON.parse(query.q);
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
  });
