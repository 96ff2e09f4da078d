import { sql, type SQL } from 'drizzle-orm';
import { MAX_FILTER_TEXT, type ColumnFilter } from '../../contract/table';

/**
 * Column filter kinds of the table protocol and the SQL condition each one builds.
 *
 * Every value a client sends is checked here and bound as a parameter; a value of the wrong type
 * throws FilterValueError, which the builder answers as a 422 at the filter's path. A value that
 * means "no filter" (null, '', [], a range with both ends empty) yields no condition.
 */
export type { FilterKind, ValueType } from '../../contract/columns';
import type { FilterKind, ValueType } from '../../contract/columns';

/** How select and multi-select values are read: integers are range-checked so the database never sees an overflow. */

export class FilterValueError extends Error {}

export interface FilterSpec {
  kind: FilterKind;
  /** The expression the condition applies to. */
  sql: SQL;
  valueType?: ValueType;
  /** Allowed values of a select or multi-select (checked before the query runs). */
  options?: readonly string[];
}

const INT4_MAX = 2147483647;
const INT8_MAX = 9223372036854775807n;

/** Escapes LIKE wildcards so user text matches literally (backslash is Postgres' default escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

const isEmpty = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Reads one select value by type; returns what is bound as the parameter. */
export function readScalar(value: unknown, valueType: ValueType = 'text', options?: readonly string[]): string | number {
  if (valueType === 'text') {
    if (typeof value !== 'string' && typeof value !== 'number') throw new FilterValueError('The filter must be a string.');
    const text = String(value);
    if (options && !options.includes(text)) {
      throw new FilterValueError(`The selected value "${text}" is invalid; allowed: ${options.join(', ')}.`);
    }
    return text;
  }
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+$/.test(text)) throw new FilterValueError('The filter must be an integer.');
  if (valueType === 'int') {
    const n = Number(text);
    if (Math.abs(n) > INT4_MAX) throw new FilterValueError('The filter is out of range.');
    return n;
  }
  const big = BigInt(text);
  if (big > INT8_MAX || big < -INT8_MAX) throw new FilterValueError('The filter is out of range.');
  return big.toString();
}

/** Reads an integer usable against an id column, or null when the text is not one (search by id). */
export function readIdOrNull(text: string, valueType: ValueType = 'int'): string | number | null {
  if (!/^\d+$/.test(text)) return null;
  try {
    return readScalar(text, valueType);
  } catch {
    return null;
  }
}

function readNumber(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  // Kept as text and cast to numeric in SQL, so a money bound never passes through a float.
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\d+(\.\d+)?e[-+]?\d+$/i.test(text)) {
    throw new FilterValueError('The range bounds must be numbers.');
  }
  return text;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A UTC bound: a date (whole day) or 'YYYY-MM-DD HH:mm:ss'. `end` makes a date bound exclusive of the next day. */
function readDateBound(value: unknown, end: boolean): { iso: string; inclusive: boolean } | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string') throw new FilterValueError('The dates must have the format YYYY-MM-DD.');
  const text = value.trim();
  const d = DATE.exec(text);
  const dt = d ? null : DATE_TIME.exec(text);
  const parts = d ?? dt;
  if (!parts) throw new FilterValueError('The dates must have the format YYYY-MM-DD.');
  const [y, mo, da] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [h, mi, s] = dt ? [Number(dt[4]), Number(dt[5]), Number(dt[6] ?? 0)] : [0, 0, 0];
  const ms = Date.UTC(y, mo - 1, da, h, mi, s);
  const check = new Date(ms);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== da ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  ) {
    throw new FilterValueError(`"${text}" is not a valid date.`);
  }
  if (d && end) return { iso: new Date(ms + 86_400_000).toISOString(), inclusive: false };
  return { iso: check.toISOString(), inclusive: true };
}

function readRange(value: unknown): { from: unknown; to: unknown } {
  // Date pickers commonly send [from, to]; the contract's form is {from, to}.
  if (Array.isArray(value)) {
    if (value.length > 2) throw new FilterValueError('The range must have at most two bounds.');
    return { from: value[0], to: value[1] };
  }
  if (typeof value !== 'object' || value === null) throw new FilterValueError('The range must be an object with from and to.');
  const range = value as Record<string, unknown>;
  return { from: range.from, to: range.to };
}

function readBoolean(value: unknown): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw new FilterValueError('The filter must be true or false.');
}

/** The condition for one filter value, or undefined when the value asks for no filtering. */
export function filterCondition(spec: FilterSpec, value: ColumnFilter | unknown): SQL | undefined {
  if (isEmpty(value)) return undefined;
  const expr = spec.sql;
  switch (spec.kind) {
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') throw new FilterValueError('The filter must be a string.');
      const text = String(value).trim();
      if (text.length > MAX_FILTER_TEXT) throw new FilterValueError(`A filter may have at most ${MAX_FILTER_TEXT} characters.`);
      return sql`${expr} ILIKE ${containsPattern(text)}`;
    }
    case 'select': {
      if (Array.isArray(value) || typeof value === 'object') throw new FilterValueError('The filter must be a single value.');
      return sql`${expr} = ${readScalar(value, spec.valueType, spec.options)}`;
    }
    case 'multiSelect': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return undefined;
      if (list.length > 1000) throw new FilterValueError('The filter may list at most 1000 values.');
      const values = [...new Set(list.map((v) => readScalar(v, spec.valueType, spec.options)))];
      return sql`${expr} IN ${values}`;
    }
    case 'numberRange': {
      const range = readRange(value);
      const from = readNumber(range.from);
      const to = readNumber(range.to);
      const parts: SQL[] = [];
      if (from !== null) parts.push(sql`${expr} >= ${from}::numeric`);
      if (to !== null) parts.push(sql`${expr} <= ${to}::numeric`);
      return parts.length ? sql.join(parts, sql` AND `) : undefined;
    }
    case 'dateRange': {
      const range = readRange(value);
      const from = readDateBound(range.from, false);
      const to = readDateBound(range.to, true);
      const parts: SQL[] = [];
      if (from) parts.push(sql`${expr} >= ${from.iso}::timestamptz`);
      if (to) parts.push(to.inclusive ? sql`${expr} <= ${to.iso}::timestamptz` : sql`${expr} < ${to.iso}::timestamptz`);
      return parts.length ? sql.join(parts, sql` AND `) : undefined;
    }
    case 'boolean':
      // IS TRUE / IS NOT TRUE: a NULL expression counts as false instead of vanishing from both answers.
      return readBoolean(value) ? sql`(${expr}) IS TRUE` : sql`(${expr}) IS NOT TRUE`;
  }
}
