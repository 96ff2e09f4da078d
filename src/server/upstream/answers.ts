import { z } from 'zod';

/**
 * The answers of the SMM panel API v2 as read, tolerant of how real panels send them: numbers and
 * ids as numbers or strings, booleans as true/1/"1"/"true", refill/cancel/dripfeed missing
 * (false). Rates are in the panel's own currency, which only `balance` tells.
 */

/** Numbers come as numbers or strings depending on the panel; ids are kept as text. */
export const idText = z.union([z.number(), z.string().trim().min(1)]).transform(String);
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
  services: z
    .union([z.array(idText), z.string()])
    .nullish()
    .transform((v) =>
      v === null || v === undefined
        ? []
        : Array.isArray(v)
          ? v
          : v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
    ),
});

export const statusSchema = z.object({
  charge: decimalText.nullish().transform((v) => v ?? null),
  start_count: intish.nullish().transform((v) => v ?? null),
  status: z.string(),
  remains: intish.nullish().transform((v) => v ?? null),
  currency: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});
export interface SmmOrderStatus {
  charge: string | null;
  startCount: number | null;
  /** One of SMM_STATUSES for panels that follow the standard; kept as sent otherwise. */
  status: string;
  /** Negative when the provider delivered more than ordered. */
  remains: number | null;
  currency: string | null;
}
export type SmmResult<T> = T | { error: string };

export const toStatus = (s: z.output<typeof statusSchema>): SmmOrderStatus => ({
  charge: s.charge,
  startCount: s.start_count,
  status: s.status,
  remains: s.remains,
  currency: s.currency,
});

/** A list answer's entry: its value, or `{error}` for that entry alone. */
export const perItemError = <T extends z.ZodType>(ok: T) => z.union([errorBody, ok]);
