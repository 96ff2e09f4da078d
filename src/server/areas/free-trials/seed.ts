import { sql, type SQL } from 'drizzle-orm';
import { one, type Queryable } from '../../db/client';

/**
 * Demo free trials: eight quests (two archived) and about 400 requests across every status —
 * pending ones for the live counter, approved ones with their free order, rejected ones with a
 * reason, some archived. Set-based (INSERT … SELECT generate_series); values come from hashint4
 * of the row number, so the demo is the same on every machine.
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 11 + ${salt})::int)::bigint) % ${n})`;

const QUESTS = [
  { name: 'Subscribe to our Telegram channel', kind: 'subscribe', url: 'https://t.me/panel_news', quantity: 100, archived: false },
  { name: 'Follow us on Instagram', kind: 'follow', url: 'https://instagram.com/panel', quantity: 50, archived: false },
  { name: 'Review us on Trustpilot', kind: 'review', url: 'https://trustpilot.com/review/panel.example', quantity: 250, archived: false },
  { name: 'Share our launch post', kind: 'share', url: 'https://x.com/panel/status/1', quantity: 100, archived: false },
  { name: 'Invite a friend who orders', kind: 'invite', url: '', quantity: 500, archived: false },
  { name: 'Subscribe to our YouTube channel', kind: 'subscribe', url: 'https://youtube.com/@panel', quantity: 200, archived: false },
  { name: 'Spring 2025: like our giveaway post', kind: 'share', url: 'https://instagram.com/p/spring25', quantity: 100, archived: true },
  { name: 'Join the Discord server', kind: 'subscribe', url: 'https://discord.gg/panel', quantity: 50, archived: true },
] as const;

export const DEMO_FREE_TRIAL_REQUESTS = 400;

export async function seedDemoFreeTrials(q: Queryable): Promise<void> {
  const services = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM services WHERE is_enabled AND NOT is_archived`);
  const users = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM users`);
  if (!services?.n || !users?.n) return;

  const enabledServices = sql`(SELECT array_agg(id ORDER BY id) FROM services WHERE is_enabled AND NOT is_archived)`;
  const values = QUESTS.map(
    (quest, i) =>
      sql`(${quest.name}, ${`Complete the task and get ${quest.quantity} free units.`}, ${quest.kind}, ${quest.url}, ${quest.quantity}::int, ${quest.archived}::boolean, ${i}::int)`,
  );
  await q.execute(sql`
    INSERT INTO free_trial_quests (name, description, kind, task_url, quantity, is_archived, service_id, created_at)
    SELECT v.name, v.description, v.kind, v.url, v.quantity, v.archived,
           (${enabledServices})[1 + (v.i * 7) % ${services.n}], now() - (interval '1 day' * (300 - v.i * 30))
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(name, description, kind, url, quantity, archived, i)`);

  const g = sql`g`;
  // Requests over the last 120 days; the newest ~40 are pending, older ones decided.
  await q.execute(sql`
    WITH u AS (SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM users WHERE status = 'active'),
         qs AS (SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM free_trial_quests),
         s AS (SELECT ${enabledServices} AS ids)
    INSERT INTO free_trial_requests (status, user_id, service_id, quest_id, url, quantity, comment, admin_note, decided_at, is_archived, created_at, updated_at)
    SELECT st.status,
           u.ids[1 + ${h(g, 1, 1000000)} % u.n],
           s.ids[1 + ${h(g, 2, services.n)}],
           CASE WHEN ${h(g, 3, 100)} < 45 THEN qs.ids[1 + ${h(g, 4, 8)} % qs.n] END,
           'https://instagram.com/p/trial' || g,
           (ARRAY[50, 100, 100, 200, 250, 500])[1 + ${h(g, 5, 6)}],
           CASE WHEN ${h(g, 6, 100)} < 40 THEN 'Done: @customer' || g END,
           CASE WHEN st.status = 'rejected' THEN (ARRAY['The account is private.', 'One free trial per customer.', 'The quest was not completed.'])[1 + ${h(g, 7, 3)}] END,
           CASE WHEN st.status <> 'pending' THEN t.created + interval '3 hours' END,
           st.status <> 'pending' AND ${h(g, 8, 100)} < 15,
           t.created, t.created
      FROM generate_series(1, ${DEMO_FREE_TRIAL_REQUESTS}) AS g
      CROSS JOIN u CROSS JOIN qs CROSS JOIN s
      CROSS JOIN LATERAL (SELECT now() - interval '1 minute' * ((${DEMO_FREE_TRIAL_REQUESTS} - g) * 430 + ${h(g, 9, 400)}) AS created) t
      CROSS JOIN LATERAL (SELECT CASE WHEN g > ${DEMO_FREE_TRIAL_REQUESTS - 40} THEN 'pending'
                                      WHEN ${h(g, 10, 100)} < 65 THEN 'approved' ELSE 'rejected' END AS status) st`);

  // Approved requests got their free order.
  await q.execute(sql`
    WITH placed AS (
      INSERT INTO orders (status, user_id, service_id, name, url, quantity, current_quantity, price, cost, source, price_modifications, created_at, completed_at, comment)
      SELECT 'completed', r.user_id, r.service_id, s.name, r.url, r.quantity, r.quantity, 0, 0, 'free_trial',
             jsonb_build_array(jsonb_build_object('kind', 'freeTrial', 'amount', round(s.default_price * r.quantity / greatest(s.pricing_per, 1), 4)::text,
                                                  'percent', '100', 'name', 'Free trial #' || r.id)),
             r.decided_at, r.decided_at + interval '1 day', 'Free trial request #' || r.id
        FROM free_trial_requests r JOIN services s ON s.id = r.service_id
       WHERE r.status = 'approved' AND r.order_id IS NULL
      RETURNING id, comment)
    UPDATE free_trial_requests r SET order_id = placed.id
      FROM placed WHERE placed.comment = 'Free trial request #' || r.id`);
}
