import { sql, type SQL } from 'drizzle-orm';
import { simProvidersSql } from '../../provider-sim/seed';
import type { Queryable } from '../../db/client';
import { readPanelSettings } from '../../db/panelSettings';

/**
 * Demo external-panel orders (attempts to place our orders at providers), drawn from the orders
 * the orders seed sent to providers (provider_id and external_id set), newest first:
 * - running: orders in processing at the simulator, for what they still lack (the simulator, when
 *   it runs, gets the matching orders, so the worker keeps them moving: provider-sim/seed.ts);
 * - completed (a few over-delivered, negative remains) for completed orders;
 * - partial or canceled by the provider for stopped orders (recreatable), partial for canceled
 *   orders that had delivered something;
 * - failed: refused when placed (error set, never accepted; the order's external id is cleared),
 *   recreatable;
 * - history: some completed ones replaced an earlier refused attempt at another provider.
 * About 3,000 with the default order book; fewer when it is small. Runs after the orders step.
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 47 + ${salt})::int)::bigint) % ${n})`;

const ERRORS = [
  'Not enough funds on balance',
  'Incorrect service ID',
  'Quantity less than minimal 100',
  'Bad link',
  'The provider could not be reached: fetch failed',
];
const errorAt = (id: SQL): SQL =>
  sql`(ARRAY[${sql.join(
    ERRORS.map((e) => sql`${e}`),
    sql`, `,
  )}]::text[])[1 + ${h(id, 9, ERRORS.length)}]`;

const LIMITS = { running: 600, completed: 1800, stopped: 300, canceledPartial: 150, failed: 150, history: 100 };

export async function seedDemoExternalPanelOrders(q: Queryable): Promise<void> {
  const o = sql`o.id::int`;
  // What a provider charged is in its own currency: our cost converted with the panel's rates (fx.rate).
  const { currencies } = await readPanelSettings(q);
  const rates = JSON.stringify({ ...currencies.rates, [currencies.default]: '1' });
  const fx = sql`LEFT JOIN providers pr ON pr.id = o.provider_id
    CROSS JOIN LATERAL (SELECT coalesce(pr.currency, ${currencies.default}) AS currency,
                               coalesce((${rates}::jsonb ->> upper(pr.currency))::numeric, 1) AS rate) fx`;
  const attempt = (where: SQL, limit: number, columns: SQL) =>
    q.execute(sql`
      INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, external_id, status, quantity, base_quantity, url,
        charge, currency, start_count, remains, error, sent_at, checked_at, created_at, updated_at)
      SELECT o.id, o.provider_id, ps.external_panel_service_id, ${columns}
        FROM (SELECT * FROM orders o WHERE ${where} ORDER BY o.id DESC LIMIT ${limit}) o
        LEFT JOIN provider_services ps ON ps.id = o.provider_service_id
        ${fx}
       ORDER BY o.id`);
  const sent = sql`o.provider_id IS NOT NULL AND o.external_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM external_panel_orders x WHERE x.order_id = o.id)`;
  const atSim = sql`o.provider_id IN (SELECT id FROM (${simProvidersSql}) p)`;

  // History first: the refused attempt comes before the one that replaced it.
  await q.execute(sql`
    INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, url, error, recreated_at,
                                       sent_at, created_at, updated_at)
    SELECT o.id, alt.id, NULL, 'creating', o.quantity, o.url, ${errorAt(o)}, o.created_at + interval '20 minutes',
           o.created_at + interval '1 minute', o.created_at + interval '1 minute', o.created_at + interval '20 minutes'
      FROM (SELECT * FROM orders o WHERE ${sent} AND o.status = 'completed' AND ${h(o, 1, 20)} = 0 ORDER BY o.id DESC
            LIMIT ${LIMITS.history}) o
      JOIN LATERAL (SELECT id FROM providers WHERE id <> o.provider_id AND NOT is_archived ORDER BY id LIMIT 1) alt ON true
     ORDER BY o.id`);

  await attempt(
    sql`${sent} AND o.status = 'in_processing' AND ${atSim} AND o.current_quantity < o.quantity`,
    LIMITS.running,
    sql`o.external_id,
      CASE WHEN ${h(o, 2, 10)} = 0 THEN 'pending' WHEN ${h(o, 2, 10)} = 1 THEN 'processing' ELSE 'in_progress' END,
      o.quantity - o.current_quantity, o.current_quantity, o.url, NULL, NULL, o.start_count, o.quantity - o.current_quantity, NULL,
      o.created_at + interval '1 minute', NULL, o.created_at + interval '1 minute', o.updated_at`,
  );
  // Attempts that were not there before: the history ones are re-used below through their order.
  await q.execute(sql`
    INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, external_id, status, quantity, base_quantity, url,
      charge, currency, start_count, remains, recreated_from_id, sent_at, checked_at, created_at, updated_at)
    SELECT o.id, o.provider_id, ps.external_panel_service_id, o.external_id, 'completed', o.quantity, 0, o.url,
      round(o.cost * fx.rate, 4), fx.currency, o.start_count,
      CASE WHEN ${h(o, 3, 20)} = 0 THEN -greatest(1, o.quantity / 30) ELSE 0 END,
      prev.id, o.created_at + interval '21 minutes', o.completed_at, o.created_at + interval '21 minutes', coalesce(o.completed_at, o.updated_at)
      FROM (SELECT * FROM orders o WHERE o.provider_id IS NOT NULL AND o.external_id IS NOT NULL AND o.status = 'completed'
              AND NOT EXISTS (SELECT 1 FROM external_panel_orders x WHERE x.order_id = o.id AND x.recreated_at IS NULL)
            ORDER BY EXISTS (SELECT 1 FROM external_panel_orders x WHERE x.order_id = o.id) DESC, o.id DESC
            LIMIT ${LIMITS.completed}) o
      LEFT JOIN provider_services ps ON ps.id = o.provider_service_id
      ${fx}
      LEFT JOIN external_panel_orders prev ON prev.order_id = o.id AND prev.recreated_at IS NOT NULL
     ORDER BY o.id`);
  await attempt(
    sql`${sent} AND o.status = 'stopped'`,
    LIMITS.stopped,
    sql`o.external_id, CASE WHEN ${h(o, 4, 3)} = 0 THEN 'canceled' ELSE 'partial' END, o.quantity, 0, o.url,
      round(o.cost * fx.rate * o.current_quantity / greatest(o.quantity, 1), 4), fx.currency, o.start_count, o.quantity - o.current_quantity, NULL,
      o.created_at + interval '1 minute', o.updated_at, o.created_at + interval '1 minute', o.updated_at`,
  );
  await attempt(
    sql`${sent} AND o.status = 'canceled' AND o.current_quantity > 0`,
    LIMITS.canceledPartial,
    sql`o.external_id, 'partial', o.quantity, 0, o.url, round(o.cost * fx.rate * o.current_quantity / greatest(o.quantity, 1), 4), fx.currency,
      o.start_count, o.quantity - o.current_quantity, NULL, o.created_at + interval '1 minute', o.canceled_at,
      o.created_at + interval '1 minute', o.updated_at`,
  );
  // Refused when placed: the provider never accepted them, so the order carries no external id.
  await q.execute(sql`
    WITH picked AS (
      SELECT o.* FROM orders o
       WHERE ${sent} AND o.status = 'in_processing' AND o.current_quantity < o.quantity AND ${h(o, 5, 4)} = 0
       ORDER BY o.id DESC LIMIT ${LIMITS.failed}
    ), inserted AS (
      INSERT INTO external_panel_orders (order_id, provider_id, external_service_id, status, quantity, base_quantity, url, error,
                                         sent_at, created_at, updated_at)
      SELECT o.id, o.provider_id, ps.external_panel_service_id, 'creating', o.quantity - o.current_quantity, o.current_quantity, o.url,
             ${errorAt(o)},
             o.created_at + interval '1 minute', o.created_at + interval '1 minute', o.created_at + interval '2 minutes'
        FROM picked o LEFT JOIN provider_services ps ON ps.id = o.provider_service_id
       ORDER BY o.id
      RETURNING order_id
    )
    UPDATE orders SET external_id = NULL, start_count = NULL WHERE id IN (SELECT order_id FROM inserted)`);

  await q.execute(sql`ANALYZE external_panel_orders`);
}
