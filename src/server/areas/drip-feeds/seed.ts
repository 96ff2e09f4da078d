import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Demo drip feeds, built from the orders the orders seed marked source_type 'drip_feed' (with
 * source_id NULL): the runs of one drip feed are orders of one customer for one service (at most 8
 * placed runs per drip feed), so every run is a real order and every drip-feed order gets its
 * drip feed. The runs share the drip feed's url. A drip feed with an order still open is in
 * processing (often with runs still to come); one whose orders all ended is completed, or, now and
 * then, canceled with runs never placed. Values come from hashint4, so the demo is the same on
 * every machine. Runs after the orders step (src/server/seed.ts runs the areas' steps in registry order).
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 31 + ${salt})::int)::bigint) % ${n})`;

export async function seedDemoDripFeeds(q: Queryable): Promise<void> {
  await q.execute(sql`DROP TABLE IF EXISTS seed_drip_runs, seed_drip_groups`);
  await q.execute(sql`CREATE TEMP TABLE seed_drip_runs AS
    SELECT o.id, o.user_id, o.service_id, o.url, o.quantity, o.price, o.status, o.created_at, o.completed_at,
           (row_number() OVER (PARTITION BY o.user_id, o.service_id ORDER BY o.id) - 1) / 8 AS chunk
      FROM orders o
     WHERE o.source_type = 'drip_feed' AND o.source_id IS NULL AND o.user_id IS NOT NULL AND o.service_id IS NOT NULL`);
  const base = sql`(SELECT coalesce(max(id), 0) FROM drip_feeds)`;
  await q.execute(sql`CREATE TEMP TABLE seed_drip_groups AS
    SELECT ${base} + row_number() OVER (ORDER BY min(id)) AS drip_feed_id, user_id, service_id, chunk,
           min(id) AS first_id, count(*)::int AS placed,
           bool_or(status NOT IN ('completed', 'canceled')) AS open,
           bool_or(status = 'completed') AS any_completed,
           sum(price) AS placed_price, min(created_at) AS first_at, max(created_at) AS last_at, max(completed_at) AS last_completed_at
      FROM seed_drip_runs GROUP BY user_id, service_id, chunk`);

  const g = sql`g.drip_feed_id::int`;
  await q.execute(sql`
    WITH plan AS (
      SELECT g.*, f.url, f.quantity, s.name AS service_name,
        (ARRAY[15, 30, 60, 120, 180, 360, 720, 1440, 2880, 4320])[1 + ${h(g, 1, 10)}] AS minutes,
        CASE WHEN g.open THEN 'in_processing'
             WHEN NOT g.any_completed OR ${h(g, 2, 100)} < 12 THEN 'canceled'
             ELSE 'completed' END AS status,
        ${h(g, 3, 5)} AS extra_roll
        FROM seed_drip_groups g
        JOIN orders f ON f.id = g.first_id
        JOIN services s ON s.id = g.service_id
    ), runs AS (
      SELECT plan.*,
        placed + CASE status WHEN 'completed' THEN 0 WHEN 'canceled' THEN 1 + extra_roll % 3 ELSE extra_roll END AS runs
        FROM plan
    )
    INSERT INTO drip_feeds (id, user_id, service_id, name, url, status, quantity, runs, minutes_between_runs, price, countries,
                            promotable, next_run_at, created_at, updated_at, completed_at, canceled_at)
    SELECT drip_feed_id, user_id, service_id, service_name, url, status, quantity, runs, minutes,
      placed_price + round(placed_price / placed * (runs - placed), 4),
      CASE ${h(sql`drip_feed_id::int`, 4, 6)}
        WHEN 0 THEN ARRAY['US'] WHEN 1 THEN ARRAY['US', 'GB', 'CA'] WHEN 2 THEN ARRAY['DE', 'FR']
        WHEN 3 THEN ARRAY['BR'] ELSE '{}'::text[] END,
      ${h(sql`drip_feed_id::int`, 5, 100)} < 30,
      CASE WHEN status = 'in_processing' AND runs > placed THEN last_at + minutes * interval '1 minute' END,
      first_at - interval '1 minute',
      greatest(last_at, coalesce(last_completed_at, last_at)),
      CASE WHEN status = 'completed' THEN coalesce(last_completed_at, last_at) END,
      CASE WHEN status = 'canceled' THEN last_at + minutes * interval '1 minute' END
    FROM runs
    ORDER BY drip_feed_id`);
  await q.execute(sql`SELECT setval(pg_get_serial_sequence('drip_feeds', 'id'), greatest((SELECT max(id) FROM drip_feeds), 1))`);

  // Link the runs, and let them share their drip feed's url.
  await q.execute(sql`UPDATE orders o SET source_id = g.drip_feed_id, url = d.url
      FROM seed_drip_runs r
      JOIN seed_drip_groups g ON g.user_id = r.user_id AND g.service_id = r.service_id AND g.chunk = r.chunk
      JOIN drip_feeds d ON d.id = g.drip_feed_id
     WHERE o.id = r.id`);
  await q.execute(sql`DROP TABLE seed_drip_runs, seed_drip_groups`);
  await q.execute(sql`ANALYZE drip_feeds`);
}
