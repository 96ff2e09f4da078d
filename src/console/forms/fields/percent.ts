import { formatNumber } from '../../ui/format';

/**
 * Percentages travel as fractions of 1 (operations.md §5: 12.5 % is sent as '0.125') and are shown
 * ×100. Both directions move the decimal point as text, so no float ever rounds a value.
 */

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

function splitDecimal(value: string | number): [string, string] | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(10).replace(/\.?0+$/, '') : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  return [match[1], match[2] ?? ''];
}

const stripLeadingZeros = (int: string) => int.replace(/^0+(?=\d)/, '') || '0';

/** '0.125' -> '12.5', '1.0000' -> '100', '0.5' -> '50'. Empty or not a number -> ''. */
export function fractionToPercent(fraction: string | number | null | undefined): string {
  if (fraction === null || fraction === undefined || fraction === '') return '';
  const parts = splitDecimal(fraction);
  if (!parts) return '';
  const [int, frac] = parts;
  const padded = frac.padEnd(2, '0');
  const whole = stripLeadingZeros(int + padded.slice(0, 2));
  const rest = padded.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/**
 * '12.5' -> '0.125' with 3 decimals; '12.5' -> '0.13' with 2 (rounded half up, as text). Empty or
 * not a number -> ''.
 */
export function percentToFraction(percent: string | number | null | undefined, decimals: number): string {
  if (percent === null || percent === undefined || percent === '') return '';
  const parts = splitDecimal(percent);
  if (!parts) return '';
  const [int, frac] = parts;
  const digits = (int || '0').padStart(2, '0');
  const raw = `${stripLeadingZeros(digits.slice(0, -2) || '0')}.${digits.slice(-2)}${frac}`;
  return formatNumber(raw, { decimals }).replace(/\s/g, '');
}

/** A fraction for reading: '0.155' -> '15.5 %'; none -> '—'. */
export function percentText(fraction: string | null | undefined): string {
  const percent = fractionToPercent(fraction);
  return percent === '' ? '—' : `${percent} %`;
}
