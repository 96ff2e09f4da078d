import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../db/client';
import { loadCoupons, loadCustomers, loadDiscountsByService } from './load';
import { priceOrder, type PricingService } from './price';

/**
 * The demo order generator's prices, from the pricing function: the orders seed materialises each
 * chunk of generated orders in `seed_chunk` (i, service, user, quantity, source, created_at, r_mod,
 * r_qty) and calls `priceChunk`, which writes `seed_chunk_prices` (i, price, price_modifications).
 * So the seeded coupons, discounts, grades and custom prices shape the order book, each order
 * priced at its own date. After the orders and their money, `recordUsages` writes the coupon
 * usages of paid orders and of some top-ups, and grades follow what customers spent.
 */

/** Customers' countries are not stored: the demo gives each a stable one, for local discounts. */
export const DEMO_COUNTRIES = ['US', 'DE', 'GB', 'FR', 'BR', 'IN', 'AT', 'CH', 'ES', 'IT'] as const;
export const demoCountryOf = (userId: number): string => DEMO_COUNTRIES[userId % DEMO_COUNTRIES.length];

export interface DemoPricer {
  priceChunk(q: Queryable): Promise<void>;
  recordUsages(q: Queryable, firstNewOrderId: number): Promise<void>;
}

interface ChunkRow {
  i: number;
  service_id: number;
  user_id: number;
  quantity: number;
  source: string;
  created_at: string | Date;
  r_mod: number;
  r_qty: number;
}

export async function demoPricer(q: Queryable): Promise<DemoPricer> {
  const services = new Map(
    (
      await rows<{ id: number; name: string; default_price: string; pricing_per: number; min_price: string }>(
        q,
        sql`SELECT id, name, default_price::text AS default_price, pricing_per, min_price::text AS min_price FROM services`,
      )
    ).map((s): [number, PricingService] => [s.id, { id: s.id, name: s.name, defaultPrice: s.default_price, pricingPer: s.pricing_per, minPrice: s.min_price }]),
  );
  const customers = await loadCustomers(q);
  const discounts = await loadDiscountsByService(q);
  const coupons = await loadCoupons(q);
  // Order coupons customers type; their usage counts grow as the book is priced, oldest first.
  const orderCodes = [...coupons.values()].filter((c) => c.paymentType === 'order').map((c) => c.code);

  return {
    async priceChunk(tx) {
      const chunk = await rows<ChunkRow>(tx, sql`SELECT i, service_id, user_id, quantity, source, created_at, r_mod, r_qty FROM seed_chunk ORDER BY i`);
      const priced: { i: number; price: string; price_modifications: unknown }[] = [];
      for (const o of chunk) {
        const customer = customers.get(o.user_id);
        // About one order in seven carries a code; whether it applies is the coupon's business.
        const code = o.r_mod < 14 && orderCodes.length ? orderCodes[o.r_qty % orderCodes.length] : null;
        const coupon = code ? coupons.get(code)! : null;
        const result = priceOrder({
          service: services.get(o.service_id)!,
          quantity: o.quantity,
          customer: {
            userId: o.user_id,
            country: demoCountryOf(o.user_id),
            customPrice: customer?.customPrices.get(o.service_id) ?? null,
            grade: customer?.grade ?? null,
            personalDiscountPercent: customer?.personal ?? '0',
          },
          discounts: discounts.get(o.service_id) ?? [],
          couponCode: code,
          coupon,
          at: o.created_at instanceof Date ? o.created_at : new Date(o.created_at),
          freeTrial: o.source === 'free_trial',
        });
        if (result.couponUsed && coupon) coupon.usagesCount += 1;
        priced.push({ i: o.i, price: result.price, price_modifications: result.modifications });
      }
      await tx.execute(sql`DROP TABLE IF EXISTS seed_chunk_prices`);
      await tx.execute(sql`CREATE TEMP TABLE seed_chunk_prices (i int PRIMARY KEY, price numeric(14,4) NOT NULL, price_modifications jsonb NOT NULL)`);
      const STEP = 10_000;
      for (let k = 0; k < priced.length; k += STEP) {
        await tx.execute(sql`INSERT INTO seed_chunk_prices (i, price, price_modifications)
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(priced.slice(k, k + STEP))}::jsonb) AS x(i int, price numeric, price_modifications jsonb)`);
      }
    },

    async recordUsages(tx, firstNewOrderId) {
      await tx.execute(sql`DROP TABLE IF EXISTS seed_chunk, seed_chunk_prices`);
      // Paid orders that used a coupon: what it took off is what the customer received.
      await tx.execute(sql`
        INSERT INTO coupon_usages (coupon_id, user_id, order_id, kind, spent, received, created_at)
        SELECT c.id, o.user_id, o.id, 'order', o.price, (m->>'amount')::numeric, o.created_at
          FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.price_modifications) m
          JOIN coupons c ON c.code = m->>'name'
         WHERE o.id > ${firstNewOrderId} AND o.is_paid AND m->>'kind' = 'coupon'`);
      // Some top-ups used the top-up coupons that were valid then: the bonus credited is what they received.
      await tx.execute(sql`
        INSERT INTO coupon_usages (coupon_id, user_id, transaction_id, kind, spent, received, created_at)
        SELECT c.id, t.user_id, t.id, 'top_up', t.amount,
               CASE WHEN c.bonus_amount_calculation_type = 'percent' THEN round(t.amount * c.bonus_percentage, 4) ELSE c.bonus_amount END,
               t.created_at
          FROM transactions t
          JOIN LATERAL (SELECT * FROM coupons c WHERE c.payment_type = 'top_up' AND c.status = 'active' AND t.amount >= c.min_amount
                          AND (c.valid_from IS NULL OR c.valid_from <= t.created_at) AND (c.valid_to IS NULL OR c.valid_to > t.created_at)
                        ORDER BY c.id LIMIT 1) c ON true
         WHERE t.type = 'deposit' AND t.balance_type = 'main' AND t.id % 4 = 0`);
      // Grades follow what customers spent.
      await tx.execute(sql`
        UPDATE users u SET current_grade_id = (SELECT g.id FROM grades g WHERE NOT g.is_archived AND g.spending_goal <= u.spent
                                                ORDER BY g.spending_goal DESC LIMIT 1)`);
    },
  };
}
