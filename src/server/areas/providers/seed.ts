import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../../db/client';
import { SIM_PANELS } from '../../provider-sim/panels';

/**
 * Seeds of the providers area.
 * - presets (base, every start, idempotent): the preset "top providers". The two simulated panels
 *   are stored as paths, answered on this server's own address (GET /preset-panels); the others
 *   look like real panels and are not reachable from here.
 * - demo: the demo providers (seeded with the orders) get their sync flags and statistic type;
 *   billing records; events on the simulated panels' provider services. The providers not at a
 *   simulated panel stand for foreign panels this server cannot reach: their services are kept by
 *   hand (sync off), so no demo provider fails its syncs unless a simulated panel is put in an
 *   outage (SIM_OUTAGE).
 */

const OTHER_PRESETS = [
  { name: 'JustAnotherPanel', url: 'https://justanotherpanel.example/api/v2', type: 'perfect_panel' },
  { name: 'Peakerr', url: 'https://peakerr.example/api/v2', type: 'perfect_panel' },
  { name: 'SMMHeaven', url: 'https://smmheaven.example/api/v2', type: 'perfect_panel' },
  { name: 'Panvy Network', url: 'https://partners.panvy.example/api/v2', type: 'socpanel' },
] as const;

export async function seedPresetPanels(q: Queryable): Promise<void> {
  const presets = [...SIM_PANELS.map((p) => ({ name: p.name, url: p.path, type: p.type })), ...OTHER_PRESETS];
  for (const [i, p] of presets.entries()) {
    await q.execute(sql`INSERT INTO preset_panels (name, url, type, icon, sorting)
      SELECT ${p.name}, ${p.url}, ${p.type}, ${`/icons/providers/${p.type}.svg`}, ${i + 1}
      WHERE NOT EXISTS (SELECT 1 FROM preset_panels WHERE url = ${p.url})`);
  }
}

export async function seedDemoProviders(q: Queryable): Promise<void> {
  // The provider at the simulated panvy is a panel of ours: everything syncs.
  const panvy = SIM_PANELS.find((p) => p.key === 'panvy')!.path;
  await q.execute(sql`UPDATE providers SET is_our_panel = true, statistic_type = 'orders', sync_packages = true, sync_name = true,
      sync_meta = true, sync_service_details = true, sync_description_field = true, sync_short_description = true, sync_labels = true,
      auto_recreate_orders_is_allowed = true, balance_updated_at = now() - interval '3 minutes'
    WHERE endpoint LIKE ${`%${panvy}`} OR endpoint LIKE ${`%${panvy}/`}`);
  await q.execute(sql`UPDATE providers SET statistic_type = 'services', balance_updated_at = now() - interval '2 hours'
    WHERE NOT is_our_panel AND NOT is_archived AND status = 'active'`);
  // The foreign panels out of this server's reach: their services are kept by hand, never synced.
  await q.execute(sql`UPDATE providers SET sync_services = false, sync_prices = false WHERE endpoint NOT LIKE '%/provider-sim/%'`);

  const admin = await one<{ id: number }>(q, sql`SELECT id FROM staff_members ORDER BY id LIMIT 1`);
  const comments = ['Top-up by card', 'Monthly prepayment', 'Refund for a canceled batch', 'Top-up by crypto (USDT)', 'Invoice 2026-041'];
  await q.execute(sql`INSERT INTO provider_payments (provider_id, amount, currency, paid_at, comment, created_by)
    SELECT p.id,
      CASE WHEN g % 5 = 2 THEN -round((20 + (p.id * 37 + g * 11) % 80)::numeric, 2) ELSE round((100 + (p.id * 53 + g * 29) % 900)::numeric, 2) END,
      p.currency, now() - make_interval(days => g * 9 + p.id), (ARRAY[${sql.join(
        comments.map((c) => sql`${c}`),
        sql`, `,
      )}])[1 + (g % 5)], ${admin?.id ?? null}
    FROM providers p CROSS JOIN generate_series(1, 6) g
    WHERE NOT p.is_archived`);

  await q.execute(sql`UPDATE provider_services SET source_event = 'order.created', target_event = 'order.placed', last_stats_gather_period = '1 day',
      sync_flags = '{"prices": true, "name": true}'::jsonb
    WHERE external_panel_id IN (SELECT id FROM providers WHERE endpoint LIKE '%/provider-sim/%')`);
}
