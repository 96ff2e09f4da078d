import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueRun, runSync, setSyncClientFactory } from '../../src/server/areas/provider-sync/sync';
import { one, rows } from '../../src/server/db/client';
import { readPanelSettings } from '../../src/server/db/panelSettings';
import { prepareProviderSim } from '../../src/server/provider-sim';
import { baseCatalogue } from '../../src/server/provider-sim/catalogue';
import { SIM_PANELS } from '../../src/server/provider-sim/panels';
import { startProviderSimServer, type ProviderSimServer } from '../../src/server/provider-sim/standalone';
import { createSmmClient } from '../../src/server/upstream/client';
import { providerTarget } from '../../src/server/upstream/target';
import { useTestApp } from './helpers/testServer';

/**
 * The demo data as a panel owner first sees it, on the shared seeded test database: services sell
 * above what their providers cost (a markup of 30 % or more) but for four kept below margin on
 * purpose; every provider service fulfils services of one network and kind, and at the simulated
 * panels that is the network and kind of the catalogue entry it stands for; each provider at a
 * simulated panel syncs, in its own currency, and fails only with the simulator's outage switch on.
 */

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = (await t.memberWith(['manageExternalPanels'])).token;
});

const simPanelOf = (endpoint: string) => {
  const path = new URL(endpoint).pathname.replace(/\/+$/, '');
  return SIM_PANELS.find((p) => p.path === path);
};

describe('prices', () => {
  /** Each live service's price and its dearest active link's cost in the panel's currency (the margin guard's reckoning, computed here on its own). */
  async function pricesAndCosts() {
    const { currencies } = await readPanelSettings(t.db);
    const rates = JSON.stringify({ ...currencies.rates, [currencies.default]: '1' });
    return rows<{ id: number; name: string; price: string; cost: string; margin: string; markup: string }>(
      t.db,
      sql`SELECT sv.id, sv.name, sv.default_price::text AS price, c.cost::text AS cost,
                 round((sv.default_price - c.cost) / sv.default_price, 4)::text AS margin, round((sv.default_price - c.cost) / c.cost, 4)::text AS markup
            FROM services sv
            JOIN LATERAL (
              SELECT max(round(ps.source_price * sv.pricing_per / ps.source_pricing_per
                               / (${rates}::jsonb ->> upper(coalesce(ps.source_price_currency, p.currency)))::numeric, 4)) AS cost
                FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id JOIN providers p ON p.id = ps.external_panel_id
               WHERE sp.service_id = sv.id AND sp.is_active AND NOT ps.is_archived AND NOT p.is_archived) c ON c.cost IS NOT NULL
           WHERE NOT sv.is_archived AND sv.default_price > 0
           ORDER BY sv.id`,
    );
  }

  it('keeps four services below the 10 % floor on purpose, three of them below cost; the Below margin list shows just those', async () => {
    const all = await pricesAndCosts();
    const below = all.filter((s) => Number(s.margin) < 0.1);
    expect(below).toHaveLength(4);
    expect(below.filter((s) => Number(s.price) < Number(s.cost))).toHaveLength(3);
    expect(below.map((s) => s.name)).toContain('Facebook Post Likes');

    const screen = await t.ok('providerSyncBelowMargin', {}, admin);
    expect(screen.defaultFloor).toBe('0.1');
    expect(new Set(screen.rows.map((r) => r.service.id))).toEqual(new Set(below.map((s) => s.id)));
  });

  it('sells every other service at 30 % or more above its dearest provider, most of them at 30–120 %', async () => {
    const rest = (await pricesAndCosts()).filter((s) => Number(s.margin) >= 0.1);
    expect(rest.length).toBeGreaterThan(150);
    expect(rest.filter((s) => Number(s.markup) < 0.3)).toEqual([]);
    const sensible = rest.filter((s) => Number(s.markup) <= 1.2);
    expect(sensible.length / rest.length).toBeGreaterThan(0.8);
  });

  it('records what each provider charged for our orders in its own currency', async () => {
    const byCurrency = await rows<{ currency: string; matches: boolean; n: number }>(
      t.db,
      sql`SELECT e.currency, e.currency = p.currency AS matches, count(*)::int AS n
            FROM external_panel_orders e JOIN providers p ON p.id = e.provider_id WHERE e.charge IS NOT NULL GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(byCurrency.filter((c) => !c.matches)).toEqual([]);
    expect(byCurrency.some((c) => c.currency !== 'USD')).toBe(true);
  });
});

describe('links', () => {
  it('joins each provider service to services of one network and kind; at a simulated panel, the catalogue entry’s own', async () => {
    const links = await rows<{ ps: number; ps_name: string; external_id: string; endpoint: string; network: string; type: string }>(
      t.db,
      sql`SELECT ps.id AS ps, ps.name AS ps_name, ps.external_panel_service_id AS external_id, p.endpoint, n.network, st.type
            FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id JOIN providers p ON p.id = ps.external_panel_id
            JOIN services s ON s.id = sp.service_id JOIN service_types st ON st.id = s.service_type_id JOIN networks n ON n.id = st.network_id`,
    );
    const kindsOf = new Map<number, Set<string>>();
    const mismatched: string[] = [];
    let atSimulatedPanels = 0;
    for (const l of links) {
      kindsOf.set(l.ps, (kindsOf.get(l.ps) ?? new Set()).add(`${l.network} ${l.type}`));
      const panel = simPanelOf(l.endpoint);
      if (!panel) continue;
      atSimulatedPanels++;
      const entry = baseCatalogue(panel.key).find((o) => String(o.id) === l.external_id);
      if (entry?.network !== l.network || entry.kind !== l.type || entry.name !== l.ps_name) {
        mismatched.push(`${l.ps_name} (${panel.key} ${l.external_id}) fulfils ${l.network} ${l.type}`);
      }
    }
    expect(mismatched).toEqual([]);
    expect([...kindsOf].filter(([, kinds]) => kinds.size > 1)).toEqual([]);
    expect(atSimulatedPanels).toBeGreaterThan(links.length / 2);
  });
});

describe('sync of the providers at the simulated panels', () => {
  let sim: ProviderSimServer;
  const routeTo = (server: ProviderSimServer) =>
    setSyncClientFactory(({ endpoint, apiKey }) => {
      // As the server does for its own simulated panels, but to this test's listener.
      const target = providerTarget(endpoint, { on: true, origin: new URL(server.endpoint).origin });
      return createSmmClient({ endpoint: target.url, apiKey, trusted: target.trusted, timeoutMs: 10_000 });
    });
  const simulated = async () =>
    (
      await rows<{ id: number; name: string; currency: string; endpoint: string }>(t.db, sql`SELECT id, name, currency, endpoint FROM providers ORDER BY id`)
    ).filter((p) => simPanelOf(p.endpoint));
  const sync = async (providerId: number) => {
    const runId = await t.db.transaction((tx) => queueRun(tx, providerId, 'manual', null));
    await runSync(t.deps, runId, { lastAttempt: true });
    return t.ok('providerSyncRunShow', { params: { runId } }, admin);
  };

  beforeAll(async () => {
    // What the server does on start with the simulator on: accounts for the demo's keys, catalogues drifted past the mirrors.
    await prepareProviderSim(t.db, { demo: true });
    sim = await startProviderSimServer(t.database);
    routeTo(sim);
  });
  afterAll(async () => {
    setSyncClientFactory(null);
    await sim?.close();
  });

  it('succeeds for each, in the provider’s currency, with the catalogue’s drift to review', async () => {
    const providers = await simulated();
    expect(providers.map((p) => [p.name, p.currency])).toEqual([
      ['Panvy Demo (simulator)', 'USD'],
      ['Perfect Panel Hub', 'EUR'],
    ]);
    for (const p of providers) {
      const run = await sync(p.id);
      expect(run, p.name).toMatchObject({ status: 'review', error: null, currency: p.currency });
      expect(run.servicesCount).toBeGreaterThan(2900);
      expect((await one<{ f: boolean }>(t.db, sql`SELECT sync_failed AS f FROM providers WHERE id = ${p.id}`))!.f).toBe(false);
    }
  });

  it('fails at a panel put in an outage with SIM_OUTAGE, and only there', async () => {
    process.env.SIM_OUTAGE = 'perfect';
    let down: ProviderSimServer;
    try {
      down = await startProviderSimServer(t.database);
    } finally {
      delete process.env.SIM_OUTAGE;
    }
    routeTo(down);
    try {
      const [panvy, hub] = await simulated();
      expect(await sync(hub.id)).toMatchObject({ status: 'failed', error: 'The provider answered: "The panel is under maintenance, try again later".' });
      expect((await one<{ f: boolean }>(t.db, sql`SELECT sync_failed AS f FROM providers WHERE id = ${hub.id}`))!.f).toBe(true);
      expect((await sync(panvy.id)).status).toBe('review');
    } finally {
      routeTo(sim);
      await down.close();
    }
  });
});
