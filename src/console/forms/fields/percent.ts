import { formatNumber, fractionToPercent, shiftDecimalPoint } from '../../ui/format';

/** The fraction shown ×100 (ui/format's, exact): the other half of what a percent field converts. */
export { fractionToPercent };

/**
 * What a member typed as a percentage, as the fraction the API takes: '12.5' -> '0.125' with 3
 * decimals; '12.5' -> '0.13' with 2 (rounded half up, as text). Empty or not a number -> ''.
 */
export function percentToFraction(percent: string | number | null | undefined, decimals: number): string {
  const fraction = shiftDecimalPoint(percent, -2);
  return fraction === '' ? '' : formatNumber(fraction, { decimals }).replace(/\s/g, '');
}
