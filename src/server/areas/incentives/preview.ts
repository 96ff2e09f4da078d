import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PricePreview, PricePreviewOptions, pricePreviewBodySchema } from '../../../contract/incentives';
import { rows, type Queryable } from '../../db/client';
import { validationFailed } from '../../http/errors';
import { loadCoupon, loadCustomer, loadDiscounts, loadGrade, loadService } from '../../pricing/load';
import { priceOrder, type PricingCustomer } from '../../pricing/price';

/**
 * The price preview: the pricing function's answer for a customer (or a grade and a country), a
 * service, a quantity and a coupon code, with each line and why the other incentives did not apply.
 */

type Body = z.output<typeof pricePreviewBodySchema>;

export async function pricePreview(q: Queryable, body: Body): Promise<PricePreview> {
  const errors: Record<string, string[]> = {};
  const service = await loadService(q, body.serviceId!);
  if (!service) errors.serviceId = ['No such service.'];
  const country = body.country ?? null;
  let customer: PricingCustomer = { userId: null, country, customPrice: null, grade: null, personalDiscountPercent: '0' };
  let user: { id: number; email: string } | null = null;
  if (body.userId && service) {
    const found = await loadCustomer(q, body.userId, service.id, country);
    if (!found) errors.userId = ['No such customer.'];
    else {
      customer = found;
      user = { id: found.userId!, email: found.email };
    }
  } else if (body.gradeId) {
    const grade = await loadGrade(q, body.gradeId);
    if (!grade) errors.gradeId = ['No such grade.'];
    else customer = { ...customer, grade };
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  const code = body.couponCode?.trim() ?? '';
  const result = priceOrder({
    service: service!,
    quantity: body.quantity,
    customer,
    discounts: await loadDiscounts(q, service!.id),
    couponCode: code,
    coupon: code ? await loadCoupon(q, code) : null,
    at: body.at ? new Date(`${body.at.replace(' ', 'T')}Z`) : new Date(),
    payingWithBalance: body.payingWithBalance,
    unpaidOrder: body.unpaidOrder,
    freeTrial: body.freeTrial,
  });
  return {
    service: { id: service!.id, name: service!.name, defaultPrice: service!.defaultPrice, pricingPer: service!.pricingPer, minPrice: service!.minPrice },
    quantity: body.quantity,
    listPrice: result.listPrice,
    basePrice: result.basePrice,
    minPriceApplied: result.minPriceApplied,
    lines: result.lines,
    price: result.price,
    balanceBonus: result.balanceBonus,
    skipped: result.skipped,
    priceModifications: result.modifications,
    customer: { user, grade: customer.grade ? { id: customer.grade.id, name: customer.grade.name } : null, country },
  };
}

export async function pricePreviewOptions(q: Queryable): Promise<PricePreviewOptions> {
  return {
    services: (
      await rows<{ id: number; name: string; min_quantity: number; pricing_per: number }>(
        q,
        sql`SELECT id, name, min_quantity, pricing_per FROM services WHERE NOT is_archived ORDER BY name, id LIMIT 5000`,
      )
    ).map((s) => ({ id: s.id, name: s.name, minQuantity: s.min_quantity, pricingPer: s.pricing_per })),
    grades: await rows(q, sql`SELECT id, name FROM grades WHERE NOT is_archived ORDER BY spending_goal, id`),
    coupons: await rows(q, sql`SELECT id, code, name FROM coupons WHERE status = 'active' ORDER BY code LIMIT 1000`),
  };
}

/** Customers for the pickers: by id, e-mail or name, newest first when blank. */
export async function searchCustomers(q: Queryable, search: string): Promise<{ id: number; email: string; name: string }[]> {
  const text = search.trim();
  const asId = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows(
    q,
    sql`SELECT id, email, name FROM users
         WHERE ${text === '' ? sql`true` : sql`(id = ${asId} OR email LIKE ${like} OR lower(name) LIKE ${like})`}
         ORDER BY (id = ${asId}) DESC, id DESC LIMIT 20`,
  );
}
