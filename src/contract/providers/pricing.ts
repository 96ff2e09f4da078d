/**
 * The selling price an import proposes for a provider's service, computed the same way on both
 * sides: the server proposes it, the console recomputes it for the markup a member picks (one for
 * every row, or one row's own), and what the console shows is what the import sends and stores.
 * Decimal text in, decimal text out; integer arithmetic in between, so no float ever rounds it.
 */

/** Fixed-point digits kept between the steps. */
const SCALE_DIGITS = 8;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** '12.5' -> 1250000000n (8 decimals; digits past the 8th are dropped). */
function toFixedPoint(value: string): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const n = BigInt(whole || '0') * SCALE + BigInt((fraction + '0'.repeat(SCALE_DIGITS)).slice(0, SCALE_DIGITS));
  return negative ? -n : n;
}

/** An 8-decimal fixed-point amount as text with 4 decimals, rounded half up ('0.6250'). */
function toMoneyText(n: bigint): string {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs + 5000n) / 10000n;
  const digits = q.toString().padStart(5, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/**
 * amount × rate (to the panel's currency) × (1 + markup), rounded half up to 4 decimals:
 * `providerPrice` is the provider's price in the panel's currency, `price` the selling price per
 * 1000. The markup is a fraction ('0.5' is 50 %).
 */
export function markedUpPrice(amount: string, rate: string, markup: string): { providerPrice: string; price: string } {
  const provider = (toFixedPoint(amount) * toFixedPoint(rate)) / SCALE;
  const withMarkup = (provider * (SCALE + toFixedPoint(markup))) / SCALE;
  return { providerPrice: toMoneyText(provider), price: toMoneyText(withMarkup) };
}
