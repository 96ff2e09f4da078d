/**
 * Exact decimal arithmetic for prices: amounts are bigint counts of 1/10,000 (the 4 decimals of the
 * numeric(14,4) money columns), so no float ever touches money. Percentages are fractions of 1
 * ('0.125') read into the same scale. Products round half up (away from zero) back to 4 decimals.
 */

export const SCALE = 10_000n;
const SCALE_DIGITS = 4;

/** '12.5' -> 125000n; '-0.0001' -> -1n. More than 4 decimals are rounded half up. */
export function toUnits(text: string | number): bigint {
  const s = String(text).trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`Not a decimal: "${s}"`);
  const [, sign, int = '', frac = ''] = m;
  const kept = (frac + '0000').slice(0, SCALE_DIGITS);
  let units = BigInt(int || '0') * SCALE + BigInt(kept);
  if (frac.length > SCALE_DIGITS && Number(frac[SCALE_DIGITS]) >= 5) units += 1n;
  return sign ? -units : units;
}

/** 125000n -> '12.5000'. */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const int = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(SCALE_DIGITS, '0');
  return `${negative ? '-' : ''}${int}.${frac}`;
}

/** a × b / d, rounded half away from zero. */
export function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  if (d === 0n) throw new Error('Division by zero');
  const n = a * b;
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an + ad / 2n) / ad;
  return negative ? -q : q;
}

/** amount × fraction (both in units), rounded to 4 decimals. */
export const percentOf = (amount: bigint, fraction: bigint): bigint => mulDiv(amount, fraction, SCALE);

export const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** A fraction in units (0.125 -> 1250n) as the 0–100 scale with 2 decimals ('12.50'). */
export function fractionToPercentText(fraction: bigint): string {
  return fromUnits(fraction * 100n).replace(/(\.\d\d)\d*$/, '$1');
}
