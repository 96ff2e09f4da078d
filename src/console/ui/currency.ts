/**
 * How each currency the panel deals in is written: its sign, whether the sign goes before the
 * amount, and how many decimals an amount of it shows. Amounts in the panel's own balance currency
 * (balances, invoices, orders) arrive without a code and are dollars unless the record says
 * otherwise; providers, their billing and payment methods carry their own code.
 */
export interface CurrencyStyle {
  /** '$', '€', '₽'; for a code without a common sign, the code itself ('USDT'). */
  sign: string;
  /** '$12.40' (before) or '12.40 USDT' (after, with a space). */
  signBefore: boolean;
  /** The minor units an amount shows: 2 for most, 0 for yen and won, 8 for bitcoin. */
  decimals: number;
}

export const DEFAULT_CURRENCY = 'USD';

const before = (sign: string, decimals = 2): CurrencyStyle => ({ sign, signBefore: true, decimals });
const after = (code: string, decimals = 2): CurrencyStyle => ({ sign: code, signBefore: false, decimals });

const STYLES: Record<string, CurrencyStyle> = {
  USD: before('$'),
  EUR: before('€'),
  GBP: before('£'),
  RUB: before('₽'),
  INR: before('₹'),
  TRY: before('₺'),
  UAH: before('₴'),
  KZT: before('₸'),
  BRL: before('R$'),
  CNY: before('CN¥'),
  JPY: before('¥', 0),
  KRW: before('₩', 0),
  VND: before('₫', 0),
  USDT: after('USDT'),
  BTC: after('BTC', 8),
};

/** The style of an ISO code (case-insensitive); an unknown code is written after the amount, 2 decimals. */
export function currencyStyle(code: string | null | undefined): CurrencyStyle {
  const key = (code ?? DEFAULT_CURRENCY).trim().toUpperCase() || DEFAULT_CURRENCY;
  return STYLES[key] ?? after(key);
}
