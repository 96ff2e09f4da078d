import { formatNumber } from '../../ui/format';

/**
 * Money typed by a member stays a decimal string from the keyboard to the wire; grouping for
 * display goes through the string formatter, never through a float.
 */

/**
 * What the member typed or pasted, cleaned as they type: spaces dropped, a lone comma read as the
 * decimal point ('12,5'), commas beside a point read as thousands ('1,234.5'), anything but digits
 * and one point dropped, and the fraction cut at `decimals` digits (the input refuses more).
 */
export function sanitizeMoneyText(raw: string, decimals = 4): string {
  let text = raw.replace(/[\s\u00a0\u202f]/g, '');
  text = text.includes('.') ? text.replace(/,/g, '') : text.replace(/,/g, '.');
  text = text.replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point < 0) return text;
  if (decimals <= 0) return text.slice(0, point);
  const int = text.slice(0, point);
  const frac = text
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${int}.${frac}`;
}

/** The value as sent once the member leaves the field: '.5' -> '0.5', '12.' -> '12', '007' -> '7'. */
export function normalizeMoney(text: string): string {
  if (text === '' || text === '.') return '';
  let [int, frac = ''] = text.split('.');
  int = int.replace(/^0+(?=\d)/, '') || '0';
  return frac ? `${int}.${frac}` : int;
}

/**
 * '1234567.5' -> '1 234 567.5' (grouped with spaces, decimals as typed). With `minDecimals` the
 * fraction is padded, never cut: an amount of money reads '60.00' and '8.608', as in the server's
 * messages.
 */
export function displayMoney(value: string | null | undefined, minDecimals = 0): string {
  if (!value) return '';
  const grouped = formatNumber(value);
  if (minDecimals <= 0 || !/\d/.test(grouped)) return grouped;
  const [whole, fraction = ''] = grouped.split('.');
  return `${whole}.${fraction.padEnd(minDecimals, '0')}`;
}
