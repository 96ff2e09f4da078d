import { describe, expect, it } from 'vitest';
import { fromUnits, mulDiv, toUnits } from '../../../src/server/pricing/decimal';
import {
  priceOrder,
  type PricingCoupon,
  type PricingCustomer,
  type PricingDiscount,
  type PricingInput,
  type PricingService,
} from '../../../src/server/pricing/price';

/**
 * The pricing function, table-driven: every combination of custom price, service discount (none,
 * global, local for the customer's country or another, expired), loyalty (none, grade, personal,
 * archived grade), coupon (none and each rule that lets it apply or refuses it) and free trial is
 * checked against invariants, and representative cases against exact amounts.
 */

const AT = new Date('2026-06-15T12:00:00Z');
const day = (d: string) => new Date(`${d}T00:00:00Z`);

const SERVICE: PricingService = { id: 1, name: 'Views', defaultPrice: '1.2000', pricingPer: 1000, minPrice: '0.5000' };
const CUSTOMER: PricingCustomer = { userId: 7, country: 'DE', customPrice: null, grade: null, personalDiscountPercent: '0' };
const GOLD = { id: 3, name: 'Gold', discountPercent: '0.0500', isArchived: false };

const discount = (over: Partial<PricingDiscount> = {}): PricingDiscount => ({
  id: 1,
  name: 'Views festival',
  status: 'active',
  validFrom: day('2026-06-01'),
  validTo: day('2026-07-01'),
  countries: [],
  discountPercent: '0.1500',
  ...over,
});
const coupon = (over: Partial<PricingCoupon> = {}): PricingCoupon => ({
  id: 9,
  code: 'SAVE10',
  name: 'Save 10',
  status: 'active',
  paymentType: 'order',
  bonusType: 'discount',
  calculationType: 'percent',
  bonusPercentage: '0.10',
  bonusAmount: null,
  minAmount: '0',
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usagesCount: 0,
  workWithServiceDiscount: true,
  workWithUserCustomPrice: true,
  useWithOnlyUnpaidOrders: false,
  workWithBalance: true,
  ...over,
});
const price = (over: Partial<PricingInput> = {}) => priceOrder({ service: SERVICE, quantity: 10_000, customer: CUSTOMER, discounts: [], at: AT, ...over });

describe('decimal arithmetic', () => {
  it.each([
    ['12.5', '12.5000'],
    ['0.0001', '0.0001'],
    ['-3.25', '-3.2500'],
    ['7', '7.0000'],
    ['0.00005', '0.0001'],
    ['0.00004', '0.0000'],
    ['.5', '0.5000'],
  ])('reads %s as %s', (text, expected) => expect(fromUnits(toUnits(text))).toBe(expected));

  it('rounds products half away from zero, never through floats', () => {
    expect(mulDiv(1n, 1n, 2n)).toBe(1n);
    expect(mulDiv(-1n, 1n, 2n)).toBe(-1n);
    // 0.1 + 0.2 in floats is 0.30000000000000004; in units it is exact.
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.3000');
  });

  it('refuses text that is not a decimal', () => expect(() => toUnits('1e5')).toThrow());
});

describe('exact cases', () => {
  it.each<[string, Partial<PricingInput>, string, string[]]>([
    ['list price only', {}, '12.0000', []],
    ['the minimum price when the list price is lower', { quantity: 100 }, '0.5000', []],
    ['a global discount', { discounts: [discount()] }, '10.2000', ['discount:Views festival:1.8000:15.00']],
    [
      'a grade on top of the discount',
      { discounts: [discount()], customer: { ...CUSTOMER, grade: GOLD } },
      '9.6900',
      ['discount:Views festival:1.8000:15.00', 'grade:Grade Gold:0.5100:5.00'],
    ],
    [
      'a custom price, no other discount',
      { discounts: [discount()], customer: { ...CUSTOMER, customPrice: '0.9000', grade: GOLD } },
      '9.0000',
      ['userService:Custom price:3.0000:null'],
    ],
    [
      'a custom price above the list price (a negative line)',
      { customer: { ...CUSTOMER, customPrice: '1.5000' } },
      '15.0000',
      ['userService:Custom price:-3.0000:null'],
    ],
    [
      'a percent coupon on the discounted price',
      { discounts: [discount()], couponCode: 'save10', coupon: coupon() },
      '9.1800',
      ['discount:Views festival:1.8000:15.00', 'coupon:SAVE10:1.0200:10.00'],
    ],
    [
      'a fixed coupon capped at the price',
      { quantity: 1000, couponCode: 'X', coupon: coupon({ calculationType: 'fixed', bonusPercentage: null, bonusAmount: '5' }) },
      '0.0000',
      ['coupon:SAVE10:1.2000:null'],
    ],
    ['a free trial', { freeTrial: true, discounts: [discount()], couponCode: 'SAVE10', coupon: coupon() }, '0.0000', ['freeTrial:Free trial:12.0000:100.00']],
    [
      'the personal discount when larger than the grade',
      { customer: { ...CUSTOMER, grade: GOLD, personalDiscountPercent: '0.0800' } },
      '11.0400',
      ['personal:Personal discount:0.9600:8.00'],
    ],
  ])('%s', (_name, input, expected, lines) => {
    const r = price(input);
    expect(r.price).toBe(expected);
    expect(r.lines.map((l) => `${l.kind}:${l.name}:${l.amount}:${l.percent}`)).toEqual(lines);
  });

  it('picks the largest running discount; a local one wins a tie', () => {
    const r = price({
      discounts: [
        discount({ id: 1, name: 'Global', discountPercent: '0.1000' }),
        discount({ id: 2, name: 'Local', countries: ['DE'], discountPercent: '0.1000' }),
        discount({ id: 3, name: 'Small', discountPercent: '0.0500' }),
      ],
    });
    expect(r.lines[0]).toMatchObject({ kind: 'discount', name: 'Local', local: true });
    expect(r.modifications[0]).toMatchObject({ kind: 'discount', local: true, name: 'Local', percent: '10.00' });
    expect(r.skipped.map((s) => s.name).sort()).toEqual(['Global', 'Small']);
  });

  it('a balance-bonus coupon leaves the price alone and credits the bonus', () => {
    const r = price({ couponCode: 'CB', coupon: coupon({ bonusType: 'balance_bonus', bonusPercentage: '0.05' }) });
    expect(r.price).toBe('12.0000');
    expect(r.balanceBonus).toBe('0.6000');
    expect(r.modifications).toEqual([]);
    expect(r.couponUsed).toEqual({ couponId: 9, received: '0.6000' });
  });
});

// ---------------------------------------------------------------- every combination

const customPrices = [null, '0.9000'] as const;
const discountCases: Record<string, { list: PricingDiscount[]; applies: boolean }> = {
  none: { list: [], applies: false },
  global: { list: [discount()], applies: true },
  'local, customer’s country': { list: [discount({ countries: ['DE', 'AT'] })], applies: true },
  'local, another country': { list: [discount({ countries: ['FR'] })], applies: false },
  expired: { list: [discount({ validTo: day('2026-06-10') })], applies: false },
  'not started': { list: [discount({ validFrom: day('2026-06-20') })], applies: false },
  completed: { list: [discount({ status: 'completed' })], applies: false },
};
const loyaltyCases: Record<string, { customer: Partial<PricingCustomer>; applies: boolean }> = {
  none: { customer: {}, applies: false },
  grade: { customer: { grade: GOLD }, applies: true },
  personal: { customer: { personalDiscountPercent: '0.0300' }, applies: true },
  'archived grade': { customer: { grade: { ...GOLD, isArchived: true } }, applies: false },
};
type CouponCase = {
  coupon: PricingCoupon | null;
  code: string;
  input?: Partial<PricingInput>;
  refusedWhen: (ctx: { custom: boolean; discounted: boolean; priceBefore: number }) => string | null;
};
const couponCases: Record<string, CouponCase> = {
  none: { coupon: null, code: '', refusedWhen: () => null },
  unknown: { coupon: null, code: 'NOPE', refusedWhen: () => 'No coupon has this code.' },
  'plain percent': { coupon: coupon(), code: 'SAVE10', refusedWhen: () => null },
  fixed: { coupon: coupon({ calculationType: 'fixed', bonusPercentage: null, bonusAmount: '1' }), code: 'SAVE10', refusedWhen: () => null },
  archived: { coupon: coupon({ status: 'archived' }), code: 'SAVE10', refusedWhen: () => 'archived' },
  'not started': { coupon: coupon({ validFrom: day('2026-07-01') }), code: 'SAVE10', refusedWhen: () => 'starts' },
  ended: { coupon: coupon({ validTo: day('2026-06-01') }), code: 'SAVE10', refusedWhen: () => 'ended' },
  'for top-ups': { coupon: coupon({ paymentType: 'top_up' }), code: 'SAVE10', refusedWhen: () => 'top-ups' },
  'used up': { coupon: coupon({ usageLimit: 5, usagesCount: 5 }), code: 'SAVE10', refusedWhen: () => 'used 5 of 5' },
  'unpaid orders only': { coupon: coupon({ useWithOnlyUnpaidOrders: true }), code: 'SAVE10', refusedWhen: () => 'unpaid' },
  'unpaid orders only, paying one': {
    coupon: coupon({ useWithOnlyUnpaidOrders: true }),
    code: 'SAVE10',
    input: { unpaidOrder: true },
    refusedWhen: () => null,
  },
  'not from balance': { coupon: coupon({ workWithBalance: false }), code: 'SAVE10', refusedWhen: () => 'balance' },
  'not from balance, paying by card': {
    coupon: coupon({ workWithBalance: false }),
    code: 'SAVE10',
    input: { payingWithBalance: false },
    refusedWhen: () => null,
  },
  'no custom price': { coupon: coupon({ workWithUserCustomPrice: false }), code: 'SAVE10', refusedWhen: ({ custom }) => (custom ? 'custom price' : null) },
  'no service discount': {
    coupon: coupon({ workWithServiceDiscount: false }),
    code: 'SAVE10',
    refusedWhen: ({ discounted }) => (discounted ? 'service discount' : null),
  },
  'minimum amount 11': { coupon: coupon({ minAmount: '11' }), code: 'SAVE10', refusedWhen: ({ priceBefore }) => (priceBefore < 11 ? 'at least 11' : null) },
};

const combos = Object.entries(discountCases).flatMap(([d, dc]) =>
  Object.entries(loyaltyCases).flatMap(([l, lc]) =>
    Object.entries(couponCases).flatMap(([c, cc]) => customPrices.flatMap((cp) => [false, true].map((freeTrial) => ({ d, dc, l, lc, c, cc, cp, freeTrial })))),
  ),
);

describe(`every combination (${combos.length})`, () => {
  it.each(combos.map((x) => [`${x.d} / ${x.l} / ${x.c} / custom ${x.cp ?? 'none'}${x.freeTrial ? ' / free trial' : ''}`, x] as const))('%s', (_name, x) => {
    const r = price({
      discounts: x.dc.list,
      customer: { ...CUSTOMER, customPrice: x.cp, ...x.lc.customer },
      couponCode: x.cc.code,
      coupon: x.cc.coupon,
      freeTrial: x.freeTrial,
      ...x.cc.input,
    });
    // The lines always add up, and the price is never negative.
    const taken = r.lines.reduce((sum, l) => sum + toUnits(l.amount), 0n);
    expect(fromUnits(toUnits(r.basePrice) - taken)).toBe(r.price);
    expect(toUnits(r.price) >= 0n).toBe(true);
    r.lines.forEach((l, i) => expect(l.priceAfter).toBe(fromUnits(toUnits(r.basePrice) - r.lines.slice(0, i + 1).reduce((s, m) => s + toUnits(m.amount), 0n))));
    // The order's modifications mirror the lines.
    expect(r.modifications.map((m) => m.amount)).toEqual(r.lines.map((l) => l.amount));

    if (x.freeTrial) {
      expect(r.lines.map((l) => l.kind)).toEqual(['freeTrial']);
      expect(r.price).toBe('0.0000');
      return;
    }
    const custom = x.cp !== null;
    const kinds = r.lines.map((l) => l.kind);
    expect(kinds.includes('userService')).toBe(custom);
    const discounted = x.dc.applies && !custom;
    expect(kinds.includes('discount')).toBe(discounted);
    expect(kinds.includes('grade') || kinds.includes('personal')).toBe(x.lc.applies && !custom);
    if (x.dc.applies && custom) expect(r.skipped.some((s) => s.kind === 'discount' && /custom price/.test(s.reason))).toBe(true);

    const beforeCoupon = r.lines.filter((l) => l.kind !== 'coupon').at(-1)?.priceAfter ?? r.basePrice;
    const refusal = x.cc.code ? x.cc.refusedWhen({ custom, discounted, priceBefore: Number(beforeCoupon) }) : null;
    if (!x.cc.code) {
      expect(kinds.includes('coupon')).toBe(false);
      expect(r.couponUsed).toBeNull();
    } else if (refusal) {
      expect(kinds.includes('coupon')).toBe(false);
      expect(r.couponUsed).toBeNull();
      expect(r.skipped.find((s) => s.kind === 'coupon')?.reason).toMatch(new RegExp(refusal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    } else {
      expect(kinds.at(-1)).toBe('coupon');
      expect(r.couponUsed?.couponId).toBe(9);
    }
  });
});
