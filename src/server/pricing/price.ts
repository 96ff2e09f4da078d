import type { CouponBonusType, CouponCalculationType, CouponPaymentType, CouponStatus, DiscountStatus, PriceLineKind } from '../../contract/incentives/columns';
import type { PriceModification } from '../../contract/orders';
import { fractionToPercentText, fromUnits, max, min, mulDiv, percentOf, toUnits } from './decimal';

/**
 * The one pricing function: what a customer pays for a service and a quantity, and why, line by
 * line. Pure (no database, no clock): the caller loads the inputs (./load.ts) and passes the moment
 * of the order. The demo order generator, the price preview and the tests all call it.
 *
 * Steps, in order (docs/pricing.md):
 *  1. list price = quantity × default price / pricing per; the base price is at least the
 *     service's minimum price;
 *  2. a free trial costs nothing: one freeTrial line of the whole base, nothing else applies;
 *  3. the customer's custom price for the service (userService) replaces the base price; it is a
 *     negotiated price, so the service discount and the grade or personal discount do not apply;
 *  4. the service discount: the best running discount naming the service (active, at within
 *     [valid from, valid to), global or naming the customer's country; ties go to the local one);
 *  5. the loyalty discount: the larger of the grade's discount and the personal discount;
 *  6. the coupon, when a code is given and its rules allow it: on orders only, within its dates
 *     and usage limit, the minimum amount met by the price so far, and its flags —
 *     workWithServiceDiscount, workWithUserCustomPrice, useWithOnlyUnpaidOrders, workWithBalance.
 *     A discount coupon takes a percentage or a fixed amount (at most the price) off; a
 *     balance-bonus coupon leaves the price alone and credits the bonus after payment.
 * Each percentage applies to the price left by the steps before it and is rounded half up to 4
 * decimals, so the lines always add up: base − Σ amounts = price, and the price is never negative.
 */

export interface PricingService {
  id: number;
  name: string;
  defaultPrice: string;
  pricingPer: number;
  minPrice: string;
}

export interface PricingGrade {
  id: number;
  name: string;
  /** A fraction ('0.05'). */
  discountPercent: string;
  isArchived: boolean;
}

export interface PricingCustomer {
  userId: number | null;
  /** ISO alpha-2, for local discounts; null when unknown. */
  country: string | null;
  /** The custom price of `pricingPer` units for this service (user_services), or null. */
  customPrice: string | null;
  grade: PricingGrade | null;
  /** users.discount_percent, a fraction; '0' for none. */
  personalDiscountPercent: string;
}

export interface PricingDiscount {
  id: number;
  name: string;
  status: DiscountStatus;
  validFrom: Date;
  validTo: Date;
  countries: readonly string[];
  /** This service's percentage in the discount, a fraction. */
  discountPercent: string;
}

export interface PricingCoupon {
  id: number;
  code: string;
  name: string;
  status: CouponStatus;
  paymentType: CouponPaymentType;
  bonusType: CouponBonusType;
  calculationType: CouponCalculationType;
  bonusPercentage: string | null;
  bonusAmount: string | null;
  minAmount: string;
  validFrom: Date | null;
  validTo: Date | null;
  usageLimit: number | null;
  usagesCount: number;
  workWithServiceDiscount: boolean;
  workWithUserCustomPrice: boolean;
  useWithOnlyUnpaidOrders: boolean;
  workWithBalance: boolean;
}

export interface PricingInput {
  service: PricingService;
  quantity: number;
  customer: PricingCustomer;
  /** Discounts naming this service (any status: the function checks them). */
  discounts: readonly PricingDiscount[];
  /** The code the customer typed ('' or null: none), and the coupon found for it (null: none). */
  couponCode?: string | null;
  coupon?: PricingCoupon | null;
  /** The moment of the order: discount and coupon dates are read at it. */
  at: Date;
  payingWithBalance?: boolean;
  unpaidOrder?: boolean;
  freeTrial?: boolean;
}

export interface PricingLine {
  kind: PriceLineKind;
  name: string;
  percent: string | null;
  amount: string;
  priceAfter: string;
  local?: boolean;
}

export interface PricingSkip {
  kind: PriceLineKind;
  name: string;
  reason: string;
}

export interface PricingResult {
  listPrice: string;
  basePrice: string;
  minPriceApplied: boolean;
  lines: PricingLine[];
  price: string;
  balanceBonus: string;
  skipped: PricingSkip[];
  /** The lines in the orders' priceModifications shape (grade and personal discounts are kind 'discount'). */
  modifications: PriceModification[];
  /** The coupon used, and what it gave (money off or the bonus): a coupon usage when the order is paid. */
  couponUsed: { couponId: number; received: string } | null;
}

const day = (d: Date): string => d.toISOString().slice(0, 16).replace('T', ' ');

/** Whether a discount runs at `at`, and if not, why. */
function discountRefusal(d: PricingDiscount, at: Date, country: string | null): string | null {
  if (d.status !== 'active') return `The discount is ${d.status}.`;
  if (at < d.validFrom) return `The discount starts ${day(d.validFrom)} UTC.`;
  if (at >= d.validTo) return `The discount ended ${day(d.validTo)} UTC.`;
  if (d.countries.length > 0 && (!country || !d.countries.includes(country))) {
    return `Only for customers in ${d.countries.slice(0, 6).join(', ')}${d.countries.length > 6 ? '…' : ''}${country ? '' : ' (no country given)'}.`;
  }
  return null;
}

export function priceOrder(input: PricingInput): PricingResult {
  const { service, customer, at } = input;
  const quantity = BigInt(Math.max(0, Math.trunc(input.quantity)));
  const per = BigInt(Math.max(1, service.pricingPer));
  const listPrice = mulDiv(quantity, toUnits(service.defaultPrice), per);
  const minPrice = toUnits(service.minPrice);
  const basePrice = max(listPrice, minPrice);
  let price = basePrice;
  const lines: PricingLine[] = [];
  const skipped: PricingSkip[] = [];
  let balanceBonus = 0n;
  let couponUsed: PricingResult['couponUsed'] = null;

  const take = (kind: PriceLineKind, name: string, amount: bigint, percent: bigint | null, local?: boolean) => {
    price -= amount;
    lines.push({
      kind,
      name,
      percent: percent === null ? null : fractionToPercentText(percent),
      amount: fromUnits(amount),
      priceAfter: fromUnits(price),
      ...(local === undefined ? {} : { local }),
    });
  };
  const code = input.couponCode?.trim() ?? '';

  if (input.freeTrial) {
    take('freeTrial', 'Free trial', price, toUnits('1'));
    if (code) skipped.push({ kind: 'coupon', name: code.toUpperCase(), reason: 'A free trial is already free.' });
    return finish();
  }

  // 3. Custom price.
  const custom = customer.customPrice !== null;
  if (custom) {
    const customTotal = mulDiv(quantity, toUnits(customer.customPrice!), per);
    take('userService', 'Custom price', price - customTotal, null);
  }

  // 4. Service discount.
  let discounted = false;
  const running = input.discounts
    .map((d) => ({ d, refusal: discountRefusal(d, at, customer.country), pct: toUnits(d.discountPercent) }))
    .filter((x) => x.d.status === 'active');
  const best = running
    .filter((x) => x.refusal === null && x.pct > 0n)
    .sort((a, b) => (a.pct === b.pct ? (b.d.countries.length > 0 ? 1 : 0) - (a.d.countries.length > 0 ? 1 : 0) || b.d.id - a.d.id : a.pct > b.pct ? -1 : 1))[0];
  for (const x of running) {
    if (best && x.d.id === best.d.id) continue;
    skipped.push({ kind: 'discount', name: x.d.name, reason: x.refusal ?? (custom ? '' : `A larger discount applies (${best!.d.name}).`) });
  }
  if (best) {
    if (custom) skipped.push({ kind: 'discount', name: best.d.name, reason: 'The customer has a custom price for this service.' });
    else {
      take('discount', best.d.name, percentOf(price, best.pct), best.pct, best.d.countries.length > 0);
      discounted = true;
    }
  }
  // Reasons left empty above were "custom price" cases: say so once per discount.
  for (const s of skipped) if (s.kind === 'discount' && s.reason === '') s.reason = 'The customer has a custom price for this service.';

  // 5. Loyalty: the grade's or the personal discount, whichever is larger.
  const grade = customer.grade && !customer.grade.isArchived ? customer.grade : null;
  const gradePct = grade ? toUnits(grade.discountPercent) : 0n;
  const personalPct = toUnits(customer.personalDiscountPercent || '0');
  if (gradePct > 0n || personalPct > 0n) {
    const useGrade = gradePct >= personalPct;
    const name = useGrade ? `Grade ${grade!.name}` : 'Personal discount';
    if (custom) skipped.push({ kind: useGrade ? 'grade' : 'personal', name, reason: 'The customer has a custom price for this service.' });
    else take(useGrade ? 'grade' : 'personal', name, percentOf(price, useGrade ? gradePct : personalPct), useGrade ? gradePct : personalPct);
  } else if (customer.grade?.isArchived && toUnits(customer.grade.discountPercent) > 0n) {
    skipped.push({ kind: 'grade', name: `Grade ${customer.grade.name}`, reason: 'The grade is archived.' });
  }

  // 6. Coupon.
  if (code) {
    const c = input.coupon;
    const refusal = !c ? 'No coupon has this code.' : couponRefusal(c, input, price, custom, discounted);
    if (refusal || !c) skipped.push({ kind: 'coupon', name: c?.code ?? code.toUpperCase(), reason: refusal ?? 'No coupon has this code.' });
    else {
      const pct = c.calculationType === 'percent' ? toUnits(c.bonusPercentage ?? '0') : null;
      const value = pct !== null ? percentOf(price, pct) : toUnits(c.bonusAmount ?? '0');
      if (c.bonusType === 'discount') {
        const amount = min(value, price);
        take('coupon', c.code, amount, pct);
        couponUsed = { couponId: c.id, received: fromUnits(amount) };
      } else {
        balanceBonus = value;
        couponUsed = { couponId: c.id, received: fromUnits(value) };
      }
    }
  }
  return finish();

  function finish(): PricingResult {
    return {
      listPrice: fromUnits(listPrice),
      basePrice: fromUnits(basePrice),
      minPriceApplied: basePrice > listPrice,
      lines,
      price: fromUnits(price),
      balanceBonus: fromUnits(balanceBonus),
      skipped,
      modifications: lines.map(toModification),
      couponUsed,
    };
  }
}

function couponRefusal(c: PricingCoupon, input: PricingInput, price: bigint, custom: boolean, discounted: boolean): string | null {
  if (c.status !== 'active') return 'The coupon is archived.';
  if (c.validFrom && input.at < c.validFrom) return `The coupon starts ${day(c.validFrom)} UTC.`;
  if (c.validTo && input.at >= c.validTo) return `The coupon ended ${day(c.validTo)} UTC.`;
  if (c.paymentType !== 'order') return 'The coupon is for balance top-ups, not orders.';
  if (c.usageLimit !== null && c.usagesCount >= c.usageLimit) return `The coupon has been used ${c.usagesCount} of ${c.usageLimit} times.`;
  if (c.useWithOnlyUnpaidOrders && !input.unpaidOrder) return 'The coupon is only for paying unpaid orders.';
  if (!c.workWithBalance && (input.payingWithBalance ?? true)) return 'The coupon does not work on payments from the balance.';
  if (custom && !c.workWithUserCustomPrice) return 'The coupon does not work with a custom price.';
  if (discounted && !c.workWithServiceDiscount) return 'The coupon does not combine with a service discount.';
  if (price < toUnits(c.minAmount)) return `The coupon needs an amount of at least ${fromUnits(toUnits(c.minAmount)).replace(/\.?0+$/, '')}.`;
  return null;
}

function toModification(line: PricingLine): PriceModification {
  const kind = line.kind === 'grade' || line.kind === 'personal' ? 'discount' : line.kind;
  return {
    kind,
    ...(kind === 'discount' ? { local: line.local ?? false } : {}),
    amount: line.amount,
    percent: line.percent,
    name: line.name,
  };
}
