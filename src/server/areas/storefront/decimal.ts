/**
 * Exact decimal arithmetic for package costs: amounts as BigInt counts of 1/10000 (the money
 * columns' scale), fractions as thousandths (the discount's 3 decimals). No float touches money.
 */
export const SCALE = 10_000n;

/** '12.5' -> 125000n (at most 4 decimals, as the columns hold). */
export function toUnits(text: string): bigint {
  const negative = text.trim().startsWith('-');
  const [int, frac = ''] = text.trim().replace(/^-/, '').split('.');
  const units = BigInt(int || '0') * SCALE + BigInt((frac + '0000').slice(0, 4));
  return negative ? -units : units;
}

/** 125000n -> '12.5000'. */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return `${negative ? '-' : ''}${abs / SCALE}.${String(abs % SCALE).padStart(4, '0')}`;
}

/** a × b / c rounded half up (a, b, c ≥ 0, c > 0). */
export const mulDiv = (a: bigint, b: bigint, c: bigint): bigint => (a * b * 2n + c) / (2n * c);

/** '0.125' -> 125n. */
export const toThousandths = (fraction: string): bigint => {
  const [int, frac = ''] = fraction.split('.');
  return BigInt(int || '0') * 1000n + BigInt((frac + '000').slice(0, 3));
};

export interface CostLine {
  defaultPrice: string;
  pricingPer: number;
  quantity: number;
}

export interface Costs {
  defaultCost: string;
  totalCost: string;
  difference: string;
  /** Per line: its cost at the default price and its share of the total. */
  lines: { cost: string; price: string }[];
}

/**
 * A package's costs: each line at its service's default price (price × quantity / pricing per),
 * the total as the fixed cost when set or the default cost less the discount, and each line's
 * share of the total in proportion to its cost (the last line takes the rounding remainder, so
 * the shares add up to the total exactly).
 */
export function packageCosts(lines: readonly CostLine[], fixedCost: string | null, discountFraction: string): Costs {
  const costs = lines.map((l) => mulDiv(toUnits(l.defaultPrice), BigInt(l.quantity), BigInt(Math.max(1, l.pricingPer))));
  const defaultCost = costs.reduce((a, b) => a + b, 0n);
  const total = fixedCost !== null ? toUnits(fixedCost) : mulDiv(defaultCost, 1000n - toThousandths(discountFraction), 1000n);
  let given = 0n;
  const prices = costs.map((cost, i) => {
    if (i === costs.length - 1) return total - given;
    const share = defaultCost === 0n ? 0n : mulDiv(cost, total, defaultCost);
    given += share;
    return share;
  });
  return {
    defaultCost: fromUnits(defaultCost),
    totalCost: fromUnits(total),
    difference: fromUnits(defaultCost - total),
    lines: costs.map((cost, i) => ({ cost: fromUnits(cost), price: fromUnits(prices[i]) })),
  };
}
