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

/** amount × rate × (1 + margin), rounded to 4 decimals, computed in integer ten-thousandths (no float drift in the result). */
export function proposedPrice(amount: string, currency: string, margin: string): { providerPrice: string; price: string } {
  const scale = 10n ** 8n;
  const toFixed = (v: string): bigint => {
    const [i, f = ''] = v.split('.');
    const neg = i.startsWith('-');
    const n = BigInt(i.replace('-', '') || '0') * scale + BigInt((f + '00000000').slice(0, 8));
    return neg ? -n : n;
  };
  const show = (n: bigint): string => {
    // n has 8 decimals; round half up to 4.
    const q = (n + 5000n) / 10000n;
    const s = q.toString().padStart(5, '0');
    return `${s.slice(0, -4)}.${s.slice(-4)}`;
  };
  const provider = (toFixed(amount) * toFixed(rateToUsd(currency))) / scale;
  const withMargin = (provider * (scale + toFixed(margin))) / scale;
  return { providerPrice: show(provider), price: show(withMargin) };
}
