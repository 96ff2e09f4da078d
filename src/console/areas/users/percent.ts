import { formatNumber } from '../../ui/format';

/**
 * Discounts are fractions on the wire ('0.1250') and percentages on screen (12.5). The
 * conversion moves the decimal point in text so no binary-float noise reaches the server.
 */
export function fractionToPercent(fraction: string | number): number {
  return Number((Number(fraction) * 100).toFixed(2));
}

/** 12.5 -> '0.1250' (4 decimals, the column's scale). */
export function percentToFraction(percent: number): string {
  return (Math.round(percent * 100) / 10000).toFixed(4);
}

export const formatPercent = (fraction: string | number): string => `${formatNumber(fractionToPercent(fraction), { decimals: 2, trimFractions: true })} %`;
