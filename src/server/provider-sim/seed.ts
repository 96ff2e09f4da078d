import { sql, type SQL } from 'drizzle-orm';
import { one, type Queryable } from '../db/client';
import { ensureSimCatalogue } from './catalogue';
import { driftSim } from './drift';
import { SIM_PANELS } from './panels';
import { PROVIDER_SIM_PATH } from './routes';
import { ensureSimTables } from './schema';

/**
 * Demo state of the simulated provider, brought in line with the panel's demo data by the
 * simulator itself when the server starts with it (the panel's seed never touches the simulator's
 * tables): an account for every provider whose endpoint is the simulator (their API token is the
 * key), and, for attempts the demo shows as running there, the simulator's side of those orders —
 * so the worker finds them and they keep moving, slowly (ten minutes to four hours each), after
 * the demo starts. Every part is idempotent: it runs on every start.
 */

const h = (id: SQL, salt: number, n: number): SQL => sql`(abs(hashint4((${id} * 53 + ${salt})::int)::bigint) % ${n})`;

/** Providers pointing at the simulator, by endpoint path (any host and port). */
export const simProvidersSql = sql`SELECT id, api_token FROM providers WHERE endpoint LIKE ${`%${PROVIDER_SIM_PATH}%`}`;

export async function seedSimAccounts(q: Queryable): Promise<void> {
  await ensureSimTables(q);
  // An account at each simulated panel for every provider pointing at it (by path, any host).
  for (const panel of SIM_PANELS) {
    await q.execute(sql`INSERT INTO provider_sim.accounts (api_key, balance, currency, panel)
      SELECT DISTINCT api_token, 25000, ${panel.currency}, ${panel.key} FROM providers
       WHERE endpoint LIKE ${`%${panel.path}`} OR endpoint LIKE ${`%${panel.path}/`}
      ON CONFLICT (api_key) DO NOTHING`);
  }
}

/** The simulator's orders behind the running external-panel orders at simulator providers. */
export async function seedSimOrdersForRunningAttempts(q: Queryable, nowMs: number = Date.now()): Promise<void> {
  await ensureSimTables(q);
  const e = sql`e.id::int`;
  await q.execute(sql`
    INSERT INTO provider_sim.orders (id, account_id, service_id, link, quantity, charge, start_count, status, remains, outcome, target,
                            placed_at_ms, pending_ms, processing_ms, duration_ms)
    SELECT e.external_id::bigint, a.id, coalesce(ss.id, 1), e.url, e.quantity,
      round(coalesce(ss.rate, 1) * e.quantity / 1000, 4), coalesce(e.start_count, 0),
      'Pending', e.quantity, x.outcome,
      CASE x.outcome WHEN 'complete' THEN e.quantity WHEN 'overdeliver' THEN e.quantity + greatest(1, e.quantity / 25)
                     WHEN 'partial' THEN e.quantity * (30 + ${h(e, 2, 60)}) / 100 ELSE 0 END,
      ${nowMs}::bigint - ${h(e, 3, 60_000)} * CASE e.status WHEN 'pending' THEN 0 ELSE 1 END
        - CASE e.status WHEN 'pending' THEN 0 ELSE 25000 END,
      CASE e.status WHEN 'pending' THEN 5000 + ${h(e, 4, 60_000)} ELSE 1000 END,
      CASE e.status WHEN 'processing' THEN 120000 ELSE 1500 END,
      600000 + ${h(e, 5, 14_400_000)}
    FROM external_panel_orders e
    JOIN (${simProvidersSql}) p ON p.id = e.provider_id
    JOIN provider_sim.accounts a ON a.api_key = p.api_token
    LEFT JOIN provider_sim.services ss ON ss.id::text = e.external_service_id
    CROSS JOIN LATERAL (SELECT CASE WHEN ${h(e, 1, 100)} < 85 THEN 'complete' WHEN ${h(e, 1, 100)} < 90 THEN 'overdeliver'
                                    WHEN ${h(e, 1, 100)} < 97 THEN 'partial' ELSE 'cancel' END AS outcome) x
    WHERE e.status IN ('pending', 'in_progress', 'processing') AND e.external_id ~ '^[0-9]{1,15}$'
    ON CONFLICT (id) DO NOTHING`);
}

/**
 * A panel whose catalogue a demo provider mirrors (the provider-sync seed accepted it a day ago)
 * and that never drifted goes two steps ahead, so "Sync now" shows a change set at once (among
 * them a doubled price on a linked service).
 */
async function driftMirroredPanels(q: Queryable): Promise<void> {
  for (const panel of SIM_PANELS) {
    const fresh = await one(
      q,
      sql`SELECT 1 FROM provider_sim.panels WHERE key = ${panel.key} AND drift_step = 0 AND drifted_at IS NULL
            AND EXISTS (SELECT 1 FROM provider_catalogue_items i JOIN providers p ON p.id = i.provider_id
                         WHERE p.endpoint LIKE ${`%${panel.path}`} OR p.endpoint LIKE ${`%${panel.path}/`})`,
    );
    if (fresh) await driftSim(q, panel.key, 2);
  }
}

/**
 * The simulator's start on a database: its tables and catalogues, and with the demo, its side of
 * the demo's data (accounts, running orders, drifted catalogues). The server runs it when the
 * simulator is on (SIMULATOR on or api); tests and benchmarks that start the simulator on its own
 * get its tables and catalogues on first use.
 */
export async function prepareProviderSim(q: Queryable, options: { demo: boolean }): Promise<void> {
  await ensureSimCatalogue(q);
  if (!options.demo) return;
  await q.transaction(async (tx) => {
    await seedSimAccounts(tx);
    await seedSimOrdersForRunningAttempts(tx);
    await driftMirroredPanels(tx);
  });
}
