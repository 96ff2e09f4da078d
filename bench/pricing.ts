/**
 * The pricing function and the demo order book it prices:
 * - priceOrder throughput on synthetic orders (every kind of line), pure CPU;
 * - the orders seed step on the embedded PGlite with SEED_ORDERS orders (default 50,000), with the
 *   share of it spent in the pricing function's chunk step (read the chunk, price it, write the
 *   prices) — what moving the book's prices to the pricing function cost.
 *
 *   npx tsx bench/pricing.ts [orders=50000]
 *
 * Figures only: nothing here asserts a time.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { one, openDatabase, sql } from '../src/server/db/client';
import { runSeed } from '../src/server/seed';
import { seedDemoOrders } from '../src/server/areas/orders/seed';
import { demoPricer } from '../src/server/pricing/demoPricing';
import { priceOrder, type PricingInput } from '../src/server/pricing/price';

const ORDERS = Math.max(1000, Number(process.argv[2] ?? 50_000));
process.env.SEED_ORDERS = '0';
process.env.SEED_HISTORY ??= '0';

function throughput(): string {
  const base: PricingInput = {
    service: { id: 1, name: 'Views', defaultPrice: '1.2000', pricingPer: 1000, minPrice: '0.5000' },
    quantity: 10_000,
    customer: {
      userId: 1,
      country: 'DE',
      customPrice: null,
      grade: { id: 1, name: 'Gold', discountPercent: '0.0500', isArchived: false },
      personalDiscountPercent: '0',
    },
    discounts: [
      { id: 1, name: 'Sale', status: 'active', validFrom: new Date('2020-01-01'), validTo: new Date('2099-01-01'), countries: [], discountPercent: '0.1500' },
    ],
    couponCode: 'SAVE10',
    coupon: {
      id: 1,
      code: 'SAVE10',
      name: 'Save',
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
    },
    at: new Date(),
  };
  const n = 200_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) priceOrder({ ...base, quantity: 1000 + (i % 5000) });
  const ms = performance.now() - started;
  return `priceOrder: ${n.toLocaleString('en-US')} orders with 3 lines each in ${ms.toFixed(0)} ms (${Math.round(n / (ms / 1000)).toLocaleString('en-US')} orders/s)`;
}

async function main() {
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(throughput());
  const database = await openDatabase({ dataDir: 'memory://' });
  await runSeed(database.db, { demo: true });
  const started = performance.now();
  await seedDemoOrders(database.db, ORDERS);
  const total = performance.now() - started;
  const usages = await one<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM coupon_usages`);
  // The pricing step alone, on a chunk of the same size as the seed's (50,000) built from the book.
  const chunk = Math.min(ORDERS, 50_000);
  await database.db.execute(sql`CREATE TEMP TABLE seed_chunk AS
    SELECT row_number() OVER (ORDER BY id)::int AS i, service_id, user_id, quantity, source, created_at, (id % 100)::int AS r_mod, (id % 12)::int AS r_qty
      FROM orders ORDER BY id LIMIT ${chunk}`);
  const pricer = await demoPricer(database.db);
  const t = performance.now();
  await pricer.priceChunk(database.db);
  const chunkMs = performance.now() - t;
  console.log(
    `orders seed on PGlite: ${ORDERS.toLocaleString('en-US')} orders in ${(total / 1000).toFixed(1)} s; ${usages!.n.toLocaleString('en-US')} coupon usages`,
  );
  console.log(
    `pricing step of one ${chunk.toLocaleString('en-US')}-order chunk (read the chunk, priceOrder each, write the prices): ${(chunkMs / 1000).toFixed(2)} s`,
  );
  await database.close();
}

void main();
