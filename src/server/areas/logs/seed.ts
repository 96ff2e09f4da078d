import { sql, type SQL } from 'drizzle-orm';
import { one, type Queryable } from '../../db/client';

/**
 * Demo history: SEED_HISTORY audit and change-log entries together (default: as many as
 * SEED_ORDERS, itself 200,000 by default — so the full demo holds at least 200,000 and the e2e
 * server, with SEED_ORDERS=20000, 20,000), spread over the orders and users of the demo and the
 * staff members, plus a service log of one entry per ten. Set-based (INSERT … SELECT
 * generate_series); values come from hashint4 of the row number, the same on every machine.
 */

export const DEFAULT_SEED_HISTORY = 200_000;

export function seedHistoryCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = (env.SEED_HISTORY ?? env.SEED_ORDERS)?.trim();
  if (!raw) return DEFAULT_SEED_HISTORY;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`SEED_HISTORY must be a whole number, got "${raw}"`);
  return n;
}

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 13 + ${salt})::int)::bigint) % ${n})`;
const g = sql`g`;
const pick = (list: readonly string[], salt: number): SQL =>
  sql`(${sql.raw(`ARRAY[${list.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`)})[1 + ${h(g, salt, list.length)}]`;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];

/** One row per order event: the audit's event and values, the change log's action and sentence. */
const ORDER_EVENTS = sql`(VALUES
  (0, 'updated', 'change_url', 'url'),
  (1, 'updated', 'update_comment', 'comment'),
  (2, 'approved', 'approve', 'status'),
  (3, 'paused', 'pause', 'status'),
  (4, 'activated', 'activate', 'status'),
  (5, 'completed', 'complete', 'status'),
  (6, 'canceled', 'cancel', 'status'),
  (7, 'provider_changed', 'change_provider', 'provider_id')) AS ev(k, event, action, field)`;

const USER_EVENTS = sql`(VALUES
  (0, 'frozen', 'freeze', 'active', 'frozen'),
  (1, 'activated', 'activate', 'frozen', 'active'),
  (2, 'deactivated', 'deactivate', 'active', 'deactivated'),
  (3, 'updated', 'update', NULL, NULL)) AS ev(k, event, action, old_status, new_status)`;

export async function seedDemoHistory(q: Queryable, total = seedHistoryCount()): Promise<void> {
  const staff = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM staff_members`);
  const orders = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM orders`);
  const users = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM users`);
  if (!staff?.n || total <= 0) return;

  // 55 % audit entries, 45 % change-log entries; of each, three quarters about orders.
  const audits = Math.round(total * 0.55);
  const changes = total - audits;
  const orderShare = orders?.n ? (users?.n ? 0.75 : 1) : 0;
  const userShare = users?.n ? 1 - orderShare : 0;
  const staffIds = sql`(SELECT array_agg(id ORDER BY id) FROM staff_members)`;
  const ip = sql`'10.' || ${h(g, 31, 4)} || '.' || ${h(g, 32, 256)} || '.' || ${h(g, 33, 254)} + 1`;
  const when = (created: SQL) => sql`${created} + (now() - ${created}) * (${h(g, 34, 1000)} / 1000.0)`;

  if (orderShare > 0) {
    const orderIds = sql`(SELECT array_agg(id ORDER BY id) FROM orders)`;
    const nAudits = Math.round(audits * orderShare);
    const nChanges = Math.round(changes * orderShare);
    await q.execute(sql`
      WITH ids AS (SELECT ${orderIds} AS o, ${staffIds} AS s)
      INSERT INTO audit_entries (created_at, staff_id, ip_address, user_agent, event, auditable_type, auditable_id, old_values, new_values)
      SELECT ${when(sql`o.created_at`)}, ids.s[1 + ${h(g, 35, staff.n)}], ${ip}, ${pick(AGENTS, 36)},
             ev.event, 'order', o.id,
             CASE ev.field
               WHEN 'url' THEN jsonb_build_object('url', o.url || '?ref=' || ${h(g, 37, 1000)})
               WHEN 'comment' THEN jsonb_build_object('comment', NULL)
               WHEN 'provider_id' THEN jsonb_build_object('provider_id', 1 + ${h(g, 38, 3)}, 'external_id', 'ext-' || g)
               ELSE jsonb_build_object('status', CASE ev.event WHEN 'approved' THEN 'in_moderation' WHEN 'activated' THEN 'stopped' ELSE 'in_processing' END)
             END,
             CASE ev.field
               WHEN 'url' THEN jsonb_build_object('url', o.url)
               WHEN 'comment' THEN jsonb_build_object('comment', ${pick(['Checked with the customer', 'Customer asked for a slower start', 'Refill promised', 'Link corrected by support'], 39)})
               WHEN 'provider_id' THEN jsonb_build_object('provider_id', 1 + ${h(g, 40, 3)}, 'external_id', NULL)
               ELSE jsonb_build_object('status', CASE ev.event WHEN 'approved' THEN 'in_processing' WHEN 'activated' THEN 'in_processing'
                                                             WHEN 'paused' THEN 'stopped' ELSE ev.event END)
             END
        FROM generate_series(1, ${nAudits}) AS g
        CROSS JOIN ids
        JOIN orders o ON o.id = ids.o[1 + ${h(g, 41, orders!.n)}]
        JOIN ${ORDER_EVENTS} ON ev.k = ${h(g, 42, 8)}`);
    await q.execute(sql`
      WITH ids AS (SELECT ${orderIds} AS o, ${staffIds} AS s)
      INSERT INTO change_logs (created_at, staff_id, action_type, model_type, model_id, information)
      SELECT ${when(sql`o.created_at`)}, ids.s[1 + ${h(g, 43, staff.n)}], ev.action, 'order', o.id,
             to_jsonb(CASE ev.action
               WHEN 'change_url' THEN 'Order ' || o.id || ': URL changed to ' || o.url || '.'
               WHEN 'update_comment' THEN 'Order ' || o.id || ': comment updated.'
               WHEN 'change_provider' THEN 'Order ' || o.id || ' sent to provider ' || (1 + ${h(g, 44, 3)}) || '.'
               ELSE 'Order ' || o.id || ' ' || ev.event || '.'
             END)
        FROM generate_series(1, ${nChanges}) AS g
        CROSS JOIN ids
        JOIN orders o ON o.id = ids.o[1 + ${h(g, 45, orders!.n)}]
        JOIN ${ORDER_EVENTS} ON ev.k = ${h(g, 46, 8)}`);
  }

  if (userShare > 0) {
    const userIds = sql`(SELECT array_agg(id ORDER BY id) FROM users)`;
    await q.execute(sql`
      WITH ids AS (SELECT ${userIds} AS u, ${staffIds} AS s)
      INSERT INTO audit_entries (created_at, staff_id, ip_address, user_agent, event, auditable_type, auditable_id, old_values, new_values)
      SELECT ${when(sql`u.created_at`)}, ids.s[1 + ${h(g, 47, staff.n)}], ${ip}, ${pick(AGENTS, 48)}, ev.event, 'user', u.id,
             CASE WHEN ev.old_status IS NULL THEN jsonb_build_object('name', split_part(u.email, '@', 1)) ELSE jsonb_build_object('status', ev.old_status) END,
             CASE WHEN ev.new_status IS NULL THEN jsonb_build_object('name', u.name) ELSE jsonb_build_object('status', ev.new_status) END
        FROM generate_series(1, ${Math.round(audits * userShare)}) AS g
        CROSS JOIN ids
        JOIN users u ON u.id = ids.u[1 + ${h(g, 49, users!.n)}]
        JOIN ${USER_EVENTS} ON ev.k = ${h(g, 50, 4)}`);
    await q.execute(sql`
      WITH ids AS (SELECT ${userIds} AS u, ${staffIds} AS s)
      INSERT INTO change_logs (created_at, staff_id, action_type, model_type, model_id, information)
      SELECT ${when(sql`u.created_at`)}, ids.s[1 + ${h(g, 51, staff.n)}], ev.action, 'user', u.id,
             to_jsonb('User ' || u.email || CASE WHEN ev.new_status IS NULL THEN ' updated.' ELSE ' ' || ev.event || '.' END)
        FROM generate_series(1, ${changes - Math.round(changes * orderShare)}) AS g
        CROSS JOIN ids
        JOIN users u ON u.id = ids.u[1 + ${h(g, 52, users!.n)}]
        JOIN ${USER_EVENTS} ON ev.k = ${h(g, 53, 4)}`);
  }

  await seedServiceLogs(q, Math.max(50, Math.round(total / 10)));
}

/** What the provider sync and the automatic checks changed on services. */
async function seedServiceLogs(q: Queryable, count: number): Promise<void> {
  const services = await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM services`);
  if (!services?.n) return;
  await q.execute(sql`
    WITH ids AS (SELECT array_agg(id ORDER BY id) AS s FROM services)
    INSERT INTO service_logs (created_at, model_type, model_id, type, action_type, information, old_value, new_value)
    SELECT now() - interval '1 minute' * ${h(g, 61, 60 * 24 * 365)}, 'service', sv.id, ev.type, ev.action,
           CASE ev.type
             WHEN 'price' THEN 'Price of ' || sv.name || ' followed the provider'
             WHEN 'status' THEN sv.name || ': providers unavailable, service switched off'
             WHEN 'min_quantity' THEN 'Minimum quantity of ' || sv.name || ' synced'
             ELSE 'Provider of ' || sv.name || ' replaced by the import'
           END,
           CASE ev.type
             WHEN 'price' THEN to_jsonb(round(sv.default_price * (0.8 + ${h(g, 62, 40)} / 100.0), 4)::text)
             WHEN 'status' THEN to_jsonb('enabled'::text)
             WHEN 'min_quantity' THEN to_jsonb(sv.min_quantity + 10)
             ELSE to_jsonb(1 + ${h(g, 63, 3)})
           END,
           CASE ev.type
             WHEN 'price' THEN to_jsonb(sv.default_price::text)
             WHEN 'status' THEN to_jsonb('disabled'::text)
             WHEN 'min_quantity' THEN to_jsonb(sv.min_quantity)
             ELSE to_jsonb(1 + ${h(g, 64, 3)})
           END
      FROM generate_series(1, ${count}) AS g
      CROSS JOIN ids
      JOIN services sv ON sv.id = ids.s[1 + ${h(g, 65, services.n)}]
      JOIN (VALUES (0, 'price', 'sync'), (1, 'price', 'automatic'), (2, 'status', 'automatic'), (3, 'min_quantity', 'sync'), (4, 'provider', 'import'))
           AS ev(k, type, action) ON ev.k = ${h(g, 66, 5)}`);
}
