import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { SIMULATED_PANEL_PATHS } from '../upstream/target';

/**
 * The third simulated panel: a panel whose dialect of the SMM API v2 can be switched quirk by quirk,
 * to test the client against every way real panels answer. It keeps no books of its own: it is a
 * second front of Perfect Supply (same accounts, catalogue and orders), and only rewrites what goes
 * in and out — ids, numbers, statuses, wrappers, HTTP statuses and pages.
 *
 * Every quirk is off by default (the panel then answers exactly as Perfect Supply). They are set
 * with the `dialect` control action (the simulator's control key, `quirks` a JSON object; an empty
 * object turns all off) or the simulator's `dialect` option.
 */

export const SIM_DIALECT_PANEL = {
  name: 'Mixed Dialect (simulated)',
  path: SIMULATED_PANEL_PATHS[2],
  /** The panel whose books it fronts. */
  backs: 'perfect',
} as const;

export interface SimDialect {
  /** Charges, balances and rates as strings (the standard), as JSON numbers, or as strings with 8 decimals. */
  numbers: 'string' | 'number' | 'string8';
  /** Order and refill ids: integers, ULID-like text (`ord_01HG…`, `rf_01HG…`) or 24-hex ObjectIds. */
  ids: 'int' | 'ulid' | 'objectid';
  /** One order's status answered wrapped as `{"<id>": {…}}`. */
  wrapSingleStatus: boolean;
  /** Statuses (order and refill) written another way: {"Canceled": "Cancelled", "In progress": "IN_PROGRESS"}. */
  statusNames: Record<string, string>;
  /** The HTTP status of `{"error"}` answers (200 as most panels, 400/401/404 as some). */
  errorStatus: number;
  /** Every call answered HTTP 429, with a Retry-After of this many seconds, or none (null). */
  rateLimit: { retryAfter: number | null } | null;
  /** Every call answered with a CDN's HTML error page at this HTTP status. */
  htmlPage: { status: number } | null;
  /** Over-delivery written as negative remains (the standard) or as "+N". */
  overDelivery: 'negative' | 'plus';
  /** Drip-feed orders' statuses carry `runs` and the child `orders`, and no remains. */
  dripFeedRuns: boolean;
  /** Statuses answered as something nobody can read (the test of a held order). */
  garbledStatus: boolean;
}

export const STANDARD_DIALECT: SimDialect = {
  numbers: 'string',
  ids: 'int',
  wrapSingleStatus: false,
  statusNames: {},
  errorStatus: 200,
  rateLimit: null,
  htmlPage: null,
  overDelivery: 'negative',
  dripFeedRuns: false,
  garbledStatus: false,
};

/** A CDN's error page, as a panel behind one answers when its origin is down. */
export const CDN_ERROR_PAGE = `<!DOCTYPE html>
<html><head><title>502 Bad Gateway</title></head>
<body><h1>Error 502</h1><p>Bad gateway. The web server reported a bad gateway error.</p>
<p>Ray ID: 7d1f0c0ffee00000 &bull; Performance &amp; security by a CDN</p></body></html>`;

/** Reads a `quirks` control value over the standard dialect; null when it is not a JSON object. */
export function parseDialect(text: string | undefined): SimDialect | null {
  try {
    const value = JSON.parse(text ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return { ...STANDARD_DIALECT, ...(value as Partial<SimDialect>) };
  } catch {
    return null;
  }
}

// Ids: reversible encodings of the books' integer ids.
const ULID_PREFIX = { order: 'ord_01HG', refill: 'rf_01HG' } as const;
export function encodeId(id: unknown, kind: 'order' | 'refill', d: SimDialect): unknown {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
  if (n === null || d.ids === 'int') return id;
  if (d.ids === 'objectid') return n.toString(16).padStart(24, '0');
  return `${ULID_PREFIX[kind]}${n.toString(36).toUpperCase().padStart(12, '0')}`;
}
export function decodeId(text: string, kind: 'order' | 'refill', d: SimDialect): string {
  const t = text.trim();
  let n = Number.NaN;
  if (d.ids === 'objectid' && /^[0-9a-f]{24}$/i.test(t)) n = Number.parseInt(t, 16);
  if (d.ids === 'ulid' && t.startsWith(ULID_PREFIX[kind])) n = Number.parseInt(t.slice(ULID_PREFIX[kind].length), 36);
  // Only an id this panel gave out reads back; any other text stays as it is (and is not found).
  return Number.isSafeInteger(n) && n > 0 && encodeId(n, kind, d) === t ? String(n) : t;
}

const decodeList = (text: string | undefined, kind: 'order' | 'refill', d: SimDialect) =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((x) => decodeId(x, kind, d))
        .join(',');

/** The request as the books read it: the dialect's ids back to integers. */
export function decodeParams(params: Record<string, string | undefined>, d: SimDialect): Record<string, string | undefined> {
  return {
    ...params,
    order: decodeList(params.order, 'order', d),
    orders: decodeList(params.orders, 'order', d),
    refill: decodeList(params.refill, 'refill', d),
    refills: decodeList(params.refills, 'refill', d),
  };
}

const num = (v: unknown, d: SimDialect): unknown => {
  if (typeof v !== 'string' || !/^-?\d+(\.\d+)?$/.test(v)) return v;
  if (d.numbers === 'number') return Number(v);
  if (d.numbers === 'string8' && v.includes('.')) return Number(v).toFixed(8);
  return v;
};
const count = (v: unknown, d: SimDialect): unknown => (typeof v === 'string' && d.numbers === 'number' && /^-?\d+$/.test(v) ? Number(v) : v);
const statusName = (v: unknown, d: SimDialect): unknown => {
  if (typeof v !== 'string') return v;
  if (d.garbledStatus) return `st#${v.length}`;
  return d.statusNames[v] ?? v;
};

/** Drip-feed orders of the books: their runs (for `dripFeedRuns`). */
async function runsOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  const numeric = ids.filter((x) => /^\d{1,15}$/.test(x)).map(Number);
  if (numeric.length === 0) return new Map();
  const found = await rows<{ id: number; runs: number }>(
    db,
    sql`SELECT id::int AS id, runs FROM provider_sim.orders WHERE id IN ${numeric} AND runs IS NOT NULL`,
  );
  return new Map(found.map((r) => [String(r.id), r.runs]));
}

/** One order status in the dialect. */
function statusBody(body: Record<string, unknown>, id: string, runs: Map<string, number>, d: SimDialect): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...body,
    charge: num(body.charge, d),
    start_count: count(body.start_count, d),
    status: statusName(body.status, d),
    remains: count(body.remains, d),
  };
  if (d.overDelivery === 'plus' && typeof body.remains === 'string' && body.remains.startsWith('-')) out.remains = `+${body.remains.slice(1)}`;
  const r = runs.get(id);
  if (d.dripFeedRuns && r !== undefined) {
    delete out.remains;
    out.runs = d.numbers === 'number' ? r : String(r);
    // The runs' orders at the panel: derived ids, one per run.
    out.orders = Array.from({ length: r }, (_, i) => encodeId(Number(id) * 1000 + i + 1, 'order', d));
  }
  return out;
}

const isError = (v: unknown): v is { error: string } => !!v && typeof v === 'object' && !Array.isArray(v) && 'error' in v;

/**
 * The books' answer (`json`, to the decoded `params`) rewritten in the dialect, with its HTTP
 * status. Errors keep their text and take the dialect's HTTP status.
 */
export async function encodeAnswer(
  db: Db,
  action: string,
  params: Record<string, string | undefined>,
  json: unknown,
  d: SimDialect,
): Promise<{ status: number; body: unknown }> {
  if (isError(json)) return { status: d.errorStatus, body: json };
  switch (action) {
    case 'add':
      return { status: 200, body: { ...(json as object), order: encodeId((json as { order: unknown }).order, 'order', d) } };
    case 'balance': {
      const b = json as { balance: unknown };
      return { status: 200, body: { ...b, balance: num(b.balance, d) } };
    }
    case 'services':
      return {
        status: 200,
        body: (json as Record<string, unknown>[]).map((s) => ({ ...s, rate: num(s.rate, d), min: count(s.min, d), max: count(s.max, d) })),
      };
    case 'status': {
      if (params.orders !== undefined) {
        const map = json as Record<string, unknown>;
        const runs = d.dripFeedRuns ? await runsOf(db, Object.keys(map)) : new Map<string, number>();
        const out: Record<string, unknown> = {};
        for (const [id, value] of Object.entries(map)) {
          out[String(encodeId(id, 'order', d))] = isError(value) ? value : statusBody(value as Record<string, unknown>, id, runs, d);
        }
        return { status: 200, body: out };
      }
      const id = params.order ?? '';
      const runs = d.dripFeedRuns ? await runsOf(db, [id]) : new Map<string, number>();
      const body = statusBody(json as Record<string, unknown>, id, runs, d);
      return { status: 200, body: d.wrapSingleStatus ? { [String(encodeId(id, 'order', d))]: body } : body };
    }
    case 'refill':
      if (Array.isArray(json)) {
        return {
          status: 200,
          body: json.map((r: { order: unknown; refill: unknown }) => ({
            order: encodeId(r.order, 'order', d),
            refill: isError(r.refill) ? r.refill : encodeId(r.refill, 'refill', d),
          })),
        };
      }
      return { status: 200, body: { refill: encodeId((json as { refill: unknown }).refill, 'refill', d) } };
    case 'refill_status':
      if (Array.isArray(json)) {
        return {
          status: 200,
          body: json.map((r: { refill: unknown; status: unknown }) => ({
            refill: encodeId(r.refill, 'refill', d),
            status: isError(r.status) ? r.status : statusName(r.status, d),
          })),
        };
      }
      return { status: 200, body: { status: statusName((json as { status: unknown }).status, d) } };
    case 'cancel':
      return { status: 200, body: (json as { order: unknown; cancel: unknown }[]).map((r) => ({ ...r, order: encodeId(r.order, 'order', d) })) };
    default:
      return { status: 200, body: json };
  }
}
