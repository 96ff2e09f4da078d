import { sql } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { rows, type Queryable } from '../../db/client';
import { baseCatalogue } from '../../provider-sim/catalogue';
import { SIM_PANELS } from '../../provider-sim/panels';

/**
 * Demo sync state: settings for every provider (first scheduled run half an hour after start), and
 * for each provider pointing at a simulated panel the catalogue accepted a day ago (the panel's
 * catalogue before any drift) — its mirror and an applied run with the raw answer. The simulator,
 * when it runs, drifts its catalogues two steps beyond that mirror (provider-sim/seed.ts), so
 * "Sync now" shows a change set at once. No demo provider fails its syncs: a failing one is shown
 * by putting a simulated panel in an outage (SIM_OUTAGE, docs/provider-sync.md).
 */
export async function seedDemoProviderSync(q: Queryable): Promise<void> {
  await q.execute(sql`INSERT INTO provider_sync_settings (provider_id, last_scheduled_at) SELECT id, now() FROM providers ON CONFLICT DO NOTHING`);
  for (const panel of SIM_PANELS) {
    const providers = await rows<{ id: number }>(
      q,
      sql`SELECT id FROM providers WHERE (endpoint LIKE ${`%${panel.path}`} OR endpoint LIKE ${`%${panel.path}/`}) AND NOT is_archived`,
    );
    if (providers.length === 0) continue;
    // As the simulator answers `services` before any drift (limits as text).
    const catalogue = [...baseCatalogue(panel.key)]
      .sort((a, b) => a.id - b.id)
      .map((s) => ({
        service: s.id,
        name: s.name,
        type: s.type ?? 'Default',
        category: s.category,
        rate: s.rate,
        min: String(s.min),
        max: String(s.max),
        refill: !!s.refill,
        cancel: !!s.cancel,
        dripfeed: !!s.dripfeed,
      }));
    const raw = JSON.stringify(catalogue);
    for (const p of providers) {
      await q.execute(sql`INSERT INTO provider_catalogue_items (provider_id, external_id, name, category, type, rate, min, max, refill, cancel, dripfeed, updated_at)
        SELECT ${p.id}, x.service::text, x.name, x.category, x.type, x.rate, x.min, x.max, x.refill, x.cancel, x.dripfeed, now() - interval '1 day'
          FROM json_to_recordset(${raw}::json)
            AS x(service int, name text, category text, type text, rate numeric, min int, max int, refill boolean, cancel boolean, dripfeed boolean)
        ON CONFLICT DO NOTHING`);
      await q.execute(sql`INSERT INTO provider_sync_runs (provider_id, status, trigger, attempts, started_at, finished_at, duration_ms, currency,
          services_count, skipped_count, counts, affected_count, raw_answer, raw_bytes, applied_at, created_at)
        VALUES (${p.id}, 'applied', 'manual', 1, now() - interval '1 day', now() - interval '1 day' + interval '2 seconds', 1840, ${panel.currency},
          ${catalogue.length}, 0, ${JSON.stringify({ new: catalogue.length })}::jsonb,
          (SELECT count(*)::int FROM provider_services WHERE external_panel_id = ${p.id}),
          ${gzipSync(Buffer.from(raw)).toString('base64')}, ${Buffer.byteLength(raw)}, now() - interval '1 day' + interval '5 minutes', now() - interval '1 day')`);
    }
  }
}
