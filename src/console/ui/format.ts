import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { currencyStyle } from './currency';

dayjs.extend(utc);

/**
 * Number, money and date formatting shared by every screen: thousands are grouped with a space,
 * money takes its currency's sign and decimals (currency.ts; $ by default), dates read 'YYYY-MM-DD HH:mm'.
 *
 * Money arrives as a decimal string ('1234.5000'); it is formatted as a string so no float
 * rounding ever changes a displayed amount.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
/** The format the API expects for dates it receives (UTC). */
export const SEND_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type Numeric = number | string | null | undefined;

export interface NumberFormatOptions {
  /** Round (half away from zero) or pad the fraction to this many digits. */
  decimals?: number;
  /** Drop trailing zeros of the fraction (and the point when nothing is left). */
  trimFractions?: boolean;
}

interface DecimalParts {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

function toDecimalParts(value: number | string): DecimalParts | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Avoid exponent notation for very large or small numbers.
    text = Math.abs(value) >= 1e21 || (value !== 0 && Math.abs(value) < 1e-6) ? value.toFixed(20) : String(value);
  } else {
    text = value.trim().replace(/[\s\u00a0]/g, '');
  }
  const match = DECIMAL_RE.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const int = (match[2] || '0').replace(/^0+(?=\d)/, '');
  return { negative: match[1] === '-', int, frac: match[3] ?? '' };
}

/** Rounds a non-negative decimal (as digit strings) half away from zero. */
function roundParts(parts: DecimalParts, decimals: number): DecimalParts {
  if (parts.frac.length <= decimals) return { ...parts, frac: parts.frac.padEnd(decimals, '0') };
  const keep = parts.frac.slice(0, decimals);
  const roundUp = parts.frac.charCodeAt(decimals) - 48 >= 5;
  if (!roundUp) return { ...parts, frac: keep };
  // Add one unit in the last kept place, carrying through the integer part.
  const digits = (parts.int + keep).split('').map(Number);
  let i = digits.length - 1;
  while (i >= 0) {
    if (digits[i] === 9) {
      digits[i] = 0;
      i -= 1;
    } else {
      digits[i] += 1;
      break;
    }
  }
  if (i < 0) digits.unshift(1);
  const all = digits.join('');
  const intLength = all.length - decimals;
  return { negative: parts.negative, int: all.slice(0, intLength) || '0', frac: all.slice(intLength) };
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** '1234567.891' -> '1 234 567.891'; with `{decimals: 2}` -> '1 234 567.89'. Empty or invalid -> ''. */
export function formatNumber(value: Numeric, options: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  let parts = toDecimalParts(value);
  if (!parts) return typeof value === 'string' ? value : '';
  if (options.decimals !== undefined) parts = roundParts(parts, options.decimals);
  let frac = parts.frac;
  if (options.trimFractions) frac = frac.replace(/0+$/, '');
  const isZero = /^0*$/.test(parts.int) && /^0*$/.test(frac);
  const sign = parts.negative && !isZero ? '-' : '';
  return `${sign}${groupThousands(parts.int)}${frac ? `.${frac}` : ''}`;
}

/** A counter's value, thousands grouped with a space; a dash until it is known. */
export const formatCount = (value: number | null): string => (value === null ? '–' : formatNumber(value));

/**
 * Moves the decimal point as text, so no float rounds the value: ('0.125', 2) -> '12.5',
 * ('12.5', -2) -> '0.125', ('-0.05', 2) -> '-5'. Empty or not a number -> ''.
 */
export function shiftDecimalPoint(value: Numeric, places: number): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = toDecimalParts(value);
  if (!parts) return '';
  let digits = parts.int + parts.frac;
  let point = parts.int.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point, '0');
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  const isZero = /^0*$/.test(int) && frac === '';
  return `${parts.negative && !isZero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** a − b exactly, as decimal text ('316.59' − '5' -> '311.59'); '' when either is not a number. */
export function subtractDecimals(a: Numeric, b: Numeric): string {
  const scale = 8;
  const x = shiftDecimalPoint(a, scale);
  const y = shiftDecimalPoint(b, scale);
  if (!x || !y || x.includes('.') || y.includes('.')) return '';
  return shiftDecimalPoint((BigInt(x) - BigInt(y)).toString(), -scale);
}

/**
 * Percentages travel as fractions of 1 (12.5 % is sent as '0.125') and are shown ×100:
 * '0.125' -> '12.5', exactly. Empty or not a number -> ''.
 */
export const fractionToPercent = (fraction: Numeric): string => shiftDecimalPoint(fraction, 2);

/** A value already on the 0–100 scale: '35.20' -> '35.2 %' (rounded to `decimals` when given). Empty -> ''. */
export function formatPercent(percent: Numeric, options: { decimals?: number } = {}): string {
  const number = formatNumber(percent, { decimals: options.decimals, trimFractions: true });
  return number ? `${number} %` : '';
}

/** A fraction for reading: '0.155' -> '15.5 %' (rounded to `decimals` when given); none -> '—'. */
export const percentText = (fraction: Numeric, options: { decimals?: number } = {}): string => formatPercent(fractionToPercent(fraction), options) || '—';

export interface MoneyFormatOptions {
  /** The ISO code of the amount's currency ('USD', 'EUR', 'RUB'…); default USD, the panel's balance currency. */
  currency?: string | null;
  /**
   * More decimals than the currency's own, for unit prices and rates ('0.0125' per unit). Trailing
   * zeros past the currency's decimals are dropped, so '248.7000' reads '$248.70' and '1.2345' stays.
   */
  maxDecimals?: number;
  /** Whole units only, for chart axes ('$1 200'). */
  whole?: boolean;
}

/**
 * Every amount of money on every screen: the currency's sign (before or after the amount), thousands
 * grouped by a space, the currency's fixed decimals, exact decimal text (never a float):
 * ('-1234.5') -> '-$1 234.50'; ('12.4', {currency: 'EUR'}) -> '€12.40'; ('0.5', {currency: 'USDT'})
 * -> '0.50 USDT'. Empty -> ''; text that is not a number comes back as it is.
 */
export function formatMoney(value: Numeric, options: MoneyFormatOptions = {}): string {
  const style = currencyStyle(options.currency);
  const own = options.whole ? 0 : style.decimals;
  const most = Math.max(own, options.maxDecimals ?? own);
  let number = formatNumber(value, { decimals: most });
  if (!number) return '';
  if (!/\d/.test(number)) return number;
  if (most > own) {
    // Drop zeros beyond the currency's own decimals only.
    const point = number.indexOf('.');
    const keep = point + 1 + own;
    const extra = number.slice(keep).replace(/0+$/, '');
    number = number.slice(0, keep) + extra;
    if (number.endsWith('.')) number = number.slice(0, -1);
  }
  const negative = number.startsWith('-');
  const digits = negative ? number.slice(1) : number;
  const signed = style.signBefore ? `${style.sign}${digits}` : `${digits} ${style.sign}`;
  return negative ? `-${signed}` : signed;
}

export const isEmptyValue = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Naive 'YYYY-MM-DD HH:mm[:ss]' strings come from the API in UTC. */
const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

export type DateInput = string | number | Date | null | undefined;

export interface DateFormatOptions {
  /** Show the date only ('YYYY-MM-DD'). */
  dateOnly?: boolean;
  /** Show UTC instead of the browser's time zone. */
  utc?: boolean;
  /** A dayjs format overriding the defaults. */
  format?: string;
}

export function parseDate(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'string' && NAIVE_DATE_TIME.test(value) ? dayjs.utc(value.replace(' ', 'T')) : dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** '2025-03-01T10:20:30Z' -> '2025-03-01 10:20' (local time unless `utc`). Invalid or empty -> ''. */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const parsed = parseDate(value);
  if (!parsed) return '';
  // A plain date ('2025-03-01') has no time of day: never shift it across time zones.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return options.format ? dayjs(value).format(options.format) : value;
  }
  const zoned = options.utc ? parsed.utc() : parsed.local();
  return zoned.format(options.format ?? (options.dateOnly ? DATE_FORMAT : DATE_TIME_FORMAT));
}

export const formatDate = (value: DateInput, options: Omit<DateFormatOptions, 'dateOnly'> = {}): string =>
  formatDateTime(value, { ...options, dateOnly: true });

/** A date as the API expects to receive it: UTC 'YYYY-MM-DD HH:mm:ss'. */
export function toApiDateTime(value: DateInput): string {
  const parsed = parseDate(value);
  return parsed ? parsed.utc().format(SEND_DATE_TIME_FORMAT) : '';
}

/** 'in_processing' -> 'In processing'. */
export function humanize(value: string): string {
  const text = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
