import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Demo packages and combo orders. Packages: per network two auto packages and one manual. Combo
 * orders are built from the orders the orders seed marked source_type 'combo_order' (source
 * 'package'): one customer's orders on one network, up to four per combo; a lone order is sometimes
 * a manual package (one order). Status follows the orders: open orders -> in processing, all ended
 * -> completed (or canceled when none completed); the newest few in processing are put back in
 * moderation with their orders (nothing delivered or sent yet), so the moderation screen has work.
 * Runs after the orders step.
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 43 + ${salt})::int)::bigint) % ${n})`;

/** Share of the open combo orders (the newest) put in moderation. */
const IN_MODERATION_SHARE = 0.08;

export async function seedDemoPackages(q: Queryable): Promise<void> {
  await q.execute(sql`
    INSERT INTO packages (name, type, network_id, is_enabled, is_archived)
    SELECT n.name || ' ' || p.suffix, p.type, n.id, p.enabled, p.archived
      FROM networks n
      CROSS JOIN (VALUES (1, 'Starter pack', 'auto', true, false), (2, 'Growth pack', 'auto', true, false),
                         (3, 'Concierge (manual)', 'manual', true, false), (4, 'Launch bundle 2023', 'auto', false, true))
        AS p(k, suffix, type, enabled, archived)
     ORDER BY n.sorting, n.id, p.k`);
}

export async function seedDemoComboOrders(q: Queryable): Promise<void> {
  await seedDemoPackages(q);
  await q.execute(sql`DROP TABLE IF EXISTS seed_combo_orders, seed_combo_groups`);
  await q.execute(sql`CREATE TEMP TABLE seed_combo_orders AS
    SELECT o.id, o.user_id, o.url, o.price, o.status, o.created_at, st.network_id,
           (row_number() OVER (PARTITION BY o.user_id, st.network_id ORDER BY o.id) - 1) / 4 AS chunk
      FROM orders o
      JOIN services s ON s.id = o.service_id
      JOIN service_types st ON st.id = s.service_type_id
     WHERE o.source_type = 'combo_order' AND o.source_id IS NULL AND o.user_id IS NOT NULL`);
  const base = sql`(SELECT coalesce(max(id), 0) FROM combo_orders)`;
  await q.execute(sql`CREATE TEMP TABLE seed_combo_groups AS
    SELECT ${base} + row_number() OVER (ORDER BY min(id)) AS combo_id, user_id, network_id, chunk, min(id) AS first_id,
           count(*)::int AS size, sum(price) AS price, min(created_at) AS first_at, max(created_at) AS last_at,
           bool_or(status = 'in_moderation') AS any_moderation,
           bool_or(status NOT IN ('completed', 'canceled')) AS open,
           bool_or(status = 'completed') AS any_completed
      FROM seed_combo_orders GROUP BY user_id, network_id, chunk`);

  const g = sql`g.combo_id::int`;
  await q.execute(sql`
    INSERT INTO combo_orders (id, user_id, package_id, url, status, orders_count, price, created_at, updated_at, approved_at,
                              completed_at, canceled_at)
    SELECT g.combo_id, g.user_id, p.id, f.url,
      CASE WHEN g.any_moderation THEN 'in_moderation' WHEN g.open THEN 'in_processing'
           WHEN g.any_completed THEN 'completed' ELSE 'canceled' END,
      CASE WHEN p.type = 'manual' THEN 1 ELSE g.size END,
      g.price, g.first_at - interval '1 minute', g.last_at,
      CASE WHEN NOT g.any_moderation THEN g.first_at END,
      CASE WHEN NOT g.open AND g.any_completed THEN g.last_at + interval '6 hours' END,
      CASE WHEN NOT g.open AND NOT g.any_completed THEN g.last_at + interval '1 hour' END
    FROM seed_combo_groups g
    JOIN orders f ON f.id = g.first_id
    JOIN LATERAL (
      SELECT id, type FROM packages
       WHERE network_id = g.network_id AND NOT is_archived
         AND type = CASE WHEN g.size = 1 AND ${h(g, 1, 100)} < 40 THEN 'manual' ELSE 'auto' END
       ORDER BY CASE WHEN g.size > 2 THEN -id ELSE id END
       LIMIT 1
    ) p ON true
    ORDER BY g.combo_id`);
  await q.execute(sql`SELECT setval(pg_get_serial_sequence('combo_orders', 'id'), greatest((SELECT max(id) FROM combo_orders), 1))`);
  await q.execute(sql`UPDATE orders o SET source_id = g.combo_id
      FROM seed_combo_orders r JOIN seed_combo_groups g ON g.user_id = r.user_id AND g.network_id = r.network_id AND g.chunk = r.chunk
     WHERE o.id = r.id`);

  // The newest open combos whose orders are all simply in processing go back to moderation.
  await q.execute(sql`
    WITH open AS (
      SELECT c.id FROM combo_orders c
       WHERE c.status = 'in_processing' AND c.id IN (SELECT combo_id FROM seed_combo_groups)
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.source_type = 'combo_order' AND o.source_id = c.id AND o.status <> 'in_processing')
    ), picked AS (
      SELECT id FROM open ORDER BY id DESC LIMIT (SELECT ceil(count(*) * ${IN_MODERATION_SHARE}::numeric)::int FROM open)
    ), combos AS (
      UPDATE combo_orders c SET status = 'in_moderation', approved_at = NULL FROM picked WHERE c.id = picked.id RETURNING c.id
    )
    UPDATE orders o SET status = 'in_moderation', current_quantity = 0, external_id = NULL, start_count = NULL,
           percent_of_external_statistics_fill = NULL
      FROM combos WHERE o.source_type = 'combo_order' AND o.source_id = combos.id`);
  await q.execute(sql`DROP TABLE seed_combo_orders, seed_combo_groups`);
  await q.execute(sql`ANALYZE combo_orders`);
}
