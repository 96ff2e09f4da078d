import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalPanelDetailSchema, externalPanelRowSchema } from '../../../src/contract/providers';
import { one, rows } from '../../../src/server/db/client';
import { setUpstreamFetch } from '../../../src/server/upstream/calls';
import { mountProviderSim } from '../../../src/server/provider-sim';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * The providers area through the real app on PGlite with the demo seed. Provider calls go to two
 * in-process panels speaking the SMM API v2: "ours" (answers panel_info, create_account,
 * packages) and "foreign" (panel_info is an unknown action). Nothing leaves the process.
 */

const t = useTestApp();
let admin: string;
let panels: TestMember;
let services: TestMember;

const OURS = 'https://ours.panel.test/api/v2';
const CANONICAL = 'https://api.ours.panel.test/api/v2';
const FOREIGN = 'https://foreign.panel.test/api/v2';
const DOWN = 'https://down.panel.test/api/v2';
const TOKEN = 'secret-token-abcdef-123456';

const SERVICES = Array.from({ length: 25 }, (_, i) => ({
  service: 500 + i,
  name: `YouTube Views batch ${i + 1}`,
  type: 'Default',
  category: 'YouTube',
  rate: (0.5 + i / 10).toFixed(4),
  min: 100,
  max: 100000,
  refill: i % 2 === 0,
  cancel: true,
  dripfeed: false,
}));
let gone = new Set<number>();

const fakePanel = (ours: boolean) => {
  const app = new Hono();
  app.post('*', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const action = form.get('action');
    if (action === 'panel_info' && ours) return c.json({ is_our_panel: true, endpoint: CANONICAL });
    if (action === 'create_account' && ours) return c.json({ api_key: 'new-account-key-0001' });
    if (action === 'packages' && ours) return c.json([{ id: 7, name: 'Starter pack', type: 'auto', fixed_cost: '9.9', discount_percent: '0.1' }]);
    if (action === 'services') return c.json(SERVICES.filter((s) => !gone.has(s.service)));
    if (action === 'balance') return c.json({ balance: '123.45', currency: 'USD' });
    return c.json({ error: 'Incorrect request' });
  });
  return app;
};
const ours = fakePanel(true);
const foreign = fakePanel(false);

const route: typeof fetch = async (input, init) => {
  const url = String(input);
  if (url.startsWith(OURS) || url.startsWith(CANONICAL)) return ours.request(url, init as RequestInit);
  if (url.startsWith(FOREIGN)) return foreign.request(url, init as RequestInit);
  throw new TypeError('fetch failed: getaddrinfo ENOTFOUND');
};

beforeAll(async () => {
  setUpstreamFetch(route);
  admin = await t.login('admin@example.com', 'password');
  panels = await t.memberWith(['manageExternalPanels']);
  services = await t.memberWith(['manageServicesAndProviders']);
});
afterAll(() => setUpstreamFetch(null));

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Ours test panel',
  endpoint: OURS,
  apiToken: TOKEN,
  type: 'socpanel' as const,
  currency: 'USD',
  resaleMarginPercent: '0.25',
  statisticType: 'orders' as const,
  syncServices: true,
  syncPrices: true,
  ...over,
});

describe('providers list', () => {
  it('sorts by name descending by default and filters by currency, type and archived', async () => {
    const page = await t.ok('externalPanelsTable', { query: { q: JSON.stringify({ options: { itemsPerPage: 100 } }) } }, admin);
    const items = externalPanelRowSchema.array().parse(page.items);
    const names = items.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    const usd = await t.ok('externalPanelsTable', { query: { q: JSON.stringify({ headers: [{ value: 'currency', filter: ['EUR'] }] }) } }, admin);
    expect(usd.items.length).toBeGreaterThan(0);
    expect(usd.items.every((r) => r.currency === 'EUR')).toBe(true);
    const archived = await t.ok('externalPanelsTable', { query: { q: JSON.stringify({ headers: [{ value: 'isArchived', filter: true }] }) } }, admin);
    expect(archived.items.every((r) => r.isArchived && r.actions.restore && !r.actions.archivable)).toBe(true);
    expect(JSON.stringify(page)).not.toMatch(/api_?token/i);
  });
});

describe('provider editor', () => {
  it('creates a provider, reads its balance, never answers or audits the token', async () => {
    const created = await t.ok('externalPanelsStore', { body: body() }, panels);
    const detail = externalPanelDetailSchema.parse(created.externalPanel);
    expect(detail.balance).toBe('123.4500');
    expect(created.balanceWarning).toBeNull();
    expect(detail.hasApiToken).toBe(true);
    expect(JSON.stringify(created)).not.toContain(TOKEN);
    const shown = await t.ok('externalPanelsShow', { params: { externalPanelId: detail.id } }, panels);
    expect(JSON.stringify(shown)).not.toContain(TOKEN);

    // An empty token on edit keeps the stored one; a new one is stored, audited as "changed".
    await t.ok('externalPanelsUpdate', { params: { externalPanelId: detail.id }, body: body({ apiToken: '', name: 'Ours renamed' }) }, panels);
    expect((await one<{ api_token: string }>(t.db, sql`SELECT api_token FROM providers WHERE id = ${detail.id}`))!.api_token).toBe(TOKEN);
    await t.ok('externalPanelsUpdate', { params: { externalPanelId: detail.id }, body: body({ apiToken: 'another-secret-999' }) }, panels);
    expect((await one<{ api_token: string }>(t.db, sql`SELECT api_token FROM providers WHERE id = ${detail.id}`))!.api_token).toBe('another-secret-999');
    const audits = await rows<{ old_values: unknown; new_values: unknown }>(
      t.db,
      sql`SELECT old_values, new_values FROM audit_entries WHERE auditable_type = 'external_panel' AND auditable_id = ${detail.id}`,
    );
    expect(audits.length).toBeGreaterThanOrEqual(3);
    const dump = JSON.stringify(audits);
    expect(dump).not.toContain(TOKEN);
    expect(dump).not.toContain('another-secret-999');
  });

  it('requires a token when creating; a provider that cannot be reached is saved with a warning', async () => {
    const missing = await t.call('externalPanelsStore', { body: body({ apiToken: '' }) }, panels);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: { apiToken: [expect.any(String)] } });
    const down = await t.ok('externalPanelsStore', { body: body({ endpoint: DOWN, name: 'Down panel' }) }, panels);
    expect(down.balanceWarning).toMatch(/could not be read/);
    expect(down.externalPanel.balance).toBe('0.0000');
  });

  it('refuses local and private endpoints that are not the simulator (the real transport, nothing sent)', async () => {
    setUpstreamFetch(null);
    try {
      for (const endpoint of ['http://127.0.0.1:5432/api', 'http://10.1.2.3/api/v2', 'http://localhost:9/provider-sim/api/v2x']) {
        const local = await t.call('externalPanelsValidate', { body: { endpoint } }, panels);
        expect(local.status).toBe(422);
        expect(local.body).toMatchObject({ errors: { endpoint: [expect.stringMatching(/could not be reached/)] } });
      }
    } finally {
      setUpstreamFetch(route);
    }
  });

  it('refuses to save an endpoint at a loopback, private or link-local address in any spelling (422 on endpoint, nothing stored)', async () => {
    for (const endpoint of [
      'http://[::127.0.0.1]/api/v2',
      'http://[::ffff:7f00:1]/api/v2',
      'http://2130706433/api/v2',
      'http://10.0.0.5/api/v2',
      'http://[fe80::1]/api/v2',
    ]) {
      const saved = await t.call('externalPanelsStore', { body: body({ endpoint, name: 'Inside' }) }, panels);
      expect(saved.status, endpoint).toBe(422);
      expect(saved.body, endpoint).toMatchObject({ errors: { endpoint: [expect.stringContaining('loopback, private or link-local')] } });
    }
    expect(await one(t.db, sql`SELECT 1 FROM providers WHERE name = 'Inside'`)).toBeUndefined();
    const id = (await t.ok('externalPanelsStore', { body: body({ name: 'Moves inside' }) }, panels)).externalPanel.id;
    const moved = await t.call(
      'externalPanelsUpdate',
      { params: { externalPanelId: id }, body: body({ name: 'Moves inside', endpoint: 'http://[::127.0.0.1]/api/v2' }) },
      panels,
    );
    expect(moved.status).toBe(422);
  });

  it('keeps isOurPanel only from the panel’s own answer to panel_info, never from the save body', async () => {
    const foreign = await t.ok('externalPanelsStore', { body: body({ name: 'Claims to be ours', endpoint: FOREIGN, isOurPanel: true }) }, panels);
    expect(foreign.externalPanel.isOurPanel).toBe(false);
    const ours = await t.ok('externalPanelsStore', { body: body({ name: 'Really ours', endpoint: OURS, isOurPanel: false }) }, panels);
    expect(ours.externalPanel.isOurPanel).toBe(true);
    const id = foreign.externalPanel.id;
    const again = await t.ok(
      'externalPanelsUpdate',
      { params: { externalPanelId: id }, body: body({ name: 'Claims to be ours', endpoint: FOREIGN, isOurPanel: true }) },
      panels,
    );
    expect(again.externalPanel.isOurPanel).toBe(false);
    const moved = await t.ok('externalPanelsUpdate', { params: { externalPanelId: id }, body: body({ name: 'Claims to be ours', endpoint: OURS }) }, panels);
    expect(moved.externalPanel.isOurPanel).toBe(true);
  });

  it('validates: our panel answers its canonical endpoint, a foreign one is not ours, an unreachable one is a field error', async () => {
    expect(await t.ok('externalPanelsValidate', { body: { endpoint: OURS } }, panels)).toMatchObject({ is_our_panel: true, endpoint: CANONICAL });
    expect(await t.ok('externalPanelsValidate', { body: { endpoint: FOREIGN } }, panels)).toMatchObject({ is_our_panel: false, endpoint: FOREIGN });
    const down = await t.call('externalPanelsValidate', { body: { endpoint: DOWN } }, panels);
    expect(down.status).toBe(422);
    expect(down.body).toMatchObject({ errors: { endpoint: [expect.stringMatching(/could not be reached/)] } });
  });

  it('creates an account from a preset: token, endpoint, USD, and the preset is marked used', async () => {
    const preset = (await one<{ id: number }>(t.db, sql`SELECT id FROM preset_panels ORDER BY id LIMIT 1`))!;
    const answer = await t.ok('externalPanelsCreateAccount', { body: { endpoint: OURS, presetId: preset.id } }, panels);
    expect(answer).toMatchObject({ api_token: 'new-account-key-0001', endpoint: OURS, currency: 'USD' });
    const list = await t.ok('presetPanels', {}, panels);
    expect(list.find((p) => p.id === preset.id)?.isUsed).toBe(true);
    // Simulated presets are answered on this server's own address.
    expect(list.some((p) => /^https?:\/\/[^/]+\/provider-sim\//.test(p.url))).toBe(true);
    const refused = await t.call('externalPanelsCreateAccount', { body: { endpoint: FOREIGN } }, panels);
    expect(refused.status).toBe(422);
  });

  it('archives and restores by flag (409 when already there)', async () => {
    const id = (await t.ok('externalPanelsStore', { body: body({ name: 'To archive' }) }, panels)).externalPanel.id;
    await t.ok('externalPanelsArchive', { params: { externalPanelId: id } }, panels);
    expect((await t.call('externalPanelsArchive', { params: { externalPanelId: id } }, panels)).status).toBe(409);
    expect((await t.ok('externalPanelsShow', { params: { externalPanelId: id } }, panels)).actions.restore).toBe(true);
    await t.ok('externalPanelsUnarchive', { params: { externalPanelId: id } }, panels);
    expect((await t.ok('externalPanelsShow', { params: { externalPanelId: id } }, panels)).isArchived).toBe(false);
  });
});

describe('permissions', () => {
  it('external panels need manageExternalPanels; provider services need manageServicesAndProviders', async () => {
    expect((await t.call('externalPanelsTable', {}, services)).status).toBe(403);
    expect((await t.call('externalPanelsStore', { body: body() }, services)).status).toBe(403);
    expect((await t.call('presetPanels', {}, services)).status).toBe(403);
    expect((await t.call('providerServicesTable', {}, panels)).status).toBe(403);
    expect((await t.call('providerServicesTable', {}, services)).status).toBe(200);
  });
});

describe('billing', () => {
  it('adds, edits and deletes billing records of one provider, with who and totals', async () => {
    const id = (await t.ok('externalPanelsStore', { body: body({ name: 'Billed panel' }) }, panels)).externalPanel.id;
    const created = await t.ok(
      'externalPanelPaymentsStore',
      { params: { externalPanelId: id }, body: { amount: '150.50', currency: 'USD', date: '2026-03-01 10:00:00', comment: 'Top-up' } },
      panels,
    );
    expect(created.billing).toMatchObject({ amount: '150.5000', who: { id: panels.id }, date: expect.stringMatching(/^2026-03-01.10:00:00/) });
    await t.ok(
      'externalPanelPaymentsStore',
      { params: { externalPanelId: id }, body: { amount: '-20', currency: 'USD', date: '2026-03-02 10:00:00' } },
      panels,
    );
    const list = await t.ok('externalPanelPayments', { params: { externalPanelId: id } }, panels);
    expect(list.items).toHaveLength(2);
    expect(list.total).toEqual([{ currency: 'USD', amount: '130.5000' }]);
    await t.ok(
      'externalPanelPaymentsUpdate',
      {
        params: { externalPanelId: id, billingId: created.billing.id },
        body: { amount: '200', currency: 'USD', date: '2026-03-01 10:00:00', comment: 'Fixed' },
      },
      panels,
    );
    const zero = await t.call(
      'externalPanelPaymentsStore',
      { params: { externalPanelId: id }, body: { amount: '0', currency: 'USD', date: '2026-03-01 10:00:00' } },
      panels,
    );
    expect(zero.status).toBe(422);
    await t.ok('externalPanelPaymentsDestroy', { params: { externalPanelId: id, billingId: created.billing.id } }, panels);
    expect((await t.ok('externalPanelPayments', { params: { externalPanelId: id } }, panels)).items).toHaveLength(1);
    // Another provider's record is not reachable under this one.
    const other = (await one<{ id: number }>(t.db, sql`SELECT id FROM provider_payments WHERE provider_id <> ${id} LIMIT 1`))!;
    expect((await t.call('externalPanelPaymentsDestroy', { params: { externalPanelId: id, billingId: other.id } }, panels)).status).toBe(404);
  });
});

describe('imports', () => {
  let panelId: number;
  let typeId: number;
  beforeAll(async () => {
    panelId = (await t.ok('externalPanelsStore', { body: body({ name: 'Import source' }) }, panels)).externalPanel.id;
    typeId = (await one<{ id: number }>(
      t.db,
      sql`SELECT st.id FROM service_types st JOIN networks n ON n.id = st.network_id WHERE n.network = 'youtube' AND st.type = 'views' LIMIT 1`,
    ))!.id;
  });

  it('lists the live services with the proposed price (margin added) and a guessed service type', async () => {
    const list = await t.ok('externalPanelImportServices', { params: { externalPanelId: panelId } }, panels);
    expect(list.items).toHaveLength(25);
    expect(list.items[0]).toMatchObject({ id: '500', externalPanelPrice: '0.5000', providerPrice: '0.5000', price: '0.6250', serviceTypeId: typeId });
  });

  it('reports row errors by index and writes nothing; imports; a re-import never duplicates', async () => {
    gone = new Set([503]);
    const rowsBody = SERVICES.slice(0, 5).map((s) => ({ id: String(s.service), price: '1.5', service_type_id: typeId }));
    rowsBody[1] = { ...rowsBody[1], service_type_id: 2147483000 };
    const before = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM provider_services WHERE external_panel_id = ${panelId}`);
    const failed = await t.call('externalPanelImportServicesStore', { params: { externalPanelId: panelId }, body: { services: rowsBody } }, panels);
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({
      errors: { 'services.1.service_type_id': [expect.stringMatching(/^Row 2: /)], 'services.3.id': [expect.stringMatching(/^Row 4: .*503/)] },
    });
    expect(await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM provider_services WHERE external_panel_id = ${panelId}`)).toEqual(before);

    gone = new Set();
    const good = SERVICES.slice(0, 20).map((s) => ({ id: String(s.service), price: '1.5', service_type_id: typeId, sync: { prices: true } }));
    const first = await t.ok('externalPanelImportServicesStore', { params: { externalPanelId: panelId }, body: { services: good } }, panels);
    expect(first).toMatchObject({ created: 20, updated: 0 });
    const linked = await one<{ n: number }>(
      t.db,
      sql`SELECT count(DISTINCT sp.service_id)::int AS n FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id WHERE ps.external_panel_id = ${panelId}`,
    );
    expect(linked!.n).toBe(20);
    const again = await t.ok('externalPanelImportServicesStore', { params: { externalPanelId: panelId }, body: { services: good } }, panels);
    expect(again).toMatchObject({ created: 0, updated: 20 });
    expect(again.ids.sort()).toEqual(first.ids.sort());
    const counted = await one<{ ps: number; s: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM provider_services WHERE external_panel_id = ${panelId}) AS ps,
                 (SELECT count(DISTINCT sp.service_id)::int FROM service_providers sp JOIN provider_services ps ON ps.id = sp.provider_service_id WHERE ps.external_panel_id = ${panelId}) AS s`,
    );
    expect(counted).toEqual({ ps: 20, s: 20 });
    // The import is listed as already imported.
    const list = await t.ok('externalPanelImportServices', { params: { externalPanelId: panelId } }, panels);
    expect(list.items.filter((i) => i.providerServiceId !== null)).toHaveLength(20);
  });

  it('imports provider services only, and packages', async () => {
    const r = await t.ok('externalPanelImportProviders', { params: { externalPanelId: panelId }, body: { importableServicesIds: ['520', '521'] } }, panels);
    expect(r).toMatchObject({ created: 2 });
    const bad = await t.call('externalPanelImportProviders', { params: { externalPanelId: panelId }, body: { importableServicesIds: ['520', '999'] } }, panels);
    expect(bad.body).toMatchObject({ errors: { 'importableServicesIds.1': [expect.any(String)] } });
    const packages = await t.ok('externalPanelImportPackages', { params: { externalPanelId: panelId } }, panels);
    expect(packages[0]).toMatchObject({ id: '7', name: 'Starter pack' });
    const imported = await t.ok(
      'externalPanelImportPackagesStore',
      { params: { externalPanelId: panelId }, body: { packages: [{ id: '7', sync: true, fixed_cost: '9.9', discount_percent: '0.1' }] } },
      panels,
    );
    expect(imported.created + imported.updated).toBe(1);
  });

  it('available services are refused when the provider answers an error', async () => {
    const foreignId = (await t.ok('externalPanelsStore', { body: body({ name: 'Foreign', endpoint: FOREIGN, type: 'perfect_panel' }) }, panels)).externalPanel
      .id;
    expect((await t.ok('externalPanelAvailableServices', { params: { externalPanelId: foreignId } }, panels)).length).toBe(25);
    const downId = (await t.ok('externalPanelsStore', { body: body({ name: 'Down 2', endpoint: DOWN }) }, panels)).externalPanel.id;
    expect((await t.call('externalPanelAvailableServices', { params: { externalPanelId: downId } }, panels)).status).toBe(422);
  });
});

describe('provider services', () => {
  it('creates, edits, archives and unarchives; the pair provider and service id is unique', async () => {
    const provider = (await one<{ id: number }>(t.db, sql`SELECT id FROM providers WHERE NOT is_archived ORDER BY id LIMIT 1`))!.id;
    const input = {
      name: 'Manual rule',
      type: 'default' as const,
      source_price: { amount: '2.5', currency: 'USD' },
      source_pricing_per: 1000,
      external_panel_service: { external_panel_id: provider, external_panel_service_id: 'manual-1' },
      source_event: 'order.created',
    };
    const created = await t.ok('providerServicesStore', { body: input }, services);
    expect(created.providerService).toMatchObject({
      name: 'Manual rule',
      externalPanelServiceId: 'manual-1',
      sourcePrice: { amount: '2.5000' },
      sourceEvent: 'order.created',
    });
    const dup = await t.call('providerServicesStore', { body: input }, services);
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({ errors: { 'external_panel_service.external_panel_service_id': [expect.any(String)] } });
    const id = created.providerService.id;
    await t.ok('providerServicesUpdate', { params: { providerId: id }, body: { ...input, name: 'Manual rule 2' } }, services);
    await t.ok('providerServicesArchive', { params: { providerId: id } }, services);
    expect((await t.ok('providerServicesShow', { params: { providerId: id } }, services)).actions.unarchivable).toBe(true);
    await t.ok('providerServicesUnarchive', { params: { providerId: id } }, services);
    // The order screens' picker still answers on its own path.
    expect((await t.call('providersAvailableForOrderRecreate', { query: { search: '' } }, admin)).status).toBe(200);
    expect((await t.call('providerServicesCollections', {}, services)).status).toBe(200);
  });
});

describe('against the simulated panels', () => {
  it('panvy: account, validate, balance on save, import; perfect is foreign', async () => {
    const sim = new Hono();
    mountProviderSim(sim, { database: t.database, config: { simulator: true } } as never);
    // The simulated panels answer on this server: route their paths in-process.
    setUpstreamFetch(((url: string, init: RequestInit) => sim.request(new URL(String(url)).pathname, init)) as never);
    // This app runs without the simulator flag, so its loopback address is allowed as any other would be.
    process.env.PROVIDER_ALLOWED_HOSTS = '127.0.0.1';
    try {
      const panvy = 'http://127.0.0.1:8080/provider-sim/api/v2';
      const account = await t.ok('externalPanelsCreateAccount', { body: { endpoint: panvy } }, panels);
      expect(account).toMatchObject({ currency: 'USD', endpoint: panvy });
      expect((await t.ok('externalPanelsValidate', { body: { endpoint: panvy } }, panels)).is_our_panel).toBe(true);
      expect((await t.ok('externalPanelsValidate', { body: { endpoint: 'http://127.0.0.1:8080/provider-sim/perfect/api/v2' } }, panels)).is_our_panel).toBe(
        false,
      );
      const saved = await t.ok('externalPanelsStore', { body: body({ name: 'Sim panvy', endpoint: panvy, apiToken: account.api_token }) }, panels);
      expect(saved.balanceWarning).toBeNull();
      expect(saved.externalPanel.balanceUpdatedAt).not.toBeNull();
      const list = await t.ok('externalPanelImportServices', { params: { externalPanelId: saved.externalPanel.id } }, panels);
      expect(list.items.length).toBeGreaterThan(1000);
      const typeId = (await one<{ id: number }>(t.db, sql`SELECT id FROM service_types ORDER BY id LIMIT 1`))!.id;
      const chosen = list.items.slice(40, 43).map((s) => ({ id: s.id, price: s.price, service_type_id: typeId }));
      expect(
        await t.ok('externalPanelImportServicesStore', { params: { externalPanelId: saved.externalPanel.id }, body: { services: chosen } }, panels),
      ).toMatchObject({ created: 3 });
      const packages = await t.ok('externalPanelImportPackages', { params: { externalPanelId: saved.externalPanel.id } }, panels);
      expect(packages.length).toBeGreaterThan(0);
      expect(packages.every((p) => Number(p.discountPercent) <= 1)).toBe(true);
    } finally {
      setUpstreamFetch(route);
      delete process.env.PROVIDER_ALLOWED_HOSTS;
    }
  });
});
