import type { Hono } from 'hono';
import type { Endpoint, EndpointPermission } from '../../contract/endpoint';
import { zodIssuesToErrors } from '../../contract/errors';
import { tableExportPath, tableExportRequestSchema, type ParsedTableRequest } from '../../contract/table';
import type { TableSpec } from '../../contract/columns';
import { writeAudit } from '../audit';
import { authenticate } from '../auth/authenticate';
import type { AppContext, AppEnv } from '../http/context';
import type { Actor, AppDeps, StaffContext } from '../deps';
import { forbidden, validationFailed } from '../http/errors';
import { DEFAULT_MAX_BODY_BYTES, parseJsonBody, readBodyText } from '../http/input';
import { tableOfSpec, type TableContext } from './define';

/**
 * CSV export of every list, derived from its table endpoint: for each entry of the
 * endpoint table that carries a column table, `POST <path>/export` with the same permission
 * (src/contract/table.ts: `tableExportRequestSchema`).
 *
 * - The rows are exactly the list's: the same filters, search, extra queries, sort and row
 *   restrictions, through the list's own builder (`batches()`, keyset batches), so the file never
 *   differs from the table and a million rows stream in bounded memory: one batch is read, written
 *   and let go before the next is read (the stream is pulled: a slow client slows the reading).
 * - Columns are the visible ones the console names, in its order, with its header text; a column
 *   whose permission the member lacks is left out whatever the request says, and a key the list
 *   does not have is a 422.
 * - Values are raw (see `cellText`), and every cell is escaped against formula injection.
 * - Each export writes an audit entry (event `exported`): the list, filters, search, sort, columns.
 */

/** Lower-kebab list name from the endpoint name: ordersTable -> orders, externalPanelOrdersList -> external-panel-orders. */
export const listNameOf = (endpointName: string): string =>
  endpointName
    .replace(/(Table|List)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

const BOM = '\uFEFF';
const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as CSV text. A cell that starts like a formula (= + - @, or a tab or carriage return a
 * spreadsheet may skip) gets a leading apostrophe so a spreadsheet shows it as text and never
 * runs it; a plain number ("-12.50") is left as it is, it is no formula. Cells with a comma, a
 * quote or a line break are quoted, quotes doubled (RFC 4180).
 */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const pad = (n: number) => String(n).padStart(2, '0');
const utc = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/;

/**
 * A value of a row as raw text: numbers as JavaScript writes them (a dot, no grouping), money as
 * the server's exact decimal text, dates in UTC 'YYYY-MM-DD HH:mm:ss' (lists already answer so;
 * an ISO date-time or a Date is converted), booleans true/false, nothing for null. A related
 * record is written by its name (or title, e-mail, id); a list of them joined with ", "; a set of
 * flags as the names of those that are on; anything else as JSON.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? utc(new Date(value)) : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return utc(value);
  if (Array.isArray(value))
    return value
      .map(cellText)
      .filter((t) => t !== '')
      .join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['name', 'title', 'email', 'id']) {
      if (typeof record[key] === 'string' || typeof record[key] === 'number') return String(record[key]);
    }
    const entries = Object.entries(record);
    if (entries.length > 0 && entries.every(([, v]) => typeof v === 'boolean')) {
      return entries
        .filter(([, v]) => v)
        .map(([k]) => k)
        .join(', ');
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** Reads a dot path ('user.email') of a row. */
function valueAtPath(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

export interface ExportColumn {
  key: string;
  header: string;
}

/** The columns that may be exported: the list's own keys, without those the member may not see. */
export function exportableColumns(spec: TableSpec, columns: readonly ExportColumn[], ctx: TableContext): ExportColumn[] {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const kept: ExportColumn[] = [];
  columns.forEach((column, i) => {
    const def = Object.hasOwn(spec.columns, column.key) ? spec.columns[column.key] : undefined;
    if (!def) {
      errors[`columns.${i}.key`] = [`The list has no column "${column.key}".`];
      return;
    }
    if (seen.has(column.key)) return;
    seen.add(column.key);
    if (def.permission && !ctx.permissions.has(def.permission)) return;
    kept.push(column);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (kept.length === 0) throw validationFailed({ columns: ['None of these columns can be exported with your permissions.'] });
  return kept;
}

/**
 * The CSV of a list as a pulled stream: the header row, then one batch of rows per pull.
 * `first` is the first batch, read before the answer starts (a bad filter is then still a 422).
 * Cancelling the stream (the client went away, or cancelled) stops the reading.
 */
export function csvStream(first: IteratorResult<unknown[]>, batches: AsyncGenerator<unknown[]>, columns: readonly ExportColumn[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: IteratorResult<unknown[]> | null = first;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(BOM + csvLine(columns.map((c) => c.header))));
        return;
      }
      const next = pending ?? (await batches.next());
      pending = null;
      if (next.done) {
        controller.close();
        return;
      }
      let text = '';
      for (const row of next.value) text += csvLine(columns.map((c) => cellText(valueAtPath(row, c.key))));
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

const exportFileName = (list: string, now: Date) =>
  `${list}-${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}-${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}.csv`;

/** What the audit entry keeps of an export: enough to say which rows and columns left the panel. */
function auditValues(list: string, request: ParsedTableRequest, columns: readonly ExportColumn[]) {
  return {
    list,
    search: request.search,
    filters: Object.fromEntries(request.headers.filter((h) => h.filter !== undefined && h.filter !== null).map((h) => [h.value, h.filter])),
    queries: request.queries ?? {},
    sort: request.options.sortBy.map((key, i) => `${key} ${request.options.sortDesc[i] ? 'desc' : 'asc'}`),
    columns: columns.map((c) => c.key),
  };
}

export interface CsvExportOptions {
  /** Rows of the first batch (they double up to the builder's maximum); tests use small ones. */
  batchSize?: number;
}

/**
 * Mounts `POST <path>/export` for every table endpoint whose column table has a server list.
 * Called by the pipeline before the endpoint table's routes, so an export path is never taken by
 * a `:id` route of the same list (`/services/:serviceId`); an endpoint-table entry at an export
 * path is refused at start-up.
 */
export function mountTableExports(
  app: Hono<AppEnv>,
  entries: readonly [string, Endpoint<any, any, any>][],
  deps: AppDeps,
  permits: (staff: StaffContext, permission: EndpointPermission) => boolean,
  actorOf: (c: AppContext, staff: StaffContext) => Actor,
  options: CsvExportOptions = {},
): void {
  const taken = new Set(entries.map(([, e]) => `${e.method} ${e.path}`));
  for (const [name, e] of entries) {
    // A list under a parent (`/users/:userId/…/table`) is scoped by its own handler, which the
    // export cannot see: such lists get no export rather than an unscoped one.
    if (!e.table || e.params || !tableOfSpec(e.table)) continue;
    const spec = e.table;
    const path = tableExportPath(e.path);
    if (taken.has(`POST ${path}`)) throw new Error(`Endpoint "${name}": ${path} is its CSV export path and cannot be another endpoint`);
    const list = listNameOf(name);
    app.post(path, async (c) => {
      const staff = await authenticate(c, deps);
      if (!permits(staff, e.permission)) throw forbidden();
      c.set('staff', staff);
      const parsed = tableExportRequestSchema.safeParse(parseJsonBody(c, await readBodyText(c, DEFAULT_MAX_BODY_BYTES)));
      if (!parsed.success) throw validationFailed(zodIssuesToErrors(parsed.error.issues));
      const columns = exportableColumns(spec, parsed.data.columns, staff);
      const request = parsed.data.request;
      const batches = tableOfSpec(spec)!.batches(deps.database.db, request, staff, { batchSize: options.batchSize });
      // The first batch is read now: a bad filter or sort key answers 422 before anything is
      // written or streamed.
      const first = await batches.next();
      await writeAudit(deps.database.db, actorOf(c, staff), {
        event: 'exported',
        auditableType: list,
        auditableId: null,
        newValues: auditValues(list, request, columns),
      });
      return new Response(csvStream(first, batches, columns), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${exportFileName(list, new Date())}"`,
          'cache-control': 'no-store',
        },
      });
    });
  }
}
