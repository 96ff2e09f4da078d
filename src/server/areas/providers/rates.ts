import { markedUpPrice } from '../../../contract/providers/pricing';

/**
 * Reference rates to USD for proposing import prices from a provider's currency. The panel sells
 * in USD; these are planning figures (the proposed price is editable before import), not a live
 * exchange feed. A currency not listed is taken at 1.
 */
export const USD_PER_UNIT: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  RUB: '0.011',
  INR: '0.012',
  TRY: '0.031',
  UAH: '0.024',
  KZT: '0.0021',
  BRL: '0.18',
};

export const rateToUsd = (currency: string): string => USD_PER_UNIT[currency.toUpperCase()] ?? '1';

/** The provider's price in USD and the proposed selling price with the provider's margin (exact: contract/providers/pricing.ts). */
export function proposedPrice(amount: string, currency: string, margin: string): { providerPrice: string; price: string } {
  return markedUpPrice(amount, rateToUsd(currency), margin);
}
