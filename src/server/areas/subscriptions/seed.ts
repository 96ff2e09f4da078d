import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Demo subscriptions, built from the orders the orders seed marked source_type 'subscription':
 * one subscription per customer and network (at most 12 contents each), following the customer's
 * account on that network. Each order is one content served (its url is the content's), the
 * services ordered become the subscription's services. Open orders keep the subscription in
 * processing; otherwise it completed its limit, or was canceled before. Recurring ones renew with
 * one or two saved payment methods. Runs after the orders step.
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 37 + ${salt})::int)::bigint) % ${n})`;

export async function seedDemoSubscriptions(q: Queryable): Promise<void> {
  await q.execute(sql`DROP TABLE IF EXISTS seed_sub_orders, seed_sub_groups`);
  await q.execute(sql`CREATE TEMP TABLE seed_sub_orders AS
    SELECT o.id, o.user_id, o.service_id, o.url, o.quantity, o.price, o.status, o.created_at, o.completed_at, n.network,
           (row_number() OVER (PARTITION BY o.user_id, n.network ORDER BY o.id) - 1) / 12 AS chunk
      FROM orders o
      JOIN services s ON s.id = o.service_id
      JOIN service_types st ON st.id = s.service_type_id
      JOIN networks n ON n.id = st.network_id
     WHERE o.source_type = 'subscription' AND o.source_id IS NULL AND o.user_id IS NOT NULL`);
  const base = sql`(SELECT coalesce(max(id), 0) FROM subscriptions)`;
  await q.execute(sql`CREATE TEMP TABLE seed_sub_groups AS
    SELECT ${base} + row_number() OVER (ORDER BY min(r.id)) AS subscription_id, r.user_id, r.network, r.chunk,
           count(*)::int AS contents, bool_or(r.status NOT IN ('completed', 'canceled')) AS open,
           min(r.created_at) AS first_at, max(r.created_at) AS last_at, max(r.completed_at) AS last_completed_at,
           replace(split_part(u.email, '@', 1), '.', '_') AS handle
      FROM seed_sub_orders r JOIN users u ON u.id = r.user_id
     GROUP BY r.user_id, r.network, r.chunk, u.email`);

  const g = sql`subscription_id::int`;
  await q.execute(sql`
    WITH plan AS (
      SELECT seed_sub_groups.*,
        CASE WHEN open THEN 'in_processing' WHEN ${h(g, 1, 100)} < 15 THEN 'canceled' ELSE 'completed' END AS status,
        (ARRAY['per_content', 'per_content', 'one_time', 'recurring'])[1 + ${h(g, 2, 4)}] AS billing_type
      FROM seed_sub_groups
    )
    INSERT INTO subscriptions (id, user_id, name, url, type, status, contents_limit, billing_type, expired_at, created_at, updated_at,
                               completed_at, canceled_at)
    SELECT subscription_id, user_id,
      initcap(network) || ' — ' || CASE network WHEN 'youtube' THEN 'new videos' WHEN 'tiktok' THEN 'new videos'
        WHEN 'instagram' THEN CASE WHEN ${h(g, 3, 3)} = 0 THEN 'new reels' ELSE 'new posts' END
        ELSE 'new posts' END || ' of @' || handle,
      CASE network
        WHEN 'youtube' THEN 'https://www.youtube.com/@' || handle
        WHEN 'instagram' THEN 'https://www.instagram.com/' || handle
        WHEN 'tiktok' THEN 'https://www.tiktok.com/@' || handle
        WHEN 'telegram' THEN 'https://t.me/' || handle || '_channel'
        ELSE 'https://www.facebook.com/' || handle END,
      CASE network WHEN 'youtube' THEN CASE WHEN ${h(g, 4, 5)} = 0 THEN 'live_streams' ELSE 'videos' END
        WHEN 'tiktok' THEN 'videos'
        WHEN 'instagram' THEN CASE WHEN ${h(g, 3, 3)} = 0 THEN 'reels' WHEN ${h(g, 4, 5)} = 0 THEN 'stories' ELSE 'posts' END
        ELSE 'posts' END,
      status,
      contents + CASE status WHEN 'completed' THEN 0 ELSE 1 + ${h(g, 5, 20)} END,
      billing_type,
      first_at + (ARRAY[30, 60, 90, 180])[1 + ${h(g, 6, 4)}] * interval '1 day',
      first_at - interval '5 minutes',
      greatest(last_at, coalesce(last_completed_at, last_at)),
      CASE WHEN status = 'completed' THEN coalesce(last_completed_at, last_at) END,
      CASE WHEN status = 'canceled' THEN last_at + interval '2 days' END
    FROM plan ORDER BY subscription_id`);
  await q.execute(sql`SELECT setval(pg_get_serial_sequence('subscriptions', 'id'), greatest((SELECT max(id) FROM subscriptions), 1))`);

  await q.execute(sql`
    INSERT INTO subscription_services (subscription_id, service_id, quantity, cost, countries)
    SELECT g.subscription_id, r.service_id, min(r.quantity), round(avg(r.price), 4),
      CASE ${h(sql`(g.subscription_id + r.service_id)::int`, 7, 5)} WHEN 0 THEN ARRAY['US'] WHEN 1 THEN ARRAY['GB', 'DE'] ELSE '{}'::text[] END
      FROM seed_sub_orders r
      JOIN seed_sub_groups g ON g.user_id = r.user_id AND g.network = r.network AND g.chunk = r.chunk
     GROUP BY g.subscription_id, r.service_id
     ORDER BY g.subscription_id, r.service_id`);
  await q.execute(sql`
    INSERT INTO subscription_contents (subscription_id, url, order_ids, created_at)
    SELECT g.subscription_id, r.url, ARRAY[r.id], r.created_at
      FROM seed_sub_orders r
      JOIN seed_sub_groups g ON g.user_id = r.user_id AND g.network = r.network AND g.chunk = r.chunk
     ORDER BY r.id`);
  await q.execute(sql`
    INSERT INTO subscription_payment_methods (subscription_id, payment_method_id)
    SELECT s.id, pm.id
      FROM subscriptions s
      JOIN LATERAL (SELECT id FROM payment_methods WHERE is_enabled ORDER BY (hashint4(id * 41 + s.id)) LIMIT 1 + ${h(sql`s.id`, 8, 2)}) pm ON true
     WHERE s.billing_type = 'recurring' AND s.id IN (SELECT subscription_id FROM seed_sub_groups)
    ON CONFLICT DO NOTHING`);
  await q.execute(sql`UPDATE orders o SET source_id = g.subscription_id
      FROM seed_sub_orders r JOIN seed_sub_groups g ON g.user_id = r.user_id AND g.network = r.network AND g.chunk = r.chunk
     WHERE o.id = r.id`);
  await q.execute(sql`DROP TABLE seed_sub_orders, seed_sub_groups`);
  await q.execute(sql`ANALYZE subscriptions`);
  await q.execute(sql`ANALYZE subscription_contents`);
}
