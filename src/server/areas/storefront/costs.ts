import { SCALE, fromUnits, mulDiv, toUnits } from '../../pricing/decimal';

/** A package's costs, in the pricing function's exact decimal arithmetic (no float touches money). */

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
  const total = fixedCost !== null ? toUnits(fixedCost) : mulDiv(defaultCost, SCALE - toUnits(discountFraction), SCALE);
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
