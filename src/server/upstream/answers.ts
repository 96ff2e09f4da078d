import { z } from 'zod';

/**
 * The answers of the SMM panel API v2 as read, tolerant of how real panels send them: numbers and
 * ids as numbers or strings, booleans as true/1/"1"/"true", refill/cancel/dripfeed missing
 * (false). Rates are in the panel's own currency, which only `balance` tells.
 */

/** Numbers come as numbers or strings depending on the panel; ids are kept as text. */
export const idText = z.union([z.number(), z.string().trim().min(1)]).transform(String);
/** Ids as a JSON array or as one comma-separated string, both of which panels send. */
const idList = z.union([
  z.array(idText),
  z.string().transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
]);
const numberish = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?(\d+(\.\d*)?|\.\d+)$/),
]);
const intish = numberish.transform((v) => Math.trunc(Number(v)));
export const decimalText = numberish.transform((v) => {
  const text = String(v).trim();
  // "1." and ".5" as panels sometimes send them; exponent forms of numbers come back as plain decimals.
  if (typeof v === 'number') return /e/i.test(text) ? v.toFixed(10).replace(/\.?0+$/, '') : text;
  return text.startsWith('.') ? `0${text}` : text.startsWith('-.') ? `-0${text.slice(1)}` : text.endsWith('.') ? text.slice(0, -1) : text;
});
/** true/1/"1"/"true"/"yes" are true; false/0/"0"/""/null/missing are false. */
export const flag = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase())));
export const errorBody = z.object({ error: z.union([z.string(), z.number()]).transform(String) });

export const SMM_STATUSES = ['Pending', 'In progress', 'Processing', 'Completed', 'Partial', 'Canceled'] as const;
export type SmmStatus = (typeof SMM_STATUSES)[number];

export const serviceSchema = z.object({
  service: idText,
  name: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  type: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || 'Default'),
  category: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
  rate: decimalText,
  min: intish,
  max: intish,
  refill: flag,
  cancel: flag,
  dripfeed: flag,
});
export type SmmService = z.output<typeof serviceSchema>;

/** A service list as read: the services, how many entries could not be read, and the raw answer. */
export interface SmmServiceList {
  services: SmmService[];
  /** Entries skipped because they lacked an id, a name, a rate or limits that are numbers. */
  skipped: number;
  /** The answer's text exactly as it came (kept by the sync for download). */
  raw: string;
}

export interface SmmPackage {
  id: string;
  name: string;
  type: string;
  fixedCost: string | null;
  discountPercent: string | null;
  services: string[];
}
export const packageSchema = z.object({
  id: idText,
  name: z.union([z.string(), z.number()]).transform(String),
  type: z
    .string()
    .nullish()
    .transform((v) => v ?? 'fixed'),
  fixed_cost: decimalText.nullish().transform((v) => v ?? null),
  discount_percent: decimalText.nullish().transform((v) => v ?? null),
  services: idList.nullish().transform((v) => v ?? []),
});

/**
 * Remains as panels write them: a number or a numeric string; negative after an over-delivery, or
 * written "+N" by panels that show the extra units delivered with a plus sign (read as −N).
 */
const remainsish = z.union([
  numberish.transform((v) => Math.trunc(Number(v))),
  z
    .string()
    .trim()
    .regex(/^\+\d+(\.\d*)?$/)
    .transform((v) => -Math.trunc(Number(v.slice(1)))),
]);

export const statusSchema = z.object({
  charge: decimalText.nullish().transform((v) => v ?? null),
  start_count: intish.nullish().transform((v) => v ?? null),
  status: z.union([z.string(), z.number()]).transform(String),
  remains: remainsish.nullish().transform((v) => v ?? null),
  currency: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  /** Drip-feed orders: how many runs, and the orders the runs placed there. */
  runs: intish.nullish().transform((v) => v ?? null),
  orders: idList.nullish().transform((v) => v ?? null),
});
export interface SmmOrderStatus {
  charge: string | null;
  startCount: number | null;
  /** The status as the provider wrote it; normalizeSmmStatus reads it. */
  status: string;
  /** Negative when the provider delivered more than ordered. */
  remains: number | null;
  currency: string | null;
  /** Drip-feed orders only: the runs, and the provider's orders for them. */
  runs?: number | null;
  childOrders?: string[] | null;
}
export type SmmResult<T> = T | { error: string };
/** An entry of a list answer the client could not read: kept as it came. */
export interface SmmUnreadable {
  unreadable: string;
}

export const toStatus = (s: z.output<typeof statusSchema>): SmmOrderStatus => ({
  charge: s.charge,
  startCount: s.start_count,
  status: s.status,
  remains: s.remains,
  currency: s.currency,
  ...(s.runs !== null || s.orders !== null ? { runs: s.runs, childOrders: s.orders } : {}),
});

/**
 * The statuses of the API v2 in the spellings and cases real panels use, read to the standard
 * ones: `Cancelled`, `IN_PROGRESS`, `in-progress`, `Awaiting`, `Refunded`… A provider's failure
 * (`Fail`, `Failed`, `Error`, `Refunded`) is its Canceled: the order ended there undelivered (in
 * part or whole). Anything else is unknown: null, and the answer is not guessed.
 */
const STATUS_SPELLINGS: Record<string, SmmStatus> = {
  pending: 'Pending',
  awaiting: 'Pending',
  queued: 'Pending',
  waiting: 'Pending',
  new: 'Pending',
  'in progress': 'In progress',
  inprogress: 'In progress',
  active: 'In progress',
  processing: 'Processing',
  completed: 'Completed',
  complete: 'Completed',
  done: 'Completed',
  success: 'Completed',
  partial: 'Partial',
  partially: 'Partial',
  'partially completed': 'Partial',
  canceled: 'Canceled',
  cancelled: 'Canceled',
  cancel: 'Canceled',
  refunded: 'Canceled',
  refund: 'Canceled',
  fail: 'Canceled',
  failed: 'Canceled',
  error: 'Canceled',
};
export function normalizeSmmStatus(text: string): SmmStatus | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ');
  return STATUS_SPELLINGS[key] ?? null;
}

/** Refill statuses as panels write them, read to Pending, In progress, Completed, Rejected; else null. */
export type SmmRefillStatus = 'Pending' | 'In progress' | 'Completed' | 'Rejected';
export function normalizeRefillStatus(text: string): SmmRefillStatus | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ');
  if (['pending', 'awaiting', 'queued', 'waiting', 'new'].includes(key)) return 'Pending';
  if (['in progress', 'inprogress', 'processing', 'active'].includes(key)) return 'In progress';
  if (['completed', 'complete', 'done', 'success'].includes(key)) return 'Completed';
  if (['rejected', 'reject', 'canceled', 'cancelled', 'fail', 'failed', 'error'].includes(key)) return 'Rejected';
  return null;
}

/** A list answer's entry: its value, or `{error}` for that entry alone. */
export const perItemError = <T extends z.ZodType>(ok: T) => z.union([errorBody, ok]);
