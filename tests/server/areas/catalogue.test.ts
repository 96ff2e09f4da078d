import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDetailSchema, serviceRowSchema, type ServiceBody } from '../../../src/contract/catalogue';
import type { TableRequest } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * The catalogue through the real app on PGlite with the demo seed: the seeded catalogue, the
 * services list and its filters, the service write rules as 422s on their fields, copy, bulk
 * update with per-id outcomes, archive and what depends on a service, hand sorting, labels,
 * targets, the auto-refill permission and the translate adapter.
 */

const t = useTestApp();
let admin: string;
let noRefill: TestMember;
let providerServiceId: number;
let serviceTypeId: number;

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  noRefill = await t.memberWith(['viewServices', 'manageServicesAndProviders']);
  providerServiceId = (await one<{ id: number }>(
    t.db,
    sql`SELECT ps.id FROM provider_services ps JOIN providers p ON p.id = ps.external_panel_id WHERE p.status = 'active' AND NOT p.is_archived AND NOT ps.is_archived ORDER BY ps.id LIMIT 1`,
  ))!.id;
  serviceTypeId = (await one<{ id: number }>(t.db, sql`SELECT id FROM service_types ORDER BY id LIMIT 1`))!.id;
});

const table = (request: TableRequest) => ({ query: { q: JSON.stringify(request) } });
const list = (headers: TableRequest['headers'], extra: Partial<TableRequest> = {}) =>
  t.ok('servicesTable', table({ headers, options: { page: 1, itemsPerPage: 50 }, ...extra }), admin);

const validService = (overrides: Partial<ServiceBody> = {}): ServiceBody => ({
  translations: { en: { name: 'Test Views — Real', description: 'Real views' }, fr: { name: 'Vues de test — réelles' } },
  serviceTypeId,
  minQuantity: 100,
  maxQuantity: 10100,
  quantityStep: 100,
  minPrice: '0.5',
  defaultPrice: '1.25',
  pricingPer: 1000,
  providers: [{ providerServiceId, isActive: true }],
  dripFeedIsAllowed: false,
  resaleMarginPercent: '0.1',
  apiAccess: true,
  restrictedAccess: false,
  hasRefill: false,
  isEnabled: true,
  isDeactivated: false,
  urlIsRequired: true,
  realCounterCompleteIsEnabled: false,
  moderationIsEnabled: false,
  cancelByClientIsAllowed: false,
  gatherStatistic: false,
  autoCancel: false,
  calculatableQuantity: false,
  forbidsOrdersWithSameUrl: false,
  ...overrides,
});

describe('the demo catalogue', () => {
  it('keeps the services the orders use and grows to 8 networks and 40 service types, labels and targets', async () => {
    const c = await one<{ n: number; st: number; s: number; l: number; tg: number; orphan: number; bad_step: number; enabled_without: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM networks) n, (SELECT count(*)::int FROM service_types) st, (SELECT count(*)::int FROM services) s,
        (SELECT count(*)::int FROM labels) l, (SELECT count(*)::int FROM targets) tg,
        (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM services s WHERE s.id = o.service_id)) orphan,
        (SELECT count(*)::int FROM services WHERE (max_quantity - min_quantity) % quantity_step <> 0 OR min_quantity > max_quantity) bad_step,
        (SELECT count(*)::int FROM services s WHERE is_enabled AND NOT EXISTS (SELECT 1 FROM service_providers x WHERE x.service_id = s.id AND x.is_active)) enabled_without`,
    );
    expect(c).toMatchObject({ n: 8, st: 40, l: 8, tg: 5, orphan: 0, bad_step: 0, enabled_without: 0 });
    expect(c!.s).toBeGreaterThanOrEqual(200);
    const slugs = await one<{ dup: number; none: number }>(
      t.db,
      sql`SELECT count(*) - count(DISTINCT slug) dup, count(*) FILTER (WHERE slug IS NULL) none FROM services`,
    );
    expect(Number(slugs!.dup)).toBe(0);
    expect(Number(slugs!.none)).toBe(0);
  });
});

describe('the services list', () => {
  it('answers rows of the contract with every filter', async () => {
    const network = (await one<{ id: number }>(t.db, sql`SELECT id FROM networks ORDER BY sorting LIMIT 1`))!.id;
    const providerId = (await one<{ id: number }>(t.db, sql`SELECT external_panel_id AS id FROM provider_services WHERE id = ${providerServiceId}`))!.id;
    const labelId = (await one<{ id: number }>(t.db, sql`SELECT label_id AS id FROM service_labels LIMIT 1`))!.id;
    const page = await list([{ value: 'id' }, { value: 'name' }]);
    expect(page.items.length).toBe(50);
    for (const item of page.items) serviceRowSchema.parse(item);

    const byNetwork = await list([{ value: 'network.name', filter: network }]);
    expect(byNetwork.items.every((s) => s.network.id === network)).toBe(true);
    const byType = await list([{ value: 'serviceType.name', filter: serviceTypeId }]);
    expect(byType.items.every((s) => s.serviceType.id === serviceTypeId)).toBe(true);
    const byProvider = await list([{ value: 'providers', filter: providerId }]);
    expect(byProvider.totalItemsCount).toBeGreaterThan(0);
    expect(byProvider.items.every((s) => s.providers.some((p) => p.id === providerId))).toBe(true);
    const byLabel = await list([{ value: 'labels', filter: labelId }]);
    expect(byLabel.items.every((s) => s.labels.some((l) => l.id === labelId))).toBe(true);
    for (const key of ['isEnabled', 'isArchived', 'hasRefill', 'dripFeedIsAllowed', 'apiAccess'] as const) {
      const yes = await list([{ value: key, filter: true }]);
      expect(yes.items.every((s) => s[key] === true)).toBe(true);
      const no = await list([{ value: key, filter: false }]);
      expect(no.items.every((s) => s[key] === false)).toBe(true);
      expect(yes.totalItemsCount + no.totalItemsCount).toBe(page.totalItemsCount);
    }
    const missingFr = await list([{ value: 'translations', filter: 'fr' }]);
    expect(missingFr.totalItemsCount).toBeGreaterThan(0);
    expect(missingFr.items.every((s) => !s.translations.complete.includes('fr'))).toBe(true);
    const price = await list([{ value: 'defaultPrice', filter: { from: 1, to: 2 } }]);
    expect(price.items.every((s) => Number(s.defaultPrice) >= 1 && Number(s.defaultPrice) <= 2)).toBe(true);
    const search = await list([], { search: page.items[0].slug! });
    expect(search.items.map((s) => s.id)).toContain(page.items[0].id);
  });

  it('refuses an unknown locale in the translations filter', async () => {
    const res = await t.call('servicesTable', table({ headers: [{ value: 'translations', filter: 'xx' }] }), admin);
    expect(res.status).toBe(422);
  });
});

describe('the service write rules', () => {
  const rule = async (overrides: Partial<ServiceBody>, field: string) => {
    const before = (await one<{ n: number }>(t.db, sql`SELECT count(*)::int n FROM services`))!.n;
    const res = await t.call('servicesStore', { body: validService(overrides) }, admin);
    expect(res.status).toBe(422);
    expect(Object.keys((res.body as { errors: Record<string, string[]> }).errors)).toContain(field);
    expect((await one<{ n: number }>(t.db, sql`SELECT count(*)::int n FROM services`))!.n).toBe(before);
  };

  it('min ≤ max on maxQuantity', () => rule({ minQuantity: 500, maxQuantity: 100 }, 'maxQuantity'));
  it('the step divides the range on quantityStep', () => rule({ minQuantity: 100, maxQuantity: 1000, quantityStep: 7 }, 'quantityStep'));
  it('prices are never negative', async () => {
    await rule({ defaultPrice: '-1' }, 'defaultPrice');
    await rule({ minPrice: '-0.01' }, 'minPrice');
  });
  it('an enabled service needs an active provider', () => rule({ providers: [] }, 'providers'));
  it('the English name is required', () => rule({ translations: { fr: { name: 'Nom' } } }, 'translations.en.name'));
  it('a French text too long lands on translations.fr.name', () =>
    rule({ translations: { en: { name: 'X' }, fr: { name: 'x'.repeat(20001) } } }, 'translations.fr.name'));
  it('an unknown provider service lands on its row', () =>
    rule({ providers: [{ providerServiceId: 999999, isActive: true }] }, 'providers.0.providerServiceId'));
  it('the slug is unique', async () => {
    const taken = (await one<{ slug: string }>(t.db, sql`SELECT slug FROM services ORDER BY id LIMIT 1`))!.slug;
    await rule({ slug: taken }, 'slug');
  });
});

describe('a service from create to archive', () => {
  let id: number;

  it('creates one with its texts, provider and label; the slug comes from the name', async () => {
    const labelId = (await one<{ id: number }>(t.db, sql`SELECT id FROM labels ORDER BY id LIMIT 1`))!.id;
    const created = await t.ok('servicesStore', { body: validService({ labels: [labelId], countries: ['DE', 'FR'] }) }, admin);
    const service = serviceDetailSchema.parse(created.service);
    id = service.id;
    expect(service.name).toBe('Test Views — Real');
    expect(service.slug).toBe('test-views-real');
    expect(service.translations.fr.name).toBe('Vues de test — réelles');
    expect(service.providers.map((p) => p.providerServiceId)).toEqual([providerServiceId]);
    expect(service.labels.map((l) => l.id)).toEqual([labelId]);
    expect(service.fullDescriptionLocation).toBe('footer');
    expect(service.translationState.complete).toEqual(expect.arrayContaining(['en']));
    expect(service.translationState.missing).toContain('fr'); // English has a description French lacks
    const audit = await one(t.db, sql`SELECT 1 FROM audit_entries WHERE auditable_type = 'service' AND auditable_id = ${id} AND event = 'created'`);
    expect(audit).toBeTruthy();
  });

  it('marks French stale when English changes after it', async () => {
    const body = validService({
      translations: { en: { name: 'Test Views — Real', description: 'Real views' }, fr: { name: 'Vues', description: 'Vues réelles' } },
    });
    const first = await t.ok('servicesUpdate', { params: { serviceId: id }, body }, admin);
    expect(first.service.translationState.complete).toContain('fr');
    await new Promise((r) => setTimeout(r, 5));
    const second = await t.ok(
      'servicesUpdate',
      {
        params: { serviceId: id },
        body: { ...body, translations: { ...body.translations, en: { name: 'Test Views — Real', description: 'Real views, now faster' } } },
      },
      admin,
    );
    expect(second.service.translationState.stale).toContain('fr');
    const filtered = await list([
      { value: 'translations', filter: 'fr' },
      { value: 'id', filter: id },
    ]);
    expect(filtered.totalItemsCount).toBe(1);
  });

  it('copies it with a new slug, its translations, providers and labels, disabled', async () => {
    const labelId = (await one<{ id: number }>(t.db, sql`SELECT id FROM labels ORDER BY id LIMIT 1`))!.id;
    await t.db.execute(sql`INSERT INTO service_labels (service_id, label_id) VALUES (${id}, ${labelId}) ON CONFLICT DO NOTHING`);
    const copy = await t.ok('servicesCopy', { params: { serviceId: id } }, admin);
    expect(copy.service.id).not.toBe(id);
    expect(copy.service.slug).toBe('test-views-real-copy');
    expect(copy.service.name).toBe('Test Views — Real (copy)');
    expect(copy.service.translations.fr).toEqual({ ...copy.service.translations.fr, name: 'Vues' });
    expect(copy.service.providers.length).toBe(1);
    expect(copy.service.labels.length).toBe(1);
    expect(copy.service.isEnabled).toBe(false);
    const again = await t.ok('servicesCopy', { params: { serviceId: id } }, admin);
    expect(again.service.slug).toBe('test-views-real-copy-2');
  });

  it('shows what depends on it, then archives it once', async () => {
    const clear = await t.ok('servicesImpact', { params: { serviceId: id }, query: { change: 'archive' } }, admin);
    expect(clear).toMatchObject({ clear: true, activeDripFeeds: 0, ordersInProcessing: 0 });
    await t.db.execute(sql`INSERT INTO drip_feeds (user_id, service_id, name, url, quantity, runs, minutes_between_runs, status)
      SELECT min(id), ${id}, 'Test drip', 'https://example.com/x', 100, 2, 60, 'in_processing' FROM users`);
    const impact = await t.ok('servicesImpact', { params: { serviceId: id }, query: { change: 'archive' } }, admin);
    expect(impact).toMatchObject({ clear: false, activeDripFeeds: 1 });
    expect(impact.summary).toMatch(/Archiving service .* touches 1 active drip feed/);
    const archived = await t.ok('servicesArchive', { params: { serviceId: id } }, admin);
    expect(archived.service.isArchived).toBe(true);
    expect(archived.service.isEnabled).toBe(false);
    expect((await t.call('servicesArchive', { params: { serviceId: id } }, admin)).status).toBe(409);
    const back = await t.ok('servicesUnarchive', { params: { serviceId: id } }, admin);
    expect(back.service.isArchived).toBe(false);
    expect(back.service.isEnabled).toBe(false);
  });

  it('keeps the auto-refill settings to members holding their permission', async () => {
    const own = await t.ok('servicesShow', { params: { serviceId: id } }, noRefill);
    expect(own.autoRefill).toBeNull();
    const refused = await t.call(
      'servicesUpdate',
      {
        params: { serviceId: id },
        body: validService({
          autoRefill: { allowed: true, afterHours: 12, onceFillPercent: '1', minDropPercent: '0.1', maxDropPercent: '0.5', maxTotalRefilledPercent: '1' },
        }),
      },
      noRefill,
    );
    expect(refused.status).toBe(403);
    const saved = await t.ok(
      'servicesUpdate',
      {
        params: { serviceId: id },
        body: validService({
          autoRefill: { allowed: true, afterHours: 12, onceFillPercent: '1', minDropPercent: '0.1', maxDropPercent: '0.5', maxTotalRefilledPercent: '1' },
        }),
      },
      admin,
    );
    expect(saved.service.autoRefill).toMatchObject({ allowed: true, afterHours: 12, minDropPercent: '0.1000' });
    const bad = await t.call(
      'servicesUpdate',
      {
        params: { serviceId: id },
        body: validService({
          autoRefill: { allowed: true, afterHours: 12, onceFillPercent: '1', minDropPercent: '0.6', maxDropPercent: '0.5', maxTotalRefilledPercent: '1' },
        }),
      },
      admin,
    );
    expect(Object.keys((bad.body as { errors: Record<string, string[]> }).errors)).toContain('autoRefill.maxDropPercent');
  });
});

describe('bulk update', () => {
  it('answers per id: done, not found, archived or without a provider', async () => {
    const [withProvider] = await rows<{ id: number }>(
      t.db,
      sql`SELECT s.id FROM services s WHERE NOT is_archived AND EXISTS (SELECT 1 FROM service_providers x WHERE x.service_id = s.id AND x.is_active) ORDER BY id LIMIT 1`,
    );
    const bare = await t.ok(
      'servicesStore',
      { body: validService({ translations: { en: { name: 'Bare service' } }, providers: [], isEnabled: false }) },
      admin,
    );
    const archivedId = (await one<{ id: number }>(t.db, sql`SELECT id FROM services WHERE is_archived ORDER BY id LIMIT 1`))!.id;
    const result = await t.ok(
      'servicesBulk',
      { body: { servicesIds: [withProvider.id, bare.service.id, archivedId, 999999], isEnabled: true, flags: { hasRefill: true } } },
      admin,
    );
    expect(result.done).toEqual([withProvider.id]);
    expect(result.failed.map((f) => f.id).sort((a, b) => a - b)).toEqual([bare.service.id, archivedId, 999999].sort((a, b) => a - b));
    expect(result.failed.find((f) => f.id === bare.service.id)!.message).toMatch(/no active provider/);
    expect(result.failed.find((f) => f.id === archivedId)!.message).toMatch(/archived/);
    expect(result.failed.find((f) => f.id === 999999)!.message).toMatch(/not found/);
    const after = await t.ok('servicesShow', { params: { serviceId: withProvider.id } }, admin);
    expect(after.hasRefill).toBe(true);
    const margin = await t.ok('servicesBulk', { body: { servicesIds: [bare.service.id], resaleMarginPercent: '0.25', isArchived: true } }, admin);
    expect(margin.done).toEqual([bare.service.id]);
    expect((await t.ok('servicesShow', { params: { serviceId: bare.service.id } }, admin)).resaleMarginPercent).toBe('0.2500');
    expect((await t.call('servicesBulk', { body: { servicesIds: [bare.service.id] } }, admin)).status).toBe(422);
  });
});

describe('hand sorting', () => {
  it('sorts the networks (every one, once) and the order holds', async () => {
    const ids = (await rows<{ id: number }>(t.db, sql`SELECT id FROM networks ORDER BY sorting, id`)).map((r) => r.id);
    const reversed = [...ids].reverse();
    await t.ok('networksSort', { body: { networks: reversed } }, admin);
    const page = await t.ok('networksTable', table({ options: { page: 1, itemsPerPage: 50 } }), admin);
    expect(page.items.map((n) => n.id)).toEqual(reversed);
    const partial = await t.call('networksSort', { body: { networks: reversed.slice(1) } }, admin);
    expect(partial.status).toBe(422);
    const twice = await t.call('networksSort', { body: { networks: [reversed[0], reversed[0]] } }, admin);
    expect(twice.status).toBe(422);
  });

  it('sorts service types within their network and services within their type', async () => {
    const network = (await one<{ id: number }>(t.db, sql`SELECT network_id AS id FROM service_types GROUP BY network_id HAVING count(*) > 2 LIMIT 1`))!.id;
    const types = await t.ok('networkServiceTypes', { params: { networkId: network } }, admin);
    const order = types.map((st) => st.id).reverse();
    await t.ok('networkServiceTypesSort', { params: { networkId: network }, body: { service_types: order } }, admin);
    expect((await t.ok('networkServiceTypes', { params: { networkId: network } }, admin)).map((st) => st.id)).toEqual(order);
    const foreign = (await one<{ id: number }>(t.db, sql`SELECT id FROM service_types WHERE network_id <> ${network} LIMIT 1`))!.id;
    expect(
      (await t.call('networkServiceTypesSort', { params: { networkId: network }, body: { service_types: [...order.slice(1), foreign] } }, admin)).status,
    ).toBe(422);

    const services = await t.ok('serviceTypeServices', { params: { serviceTypeId } }, admin);
    const sorted = services.map((s) => s.id).reverse();
    await t.ok('serviceTypesSortServices', { params: { serviceTypeId }, body: { services: sorted } }, admin);
    expect((await t.ok('serviceTypeServices', { params: { serviceTypeId } }, admin)).map((s) => s.id)).toEqual(sorted);
  });
});

describe('networks, service types, labels and targets', () => {
  it('creates a network and a service type (Youtube by default) with translations', async () => {
    const created = await t.ok(
      'networksStore',
      { body: { translations: { en: { name: 'Threads' }, fr: { name: 'Threads' } }, network: 'threads', color: '#000000', icon: 'brand-threads' } },
      admin,
    );
    expect(created.network.sorting).toBe(9);
    const bad = await t.call('networksStore', { body: { translations: { en: { name: 'X' } }, network: 'Bad Name', color: 'red' } }, admin);
    expect(Object.keys((bad.body as { errors: Record<string, string[]> }).errors).sort()).toEqual(['color', 'network']);
    const type = await t.ok(
      'serviceTypesStore',
      { body: { translations: { en: { name: 'Threads Likes', title: 'Buy Threads likes' } }, networkId: created.network.id } },
      admin,
    );
    expect(type.serviceType.type).toBe('Youtube');
    expect(type.serviceType.slug).toBe('threads-likes');
    expect(type.serviceType.title).toBe('Buy Threads likes');
    const collections = await t.ok('serviceTypesCollections', {}, admin);
    expect(collections.defaultType).toBe('Youtube');
  });

  it('creates, edits and deletes a label; lists the services that use it', async () => {
    const label = await t.ok('labelsStore', { body: { icon: 'flame', translations: { en: { name: 'Hot' }, de: { name: 'Heiß' } } } }, admin);
    const serviceId = (await one<{ id: number }>(t.db, sql`SELECT id FROM services ORDER BY id LIMIT 1`))!.id;
    await t.db.execute(sql`INSERT INTO service_labels (service_id, label_id) VALUES (${serviceId}, ${label.label.id})`);
    const used = await t.ok('labelsUsedServices', { params: { labelId: label.label.id } }, admin);
    expect(used.map((s) => s.id)).toEqual([serviceId]);
    const edited = await t.ok(
      'labelsUpdate',
      { params: { labelId: label.label.id }, body: { icon: 'flame', translations: { en: { name: 'Hottest' } } } },
      admin,
    );
    expect(edited.label.name).toBe('Hottest');
    const gone = await t.ok('labelsDelete', { params: { labelId: label.label.id } }, admin);
    expect(gone.message).toMatch(/1 service/);
    expect((await t.call('labelsUsedServices', { params: { labelId: label.label.id } }, admin)).status).toBe(404);
  });

  it('creates target types and targets with selectable values', async () => {
    const type = await t.ok(
      'targetTypesStore',
      { body: { name: 'geotargeting', title: 'City', viewType: 'multiselect', selectable: true, enabledForService: true } },
      admin,
    );
    const bad = await t.call(
      'targetTypesStore',
      { body: { name: 'planet', title: '', viewType: 'radio', selectable: true, enabledForService: true } as never },
      admin,
    );
    expect(Object.keys((bad.body as { errors: Record<string, string[]> }).errors).sort()).toEqual(['name', 'title', 'viewType']);
    const target = await t.ok(
      'targetsStore',
      {
        body: {
          translations: { en: { name: 'City', placeholder: 'Pick cities' } },
          target_type_id: type.targetType.id,
          is_visible_default_values: true,
          selectable_values: ['Berlin', 'Paris'],
        },
      },
      admin,
    );
    expect(target.target.selectableValues).toEqual(['Berlin', 'Paris']);
    const dup = await t.call(
      'targetsUpdate',
      {
        params: { targetId: target.target.id },
        body: {
          translations: { en: { name: 'City' } },
          target_type_id: type.targetType.id,
          is_visible_default_values: true,
          selectable_values: ['Berlin', 'berlin'],
        },
      },
      admin,
    );
    expect(Object.keys((dup.body as { errors: Record<string, string[]> }).errors)).toEqual(['selectable_values.1']);
  });
});

describe('translate', () => {
  let server: Server;
  const seen: unknown[] = [];
  afterAll(() => {
    delete process.env.TRANSLATE_URL;
    delete process.env.TRANSLATE_ALLOWED_HOSTS;
    server?.close();
  });

  it('answers a clear 503 without a translation service', async () => {
    delete process.env.TRANSLATE_URL;
    delete process.env.TRANSLATE_ALLOWED_HOSTS;
    expect((await t.ok('translateStatus', {}, admin)).available).toBe(false);
    const res = await t.call('translate', { body: { from_language: 'en', to_language: 'fr', fields: { name: 'Real views' } } }, admin);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ message: expect.stringMatching(/not configured/) });
  });

  it('calls a LibreTranslate-compatible service and maps its answer back to the fields', async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { q: string[]; source: string; target: string };
        seen.push(parsed);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ translatedText: parsed.q.map((q) => `[${parsed.target}] ${q}`) }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.TRANSLATE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A service on this machine is an inside address: reached only when allow-listed.
    process.env.TRANSLATE_ALLOWED_HOSTS = '127.0.0.1';
    expect((await t.ok('translateStatus', {}, admin)).available).toBe(true);
    const answer = await t.ok('translate', { body: { from_language: 'en', to_language: 'pt_BR', fields: { name: 'Real views', description: '' } } }, admin);
    expect(answer.translations).toEqual({ name: '[pt] Real views', description: '' });
    expect(seen).toEqual([{ q: ['Real views'], source: 'en', target: 'pt', format: 'text' }]);
    const same = await t.call('translate', { body: { from_language: 'en', to_language: 'en', fields: { name: 'x' } } }, admin);
    expect(same.status).toBe(422);
  });
});
