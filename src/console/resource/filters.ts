import type { ColumnFilter } from '../../contract/table';

/**
 * Column filter kinds: their values, their compact URL form and their table-request form.
 *
 * URL forms (one search param per filtered column, named by the column key):
 * - text, select: the value                      `email=bob`, `status=active`
 * - multiSelect: values joined by ','            `status=frozen,deactivated` (',' inside a value is %2C)
 * - numberRange: 'from..to', either end open     `balance=10..500`, `balance=10..`
 * - dateRange: 'YYYY-MM-DD..YYYY-MM-DD'          `createdAt=2025-01-01..2025-03-31`
 * - boolean: true / false                        `messengers=true`
 * An empty param (`status=`) means "no filter", which differs from a bare list that applies the
 * list's default filters.
 */

export type { FilterKind } from '../../contract/columns';
import type { FilterKind } from '../../contract/columns';

export interface FilterOption {
  value: string;
  label: string;
}

export interface NumberRange {
  from?: number;
  to?: number;
}

/** Both ends are 'YYYY-MM-DD' dates, inclusive. */
export interface DateRange {
  from?: string;
  to?: string;
}

export interface FilterValueByKind {
  text: string;
  select: string;
  multiSelect: string[];
  numberRange: NumberRange;
  dateRange: DateRange;
  boolean: boolean;
}
export type FilterValue = FilterValueByKind[FilterKind];

/**
 * Options of a select filter: a fixed list, or a hook (dictionaries fetched at run time); neither
 * for an exact value typed by hand (an id).
 */
export type OptionsSource =
  | { options: readonly FilterOption[]; useOptions?: never; placeholder?: never }
  | { options?: never; useOptions: () => readonly FilterOption[]; placeholder?: never }
  | { options?: never; useOptions?: never; placeholder?: string };

export type FilterSpec =
  | { kind: 'text'; placeholder?: string }
  | ({ kind: 'select' } & OptionsSource)
  | ({ kind: 'multiSelect' } & OptionsSource)
  | { kind: 'numberRange'; min?: number; max?: number; step?: number; decimals?: number }
  | { kind: 'dateRange' }
  | { kind: 'boolean'; trueLabel?: string; falseLabel?: string };

/** A raw search param as a router hands it over (TanStack Router parses JSON-looking values). */
export type SearchParamValue = string | number | boolean;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const RANGE_SEPARATOR = '..';

const escapeItem = (item: string) => item.replace(/%/g, '%25').replace(/,/g, '%2C');
const unescapeItem = (item: string) => item.replace(/%2C/gi, ',').replace(/%25/g, '%');

function isValidDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parseNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** True when a value filters nothing (it is then left out of the URL and of the request). */
export function isEmptyFilter(kind: FilterKind, value: FilterValue | undefined | null): boolean {
  if (value === undefined || value === null) return true;
  switch (kind) {
    case 'text':
    case 'select':
      return typeof value !== 'string' || value.trim() === '';
    case 'multiSelect':
      return !Array.isArray(value) || value.length === 0;
    case 'numberRange':
    case 'dateRange': {
      const range = value as NumberRange | DateRange;
      return typeof range !== 'object' || Array.isArray(range) || (range.from === undefined && range.to === undefined);
    }
    case 'boolean':
      return typeof value !== 'boolean';
  }
}

/** Normalises a filter value of a kind; undefined when it filters nothing. */
export function normalizeFilter(kind: FilterKind, value: unknown): FilterValue | undefined {
  switch (kind) {
    case 'text':
    case 'select': {
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return typeof value === 'string' && value.trim() !== '' ? (kind === 'text' ? value.trim() : value) : undefined;
    }
    case 'multiSelect': {
      if (!Array.isArray(value)) return undefined;
      const items = [...new Set(value.map(String).filter((v) => v !== ''))];
      return items.length ? items : undefined;
    }
    case 'numberRange': {
      if (!value || typeof value !== 'object') return undefined;
      const { from, to } = value as { from?: unknown; to?: unknown };
      const range: NumberRange = {};
      const f = typeof from === 'number' ? from : typeof from === 'string' ? parseNumber(from) : undefined;
      const t = typeof to === 'number' ? to : typeof to === 'string' ? parseNumber(to) : undefined;
      if (f !== undefined && Number.isFinite(f)) range.from = f;
      if (t !== undefined && Number.isFinite(t)) range.to = t;
      return range.from === undefined && range.to === undefined ? undefined : range;
    }
    case 'dateRange': {
      if (!value || typeof value !== 'object') return undefined;
      const { from, to } = value as { from?: unknown; to?: unknown };
      const range: DateRange = {};
      if (typeof from === 'string' && isValidDate(from)) range.from = from;
      if (typeof to === 'string' && isValidDate(to)) range.to = to;
      return range.from === undefined && range.to === undefined ? undefined : range;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return undefined;
  }
}

/** Filter value -> its compact URL text. */
export function encodeFilter(kind: FilterKind, value: FilterValue): string {
  switch (kind) {
    case 'text':
    case 'select':
      return String(value);
    case 'multiSelect':
      return (value as string[]).map(escapeItem).join(',');
    case 'numberRange':
    case 'dateRange': {
      const { from, to } = value as NumberRange | DateRange;
      return `${from ?? ''}${RANGE_SEPARATOR}${to ?? ''}`;
    }
    case 'boolean':
      return value ? 'true' : 'false';
  }
}

/** URL text (or a value the router already parsed) -> filter value; undefined when unusable. */
export function decodeFilter(kind: FilterKind, raw: SearchParamValue): FilterValue | undefined {
  const text = String(raw);
  switch (kind) {
    case 'text':
    case 'select':
      return normalizeFilter(kind, text);
    case 'multiSelect':
      return normalizeFilter(kind, text === '' ? [] : text.split(',').map(unescapeItem));
    case 'numberRange': {
      if (!text.includes(RANGE_SEPARATOR)) {
        // A single number typed by hand means an exact value.
        const n = parseNumber(text);
        return n === undefined ? undefined : { from: n, to: n };
      }
      const [from, to] = text.split(RANGE_SEPARATOR);
      return normalizeFilter(kind, { from, to });
    }
    case 'dateRange': {
      if (!text.includes(RANGE_SEPARATOR)) return isValidDate(text) ? { from: text, to: text } : undefined;
      const [from, to] = text.split(RANGE_SEPARATOR);
      return normalizeFilter(kind, { from, to });
    }
    case 'boolean':
      return normalizeFilter(kind, raw);
  }
}

/** Filter value -> the table protocol's `filter` of a header. */
export function toRequestFilter(kind: FilterKind, value: FilterValue): ColumnFilter {
  switch (kind) {
    case 'numberRange':
    case 'dateRange': {
      const { from, to } = value as NumberRange | DateRange;
      return { from: from ?? null, to: to ?? null };
    }
    case 'multiSelect':
      return [...(value as string[])];
    default:
      return value as string | boolean;
  }
}

export function filtersEqual(kind: FilterKind, a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  const emptyA = isEmptyFilter(kind, a);
  const emptyB = isEmptyFilter(kind, b);
  if (emptyA || emptyB) return emptyA === emptyB;
  return encodeFilter(kind, a as FilterValue) === encodeFilter(kind, b as FilterValue);
}

/** A short human text of a filter value, for chips and the column chooser. */
export function describeFilter(kind: FilterKind, value: FilterValue, options?: readonly FilterOption[]): string {
  const label = (v: string) => options?.find((o) => o.value === v)?.label ?? v;
  switch (kind) {
    case 'text':
      return `“${value as string}”`;
    case 'select':
      return label(value as string);
    case 'multiSelect':
      return (value as string[]).map(label).join(', ');
    case 'numberRange':
    case 'dateRange': {
      const { from, to } = value as NumberRange | DateRange;
      if (from !== undefined && to !== undefined) return from === to ? String(from) : `${from} – ${to}`;
      return from !== undefined ? `from ${from}` : `to ${to}`;
    }
    case 'boolean':
      return value ? 'Yes' : 'No';
  }
}
