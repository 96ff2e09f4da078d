import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponRowSchema, discountRowSchema, gradeRowSchema, type CouponBody, type DiscountBody, type GradeBody } from '../../../src/contract/incentives';
import { priceModificationSchema } from '../../../src/contract/orders';
import { one, rows } from '../../../src/server/db/client';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Coupons, discounts, grades and the price preview through the real app on PGlite with the demo
 * seed: lists in the contract shape, store/update 422s on their fields (discount service rows,
 * coupon translations), transitions by flag with 409s, permissions (viewGrades reads only), the
 * preview's lines from the pricing function, and the demo order book priced by it.
 */

const t = useTestApp();
let coupons: TestMember;
let discounts: TestMember;
let gradesManager: TestMember;
let gradesViewer: TestMember;
let servicesViewer: TestMember;

beforeAll(async () => {
  coupons = await t.memberWith(['manageCoupons']);
  discounts = await t.memberWith(['manageDiscounts']);
  gradesManager = await t.memberWith(['manageGrades']);
  gradesViewer = await t.memberWith(['viewGrades']);
  servicesViewer = await t.memberWith(['viewServices']);
});

const anyServices = async (n: number) =>
  await rows<{ id: number; name: string }>(t.db, sql`SELECT id, name FROM services WHERE NOT is_archived ORDER BY id LIMIT ${n}`);

const couponBody = (over: Partial<CouponBody> = {}): CouponBody => ({
  translations: { en: { name: 'Test coupon', description: 'For tests' }, fr: { name: '', description: 'ignoré' }, de: { name: 'Testgutschein' } },
  code: 'test-coupon-1',
  paymentType: 'order',
  bonusType: 'discount',
  bonusAmountCalculationType: 'percent',
  bonusPercentage: '0.20',
  minAmount: '0',
  ...over,
});

describe('coupons', () => {
  it('lists the seeded coupons with usage, in the contract shape', async () => {
    const page = await t.ok('couponsTable', { body: { options: { itemsPerPage: -1 } } }, coupons);
    const items = couponRowSchema.array().parse(page.items);
    expect(items.map((c) => c.code)).toEqual(expect.arrayContaining(['WELCOME10', 'TOPUP5', 'SUMMER2024']));
    expect(items.some((c) => c.usagesCount > 0)).toBe(true);
    const archived = items.find((c) => c.code === 'SUMMER2024')!;
    expect(archived.actions).toEqual({ archivable: false, restore: true, editable: false });
  });

  it('saves: drops other locales with an empty name, the English name becomes the main name, the code upper case', async () => {
    const { coupon } = await t.ok('couponsStore', { body: couponBody() }, coupons);
    expect(coupon.name).toBe('Test coupon');
    expect(coupon.code).toBe('TEST-COUPON-1');
    expect(Object.keys(coupon.translations).sort()).toEqual(['de', 'en']);
    expect(coupon.bonusPercentage).toBe('0.20');
  });

  it('answers 422 on the fields: English name, digits-only amount, taken code, two-decimal percentage', async () => {
    const bad = await t.call('couponsStore', { body: couponBody({ translations: { fr: { name: 'Seulement' } }, code: 'x' }) }, coupons);
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as any).errors)).toEqual(expect.arrayContaining(['translations.en.name', 'code']));
    const amount = await t.call('couponsStore', { body: couponBody({ bonusAmountCalculationType: 'fixed', bonusAmount: '2.5', code: 'AMOUNT1' }) }, coupons);
    expect((amount.body as any).errors.bonusAmount[0]).toMatch(/whole number/);
    const percent = await t.call('couponsStore', { body: couponBody({ bonusPercentage: '0.125', code: 'PCT1' }) }, coupons);
    expect((percent.body as any).errors.bonusPercentage[0]).toMatch(/at most 0 decimals|whole number/);
    const taken = await t.call('couponsStore', { body: couponBody({ code: 'welcome10' }) }, coupons);
    expect(taken.status).toBe(422);
    expect((taken.body as any).errors.code[0]).toMatch(/already has this code/);
  });

  it('archives and unarchives by flag; an archived coupon cannot be edited; a second archive is a 409', async () => {
    const id = (await one<{ id: number }>(t.db, sql`SELECT id FROM coupons WHERE code = 'TEST-COUPON-1'`))!.id;
    const archived = await t.ok('couponsArchive', { params: { id } }, coupons);
    expect(archived.coupon.status).toBe('archived');
    expect((await t.call('couponsArchive', { params: { id } }, coupons)).status).toBe(409);
    expect((await t.call('couponsUpdate', { params: { id }, body: couponBody() }, coupons)).status).toBe(409);
    expect((await t.ok('couponsUnarchive', { params: { id } }, coupons)).coupon.status).toBe('active');
    const audits = await rows(t.db, sql`SELECT event FROM audit_entries WHERE auditable_type = 'coupon' AND auditable_id = ${id} ORDER BY id`);
    expect(audits.map((a) => a.event)).toEqual(['created', 'archived', 'unarchived']);
  });

  it('statistics group by date (newest first) or coupon (by name), with a day per point; a day’s detail', async () => {
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const byDate = await t.ok('couponsStatistics', { body: { group_by: 'date', start_date: start, end_date: end } }, coupons);
    expect(byDate.days.length).toBe(366);
    expect(byDate.days.reduce((n, d) => n + d.usages, 0)).toBe(byDate.totals.usages);
    const dates = byDate.items.map((r) => r.date!);
    expect(dates).toEqual([...dates].sort().reverse());
    const byCoupon = await t.ok('couponsStatistics', { body: { group_by: 'coupon', start_date: start, end_date: end } }, coupons);
    const names = byCoupon.items.map((r) => r.coupon.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    expect(byCoupon.totals.usages).toBe(byDate.totals.usages);
    expect(byCoupon.items.reduce((n, r) => n + r.usages, 0)).toBe(byCoupon.totals.usages);
    const busy = byDate.items[0];
    const detail = await t.ok('couponsStatisticByDate', { body: { statistic_date: busy.date! } }, coupons);
    expect(detail.items.length).toBeGreaterThan(0);
    expect(detail.items.every((u) => u.createdAt.startsWith(busy.date!))).toBe(true);
    const backwards = await t.call('couponsStatistics', { body: { start_date: end, end_date: start } }, coupons);
    expect(backwards.status).toBe(422);
  });

  it('records a usage per paid order that used a coupon, tied to the order', async () => {
    const mismatched = await one<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM coupon_usages cu JOIN orders o ON o.id = cu.order_id
           WHERE NOT o.is_paid OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(o.price_modifications) m WHERE m->>'kind' = 'coupon')`,
    );
    expect(mismatched!.n).toBe(0);
  });
});

describe('discounts', () => {
  const body = async (over: Partial<DiscountBody> = {}): Promise<DiscountBody> => {
    const [a, b] = await anyServices(2);
    return {
      name: 'Test discount',
      valid_from: '2026-01-01 00:00:00',
      valid_to: '2035-01-01 00:00:00',
      countries: ['DE'],
      services: [
        { service_id: a.id, discount_percent: '0.1' },
        { service_id: b.id, discount_percent: '0.2' },
      ],
      ...over,
    };
  };

  it('lists newest first with the services and flags', async () => {
    const page = await t.ok('discountsTable', { body: {} }, discounts);
    const items = discountRowSchema.array().parse(page.items);
    expect(items.map((d) => d.id)).toEqual([...items.map((d) => d.id)].sort((x, y) => y - x));
    expect(items.some((d) => d.countries.length > 0)).toBe(true);
    expect(items.some((d) => d.status === 'completed')).toBe(true);
  });

  it('answers 422 on the service row at fault, and on the dates', async () => {
    const good = await body();
    const row = await t.call(
      'discountsStore',
      { body: { ...good, services: [...good.services, { service_id: good.services[0].service_id, discount_percent: '1.5' }] } },
      discounts,
    );
    expect(row.status).toBe(422);
    expect(Object.keys((row.body as any).errors)).toEqual(expect.arrayContaining(['services.2.discount_percent']));
    const dates = await t.call('discountsStore', { body: { ...good, valid_to: '2025-01-01 00:00:00' } }, discounts);
    expect(Object.keys((dates.body as any).errors)).toEqual(['valid_to']);
    const missing = await t.call('discountsStore', { body: { ...good, services: [{ service_id: 999999, discount_percent: '0.1' }] } }, discounts);
    expect((missing.body as any).errors['services.0.service_id']).toEqual(['No such service.']);
    expect(await one(t.db, sql`SELECT 1 FROM discounts WHERE name = 'Test discount'`)).toBeUndefined();
  });

  it('creates, edits, completes, archives and unarchives by flag', async () => {
    const { discount } = await t.ok('discountsStore', { body: await body() }, discounts);
    expect(discount.services.map((s) => s.discountPercent)).toEqual(['0.1000', '0.2000']);
    expect(discount.actions).toEqual({ archivable: true, unarchivable: false, completable: true, editable: true });
    const edited = await t.ok('discountsUpdate', { params: { discountId: discount.id }, body: await body({ name: 'Renamed', countries: [] }) }, discounts);
    expect(edited.discount.name).toBe('Renamed');
    const completed = await t.ok('discountsComplete', { params: { discountId: discount.id } }, discounts);
    expect(completed.discount.status).toBe('completed');
    expect(completed.discount.isRunning).toBe(false);
    expect((await t.call('discountsComplete', { params: { discountId: discount.id } }, discounts)).status).toBe(409);
    expect((await t.ok('discountsArchive', { params: { discountId: discount.id } }, discounts)).discount.actions).toMatchObject({
      unarchivable: true,
      editable: false,
    });
    expect((await t.call('discountsUpdate', { params: { discountId: discount.id }, body: await body() }, discounts)).status).toBe(409);
    expect((await t.ok('discountsUnarchive', { params: { discountId: discount.id } }, discounts)).discount.status).toBe('completed');
    // Given a later end again, it runs again.
    const rerun = await t.ok('discountsUpdate', { params: { discountId: discount.id }, body: await body() }, discounts);
    expect(rerun.discount.status).toBe('active');
  });
});

describe('grades', () => {
  const body = (over: Partial<GradeBody> = {}): GradeBody => ({
    translations: { en: { name: 'Titanium' }, fr: { name: 'Titane' } },
    spendingGoal: '20000',
    discountPercent: '0.155',
    thumbnailPeriod: 120,
    consultationChatPeriod: 60,
    availableClosedSales: true,
    availablePersonalManager: true,
    ...over,
  });

  it('lists by spending goal with users counts; viewGrades reads without actions', async () => {
    const page = await t.ok('gradesTable', { body: {} }, gradesViewer);
    const items = gradeRowSchema.array().parse(page.items);
    expect(items.map((g) => Number(g.spendingGoal))).toEqual([...items.map((g) => Number(g.spendingGoal))].sort((a, b) => a - b));
    expect(items.reduce((n, g) => n + g.usersCount, 0)).toBeGreaterThan(0);
    expect(items.every((g) => !g.actions.editable && !g.actions.archivable && !g.actions.restorable)).toBe(true);
    expect((await t.call('gradesStore', { body: body() }, gradesViewer)).status).toBe(403);
  });

  it('creates with a 3-decimal fraction, 422s on fields, archives and restores', async () => {
    const bad = await t.call('gradesStore', { body: body({ translations: {}, discountPercent: '0.1555', spendingGoal: 'abc' }) }, gradesManager);
    expect(Object.keys((bad.body as any).errors).sort()).toEqual(['discountPercent', 'spendingGoal', 'translations.en.name']);
    const { grade } = await t.ok('gradesStore', { body: body() }, gradesManager);
    expect(grade).toMatchObject({ name: 'Titanium', discountPercent: '0.155', usersCount: 0 });
    expect((await t.ok('gradesArchive', { params: { gradeId: grade.id } }, gradesManager)).grade.actions).toEqual({
      editable: false,
      archivable: false,
      restorable: true,
    });
    expect((await t.call('gradesArchive', { params: { gradeId: grade.id } }, gradesManager)).status).toBe(409);
    expect((await t.ok('gradesRestore', { params: { gradeId: grade.id } }, gradesManager)).grade.isArchived).toBe(false);
  });
});

describe('price preview', () => {
  it('answers the pricing function’s lines for a grade and a country, with the running discount', async () => {
    const running = await one<{ service_id: number; name: string; countries: string[] }>(
      t.db,
      sql`SELECT ds.service_id, d.name, d.countries FROM discounts d JOIN discount_services ds ON ds.discount_id = d.id
           WHERE d.status = 'active' AND d.valid_from <= now() AND d.valid_to > now() AND cardinality(d.countries) > 0 ORDER BY d.id LIMIT 1`,
    );
    const grade = (await one<{ id: number }>(t.db, sql`SELECT id FROM grades WHERE name = 'Gold'`))!;
    const country = running!.countries[0];
    const local = await t.ok('pricePreview', { body: { gradeId: grade.id, country, serviceId: running!.service_id, quantity: 5000 } }, servicesViewer);
    expect(local.lines.map((l) => l.kind)).toEqual(['discount', 'grade']);
    expect(local.lines[0]).toMatchObject({ name: running!.name, local: true });
    priceModificationSchema.array().parse(local.priceModifications);
    const elsewhere = await t.ok(
      'pricePreview',
      { body: { gradeId: grade.id, country: 'JP', serviceId: running!.service_id, quantity: 5000 } },
      servicesViewer,
    );
    expect(elsewhere.lines.map((l) => l.kind)).toEqual(['grade']);
    expect(elsewhere.skipped.find((s) => s.kind === 'discount')?.reason).toMatch(/Only for customers in/);
  });

  it('applies a coupon, and says why a coupon does not apply', async () => {
    const service = (await one<{ id: number }>(
      t.db,
      sql`SELECT id FROM services s WHERE NOT EXISTS (SELECT 1 FROM discount_services ds WHERE ds.service_id = s.id) ORDER BY id LIMIT 1`,
    ))!;
    const ok = await t.ok('pricePreview', { body: { serviceId: service.id, quantity: 100000, couponCode: 'welcome10' } }, coupons);
    expect(ok.lines.at(-1)).toMatchObject({ kind: 'coupon', name: 'WELCOME10', percent: '10.00' });
    const archived = await t.ok('pricePreview', { body: { serviceId: service.id, quantity: 100000, couponCode: 'SUMMER2024' } }, coupons);
    expect(archived.skipped).toEqual([expect.objectContaining({ kind: 'coupon', reason: 'The coupon is archived.' })]);
    const unknown = await t.ok('pricePreview', { body: { serviceId: service.id, quantity: 1000, couponCode: 'NOPE' } }, coupons);
    expect(unknown.skipped[0].reason).toBe('No coupon has this code.');
  });

  it('422s on a missing service or customer; 403 without any of its permissions', async () => {
    const missing = await t.call('pricePreview', { body: { serviceId: 999999, quantity: 10, userId: 999999 } }, coupons);
    expect(missing.status).toBe(422);
    expect(Object.keys((missing.body as any).errors)).toEqual(['serviceId']);
    // The customer picker reads customers' e-mails: coupon managers and user viewers only.
    expect((await t.call('incentivesUsers', { query: { search: '' } }, servicesViewer)).status).toBe(403);
    expect((await t.ok('incentivesUsers', { query: { search: '' } }, coupons)).length).toBe(20);
    const [service] = await anyServices(1);
    const forCustomer = await t.call('pricePreview', { body: { serviceId: service.id, quantity: 10, userId: 1 } }, servicesViewer);
    expect(forCustomer.status).toBe(422);
    expect(Object.keys((forCustomer.body as any).errors)).toEqual(['userId']);
    const outsider = await t.memberWith(['viewOrders']);
    expect((await t.call('pricePreview', { body: { serviceId: 1, quantity: 10 } }, outsider)).status).toBe(403);
  });
});

describe('demo order book', () => {
  it('carries price modifications in the orders’ shape, from the seeded incentives', async () => {
    const mods = await rows<{ m: unknown }>(t.db, sql`SELECT m FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.price_modifications) m LIMIT 2000`);
    priceModificationSchema.array().parse(mods.map((r) => (typeof r.m === 'string' ? JSON.parse(r.m) : r.m)));
    const kinds = await rows<{ kind: string; name: string }>(
      t.db,
      sql`SELECT DISTINCT m->>'kind' AS kind, m->>'name' AS name FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.price_modifications) m`,
    );
    const names = kinds.map((k) => `${k.kind}:${k.name}`);
    expect(names).toEqual(expect.arrayContaining(['freeTrial:Free trial', 'userService:Custom price']));
    expect(names.some((n) => n.startsWith('discount:Grade '))).toBe(true);
    expect(names.some((n) => n.startsWith('coupon:'))).toBe(true);
    // Price = list price − modifications, for every order.
    const off = await one<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders o JOIN services s ON s.id = o.service_id
           WHERE o.price <> GREATEST(round(o.quantity::numeric * s.default_price / s.pricing_per, 4), s.min_price)
                            - COALESCE((SELECT sum((m->>'amount')::numeric) FROM jsonb_array_elements(o.price_modifications) m), 0)`,
    );
    expect(off!.n).toBe(0);
  });
});
