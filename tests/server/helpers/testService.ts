import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../../../src/server/db/client';

/**
 * One service to order on a database seeded with the base only (the PostgreSQL suites): an
 * Instagram network, a Followers type, and a Followers service priced `defaultPrice` per
 * `pricingPer` units. Answers the service's id.
 */
export async function insertTestService(
  q: Queryable,
  service: { defaultPrice?: string; pricingPer?: number; minQuantity?: number; maxQuantity?: number } = {},
): Promise<number> {
  const net = await one<{ id: number }>(q, sql`INSERT INTO networks (name, network) VALUES ('Instagram', 'instagram') RETURNING id`);
  const type = await one<{ id: number }>(q, sql`INSERT INTO service_types (name, network_id, type) VALUES ('Followers', ${net!.id}, 'followers') RETURNING id`);
  const inserted = await one<{ id: number }>(
    q,
    sql`INSERT INTO services (name, service_type_id, default_price, pricing_per, min_quantity, max_quantity)
        VALUES ('Followers', ${type!.id}, ${service.defaultPrice ?? '5'}::numeric, ${service.pricingPer ?? 1000}, ${service.minQuantity ?? 10}, ${service.maxQuantity ?? 100000})
        RETURNING id`,
  );
  return inserted!.id;
}
