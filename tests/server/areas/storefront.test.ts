import { sql } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { BANNER_PLACES, type BannerDetail } from '../../../src/contract/storefront';
import type { TableRequest } from '../../../src/contract/table';
import { toMultipart } from '../../../src/console/forms/fields/multipart';
import { one, rows } from '../../../src/server/db/client';
import { packageCosts } from '../../../src/server/areas/storefront/costs';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Storefront through the real app: packages (costs computed by the server, archive and restore,
 * bulk, field errors), special offers (service types optional, the four state changes and delete),
 * banners (19 places, scroll delay clamped, multipart with image checks, slide order) and
 * auto-promotions (toggle, sort, add, remove), each with its permission.
 */

const t = useTestApp();
let admin: string;
let packager: TestMember;
let marketer: TestMember;
let nobody: TestMember;
let networkId: number;
let otherNetworkId: number;
let services: {
  id: number;
  default_price: string;
  pricing_per: number;
  min_quantity: number;
  max_quantity: number;
  quantity_step: number;
  service_type_id: number;
}[];

const table = (request: TableRequest) => ({ query: { q: JSON.stringify(request) } });

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  packager = await t.memberWith(['managePackages']);
  marketer = await t.memberWith(['manageDiscounts']);
  nobody = await t.memberWith([]);
  const nets = await rows<{ id: number }>(
    t.db,
    sql`SELECT DISTINCT st.network_id AS id FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE NOT s.is_archived ORDER BY 1 LIMIT 2`,
  );
  [networkId, otherNetworkId] = nets.map((n) => n.id);
  services = await rows(
    t.db,
    sql`SELECT s.id, s.default_price::text AS default_price, s.pricing_per, s.min_quantity, s.max_quantity, s.quantity_step, s.service_type_id
          FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE st.network_id = ${networkId} AND NOT s.is_archived ORDER BY s.id LIMIT 3`,
  );
});

const qty = (s: (typeof services)[number]) => Math.ceil(s.min_quantity / Math.max(1, s.quantity_step)) * Math.max(1, s.quantity_step);

describe('package costs (decimal arithmetic)', () => {
  it('prices each line at price × quantity / per, discounts the total and shares it out exactly', () => {
    const c = packageCosts(
      [
        { defaultPrice: '1.2500', pricingPer: 1000, quantity: 3000 },
        { defaultPrice: '0.3333', pricingPer: 100, quantity: 50 },
      ],
      null,
      '0.125',
    );
    expect(c.lines.map((l) => l.cost)).toEqual(['3.7500', '0.1667']);
    expect(c.defaultCost).toBe('3.9167');
    expect(c.totalCost).toBe('3.4271');
    expect(c.difference).toBe('0.4896');
    expect(c.lines.reduce((a, l) => a + Number(l.price) * 10_000, 0)).toBe(34271);
    const fixed = packageCosts([{ defaultPrice: '2', pricingPer: 1, quantity: 3 }], '10', '0.5');
    expect([fixed.totalCost, fixed.difference]).toEqual(['10.0000', '-4.0000']);
  });
});

describe('packages', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Test starter',
    network_id: networkId,
    translations: { en: { name: 'Starter', description: 'Two services' } },
    discount_percent: '0.1',
    contents: services.slice(0, 2).map((s) => ({ service_id: s.id, quantity: qty(s), is_displayable: true })),
    ...overrides,
  });

  it('creates a package with two contents; the server computes the costs and total-cost answers the same', async () => {
    const res = await t.ok('packagesStore', { body: body() as never }, packager);
    const p = res.package;
    expect(p.type).toBe('auto');
    expect(p.items).toHaveLength(2);
    const expected = packageCosts(
      services.slice(0, 2).map((s) => ({ defaultPrice: s.default_price, pricingPer: s.pricing_per, quantity: qty(s) })),
      null,
      '0.100',
    );
    expect([p.defaultCost, p.totalCost, p.difference, p.discountPercent]).toEqual([expected.defaultCost, expected.totalCost, expected.difference, '0.100']);
    expect(p.items.map((i) => i.price)).toEqual(expected.lines.map((l) => l.price));
    const live = await t.ok(
      'packagesTotalCost',
      { body: { contents: body().contents.map(({ service_id, quantity }) => ({ service_id, quantity })), discount_percent: '0.1' } },
      packager,
    );
    expect(live.totalCost).toBe(p.totalCost);
    const fixed = await t.ok(
      'packagesTotalCost',
      { body: { contents: [{ service_id: services[0].id, quantity: qty(services[0]) }], fixed_cost: '12.5' } },
      packager,
    );
    expect(fixed.totalCost).toBe('12.5000');
  });

  it('refuses bad input on its field with nothing saved', async () => {
    const before = (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM packages`))!.n;
    const other = (await one<{ id: number }>(
      t.db,
      sql`SELECT s.id FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE st.network_id = ${otherNetworkId} LIMIT 1`,
    ))!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ contents: [{ service_id: other, quantity: qty(services[0]) }] }, 'contents.0.service_id'],
      [{ contents: [{ service_id: services[0].id, quantity: services[0].max_quantity + 1 }] }, 'contents.0.quantity'],
      [{ discount_percent: '0.1234' }, 'discount_percent'],
      [{ discount_percent: '1.5' }, 'discount_percent'],
      [{ contents: [] }, 'contents'],
      [{ network_id: 999999 }, 'network_id'],
      [{ type: 'sometimes' }, 'type'],
      [{ buy_page_url: 'ftp://x' }, 'buy_page_url'],
      [{ fixed_cost: '-3' }, 'fixed_cost'],
    ];
    for (const [overrides, field] of cases) {
      const res = await t.call('packagesStore', { body: body(overrides) as never }, packager);
      expect(res.status, field).toBe(422);
      expect(Object.keys((res.body as { errors: Record<string, string[]> }).errors), field).toContain(field);
    }
    const slugged = await t.ok('packagesStore', { body: body({ slug: 'only-once' }) as never }, packager);
    const dup = await t.call('packagesStore', { body: body({ slug: 'only-once' }) as never }, packager);
    expect(dup.status).toBe(422);
    expect((dup.body as { errors: Record<string, string[]> }).errors.slug).toBeDefined();
    expect((await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM packages`))!.n).toBe(before + 1);
    expect(slugged.package.slug).toBe('only-once');
  });

  it('updates contents and recomputes; archive disables, restore keeps it disabled, repeats are 409', async () => {
    const { package: p } = await t.ok('packagesStore', { body: body() as never }, packager);
    const updated = await t.ok(
      'packagesUpdate',
      {
        params: { packageId: p.id },
        body: body({ discount_percent: '0', contents: [{ service_id: services[2].id, quantity: qty(services[2]), is_displayable: false }] }) as never,
      },
      packager,
    );
    expect(updated.package.items.map((i) => [i.service.id, i.isDisplayable])).toEqual([[services[2].id, false]]);
    expect(updated.package.totalCost).toBe(updated.package.defaultCost);
    await t.ok('packagesArchive', { params: { packageId: p.id } }, packager);
    expect((await t.call('packagesArchive', { params: { packageId: p.id } }, packager)).status).toBe(409);
    const enableArchived = await t.call('packagesUpdate', { params: { packageId: p.id }, body: body({ is_enabled: true }) as never }, packager);
    expect(Object.keys((enableArchived.body as { errors: Record<string, string[]> }).errors)).toEqual(['is_enabled']);
    const restored = await t.ok('packagesUnarchive', { params: { packageId: p.id } }, packager);
    expect([restored.package.isArchived, restored.package.isEnabled]).toEqual([false, false]);
    expect((await t.call('packagesUnarchive', { params: { packageId: p.id } }, packager)).status).toBe(409);
    const list = await t.ok('packagesTable', table({ headers: [{ value: 'isArchived', filter: true }], options: { page: 1, itemsPerPage: 100 } }), packager);
    expect(list.items.every((r) => r.isArchived)).toBe(true);
  });

  it('bulk: enables, archives and discounts per package; an archived one is not enabled', async () => {
    const a = (await t.ok('packagesStore', { body: body({ is_enabled: false }) as never }, packager)).package;
    const b = (await t.ok('packagesStore', { body: body() as never }, packager)).package;
    await t.ok('packagesArchive', { params: { packageId: b.id } }, packager);
    const res = await t.ok('packagesBulk', { body: { package_ids: [a.id, b.id, 999999], is_enabled: true } }, packager);
    expect(res.done).toEqual([a.id]);
    expect(res.failed.map((f) => f.id)).toEqual([b.id, 999999]);
    const discounted = await t.ok('packagesBulk', { body: { package_ids: [a.id], discount_percent: '0.255' } }, packager);
    expect(discounted.done).toEqual([a.id]);
    const after = await t.ok('packagesShow', { params: { packageId: a.id } }, packager);
    expect(after.discountPercent).toBe('0.255');
    const expected = packageCosts(
      after.items.map((i) => ({ defaultPrice: i.service.defaultPrice, pricingPer: i.service.pricingPer, quantity: i.quantity })),
      null,
      '0.255',
    );
    expect(after.totalCost).toBe(expected.totalCost);
    expect((await t.call('packagesBulk', { body: { package_ids: [a.id], discount_percent: '0.2555' } }, packager)).status).toBe(422);
    expect((await t.call('packagesBulk', { body: { package_ids: [a.id] } }, packager)).status).toBe(422);
  });

  it("searches a network's available services page by page", async () => {
    const page = await t.ok('packagesAvailableServices', { body: { network_id: networkId, search: '', page: 1 } }, packager);
    expect(page.items.length).toBeGreaterThan(0);
    const types = await rows<{ network_id: number }>(
      t.db,
      sql`SELECT DISTINCT st.network_id FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE s.id IN ${page.items.map((i) => i.id)}`,
    );
    expect(types.map((r) => r.network_id)).toEqual([networkId]);
    const beyond = await t.ok('packagesAvailableServices', { body: { network_id: networkId, search: '', page: page.lastPage + 1 } }, packager);
    expect(beyond.items).toEqual([]);
  });

  it('shows a package a provider import wrote (fixed cost only) at its fixed cost', async () => {
    const row = await one<{ id: number }>(
      t.db,
      sql`INSERT INTO packages (name, type, fixed_cost, discount_percent, sync) VALUES ('Imported', 'auto', 12.5, 0.1, true) RETURNING id`,
    );
    const p = await t.ok('packagesShow', { params: { packageId: row!.id } }, packager);
    expect([p.totalCost, p.difference, p.network, p.items]).toEqual(['12.5000', '-12.5000', null, []]);
  });

  it('needs managePackages', async () => {
    expect((await t.call('packagesStore', { body: body() as never }, marketer)).status).toBe(403);
    expect((await t.call('packagesTable', table({}), marketer)).status).toBe(403);
  });
});

describe('special offers', () => {
  const offer = (overrides: Record<string, unknown> = {}) => ({
    place: 'dashboard',
    position: 'top',
    network_id: networkId,
    services: services.slice(0, 2).map((s) => s.id),
    translations: { en: { name: 'Weekend deals' } },
    ...overrides,
  });

  it('creates without service types (none sent: every type), or with them; services must fit', async () => {
    const plain = await t.ok('specialOffersStore', { body: offer() as never }, marketer);
    expect(plain.specialOffer.serviceTypes).toEqual([]);
    expect(plain.specialOffer.status).toBe('disabled');
    const typed = await t.ok(
      'specialOffersStore',
      { body: offer({ service_types: [services[0].service_type_id], services: [services[0].id], is_enabled: true }) as never },
      marketer,
    );
    expect(typed.specialOffer.serviceTypes.map((s) => s.id)).toEqual([services[0].service_type_id]);
    expect(typed.specialOffer.status).toBe('enabled');
    const otherType = services.find((s) => s.service_type_id !== services[0].service_type_id);
    if (otherType) {
      const bad = await t.call(
        'specialOffersStore',
        { body: offer({ service_types: [services[0].service_type_id], services: [otherType.id] }) as never },
        marketer,
      );
      expect(bad.status).toBe(422);
      expect((bad.body as { errors: Record<string, string[]> }).errors['services.0']).toBeDefined();
    }
    const noName = await t.call('specialOffersStore', { body: offer({ translations: {} }) as never }, marketer);
    expect(Object.keys((noName.body as { errors: Record<string, string[]> }).errors)).toContain('translations.en.name');
    const badPlace = await t.call('specialOffersStore', { body: offer({ place: 'moon' }) as never }, marketer);
    expect(badPlace.status).toBe(422);
    // Update when an id exists.
    const saved = await t.ok(
      'specialOffersUpdate',
      { params: { specialOfferId: plain.specialOffer.id }, body: offer({ position: 'bottom' }) as never },
      marketer,
    );
    expect(saved.specialOffer.position).toBe('bottom');
  });

  it('enable, disable, archive, unarchive and delete, with 409 when the offer is not in the right state', async () => {
    const id = (await t.ok('specialOffersStore', { body: offer() as never }, marketer)).specialOffer.id;
    const call = (name: 'specialOffersEnable' | 'specialOffersDisable' | 'specialOffersArchive' | 'specialOffersUnarchive') =>
      t.call(name, { params: { specialOfferId: id } }, marketer);
    expect((await call('specialOffersDisable')).status).toBe(409);
    expect((await call('specialOffersEnable')).status).toBe(200);
    expect((await call('specialOffersEnable')).status).toBe(409);
    expect((await call('specialOffersDisable')).status).toBe(200);
    await call('specialOffersEnable');
    const archived = await t.ok('specialOffersArchive', { params: { specialOfferId: id } }, marketer);
    expect([archived.specialOffer.status, archived.specialOffer.isEnabled]).toEqual(['archived', false]);
    expect((await call('specialOffersEnable')).status).toBe(409);
    expect((await t.call('specialOffersUpdate', { params: { specialOfferId: id }, body: offer() as never }, marketer)).status).toBe(409);
    const back = await t.ok('specialOffersUnarchive', { params: { specialOfferId: id } }, marketer);
    expect(back.specialOffer.status).toBe('disabled');
    await t.ok('specialOffersDelete', { params: { specialOfferId: id } }, marketer);
    expect((await t.call('specialOffersShow', { params: { specialOfferId: id } }, marketer)).status).toBe(404);
  });

  it("pages a network's services until a page comes back empty", async () => {
    const first = await t.ok('specialOffersServices', { query: { network_id: String(networkId) } as never }, marketer);
    expect(first.items.length).toBeGreaterThan(0);
    const far = await t.ok('specialOffersServices', { query: { network_id: String(networkId), page: '9999' } as never }, marketer);
    expect(far.items).toEqual([]);
    const collection = await t.ok('specialOffersCollection', {}, marketer);
    expect(collection.places.length).toBeGreaterThan(0);
  });

  it('needs manageDiscounts', async () => {
    expect((await t.call('specialOffersStore', { body: offer() as never }, packager)).status).toBe(403);
  });
});

/* ---------- banners ---------- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid grey PNG of the given size. */
function png(width: number, height: number): File {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new File([bytes], `${width}x${height}.png`, { type: 'image/png' });
}
const svg = (name = 'a.svg') =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'], name, { type: 'image/svg+xml' });

describe('banners', () => {
  const bannerOf = async (place: string) => (await one<{ id: number }>(t.db, sql`SELECT id FROM banners WHERE place = ${place}`))!.id;
  const patch = (id: number, body: Record<string, unknown>, token: string) =>
    t.app.request(`/api/v1/admin/banners/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      body: toMultipart(body, { methodOverride: 'PATCH' }),
    });

  it('lists one banner per place (19), filtered active or disabled, for any signed-in member', async () => {
    const all = await t.ok('bannersTable', table({ options: { page: 1, itemsPerPage: 50 } }), nobody);
    expect(all.items.map((b) => b.place).sort()).toEqual([...BANNER_PLACES].sort());
    const disabled = await t.ok('bannersTable', table({ headers: [{ value: 'status', filter: 'disabled' }], options: { page: 1, itemsPerPage: 50 } }), nobody);
    expect(disabled.items.every((b) => b.type === 'none' && !b.isEnabled)).toBe(true);
    const active = await t.ok('bannersTable', table({ headers: [{ value: 'status', filter: 'active' }], options: { page: 1, itemsPerPage: 50 } }), nobody);
    expect(active.items.length + disabled.items.length).toBe(19);
    expect((await t.call('bannersTable', table({}), undefined)).status).toBe(401);
  });

  it('reads a never-saved scroll delay as 0; sends clamp it to 1–15, 3 when absent', async () => {
    const id = await bannerOf('profile');
    expect((await t.ok('bannersShow', { params: { bannerId: id } }, admin)).scrollDelay).toBe(0);
    const delays: [unknown, number][] = [
      [40, 15],
      [0, 1],
      [-5, 1],
      ['7', 7],
      [undefined, 3],
    ];
    for (const [sent, stored] of delays) {
      const res = await patch(id, { type: 'html', content: '<p>Hi</p>', ...(sent === undefined ? {} : { scrollDelay: sent }) }, admin);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { banner: BannerDetail }).banner.scrollDelay).toBe(stored);
    }
    const junk = await patch(id, { type: 'html', scrollDelay: 'soon' }, admin);
    expect(junk.status).toBe(422);
  });

  it('saves slides from multipart with images of the place size; a wrong size or format is a 422 on its field and nothing changes', async () => {
    const id = await bannerOf('sidebar');
    await t.ok('bannersDelete', { params: { bannerId: id } }, admin);
    const good = await patch(
      id,
      {
        type: 'slider',
        scrollDelay: 5,
        informations: [
          {
            backgroundImage: png(200, 200),
            image: png(200, 75),
            backgroundColor: '#112233',
            translations: { en: { title: 'One', titleColor: '#ffffff', buttonLink: '/services' } },
          },
          { backgroundImage: svg(), translations: { en: { title: 'Two' }, fr: { title: 'Deux' } } },
        ],
      },
      nobody.token,
    );
    expect(good.status).toBe(200);
    const saved = ((await good.json()) as { banner: BannerDetail }).banner;
    expect(saved.informations.map((i) => [i.translations.en.title, i.sorting])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
    const served = await t.app.request(saved.informations[0].image!);
    expect(served.headers.get('content-type')).toBe('image/png');

    const files = (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM uploaded_files`))!.n;
    const wrongSize = await patch(id, { type: 'slider', informations: [{ id: saved.informations[0].id, image: png(260, 170) }] }, admin);
    expect(wrongSize.status).toBe(422);
    const body = (await wrongSize.json()) as { errors: Record<string, string[]> };
    expect(body.errors['informations.0.image'][0]).toMatch(/200 × 75/);
    const gif = new File([Buffer.from('GIF89a\x01\x00\x01\x00', 'binary')], 'x.gif', { type: 'image/gif' });
    const wrongType = await patch(id, { type: 'slider', informations: [{ backgroundImage: gif }] }, admin);
    expect(((await wrongType.json()) as { errors: Record<string, string[]> }).errors['informations.0.backgroundImage'][0]).toMatch(/PNG, JPEG or SVG/);
    const badColour = await patch(id, { type: 'slider', informations: [{ translations: { en: { titleColor: 'red' } } }] }, admin);
    expect(Object.keys(((await badColour.json()) as { errors: Record<string, string[]> }).errors)).toContain('informations.0.translations.en.titleColor');
    const stranger = await patch(id, { type: 'slider', informations: [{ backgroundImage: '/api/v1/files/1-other.png' }] }, admin);
    expect(stranger.status).toBe(422);
    const after = await t.ok('bannersShow', { params: { bannerId: id } }, admin);
    expect(after.informations).toEqual(saved.informations);
    expect((await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM uploaded_files`))!.n).toBe(files);

    // Move the second slide up: the order is the list order, sorting renumbered; images kept by address.
    const [a, b] = saved.informations;
    const moved = await patch(
      id,
      {
        type: 'slider',
        scrollDelay: 5,
        informations: [
          { id: b.id, backgroundImage: b.backgroundImage, translations: b.translations },
          { id: a.id, backgroundImage: a.backgroundImage, image: a.image, backgroundColor: a.backgroundColor, translations: a.translations },
        ],
      },
      admin,
    );
    expect(moved.status).toBe(200);
    const reordered = await t.ok('bannersShow', { params: { bannerId: id } }, admin);
    expect(reordered.informations.map((i) => [i.id, i.sorting])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    expect(reordered.informations[1].image).toBe(a.image);

    const slider = await patch(id, { type: 'slider', informations: [] }, admin);
    expect(Object.keys(((await slider.json()) as { errors: Record<string, string[]> }).errors)).toContain('informations');
    const override = await t.app.request(`/api/v1/admin/banners/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, accept: 'application/json' },
      body: toMultipart({ type: 'none' }, { methodOverride: 'DELETE' }),
    });
    expect(override.status).toBe(422);
  });

  it('DELETE empties the place: slides and their images removed, type none', async () => {
    const id = await bannerOf('grades');
    await patch(id, { type: 'slider', informations: [{ backgroundImage: svg() }] }, admin);
    const cleared = await t.ok('bannersDelete', { params: { bannerId: id } }, admin);
    expect([cleared.banner.type, cleared.banner.informations.length, cleared.banner.scrollDelay, cleared.banner.status]).toEqual(['none', 0, 0, 'disabled']);
  });
});

describe('auto-promotions', () => {
  it('toggles a network, sorts the networks and adds and removes services', async () => {
    const manager = await t.memberWith(['manageServicesAndProviders']);
    const networks = await t.ok('autoPromotionsNetworks', {}, manager);
    const target = networks.find((n) => n.id === networkId)!;
    const toggled = await t.ok('autoPromotionsNetworkToggle', { body: { network_id: networkId } }, manager);
    expect(toggled.network.isEnabled).toBe(!target.isEnabled);
    const again = await t.ok('autoPromotionsNetworkToggle', { body: { network_id: networkId } }, manager);
    expect(again.network.isEnabled).toBe(target.isEnabled);

    const reversed = [...networks].reverse().map((n) => n.id);
    await t.ok('autoPromotionsSort', { body: { networks: reversed } }, manager);
    expect((await t.ok('autoPromotionsNetworks', {}, manager)).map((n) => n.id)).toEqual(reversed);
    expect((await t.call('autoPromotionsSort', { body: { networks: [] } }, manager)).status).toBe(422);
    expect((await t.call('autoPromotionsSort', { body: { networks: reversed.slice(1) } }, manager)).status).toBe(422);

    const types = await t.ok('autoPromotionsServiceTypes', { query: { network_id: String(networkId) } as never }, manager);
    const type = types.find((ty) => ty.services.some((s) => !s.added))!;
    const fresh = type.services
      .filter((s) => !s.added)
      .slice(0, 2)
      .map((s) => s.id);
    const added = await t.ok('autoPromotionsAdd', { body: { services: fresh, network_id: networkId, service_type_id: type.id } }, manager);
    expect(added.added.map((a) => a.service.id).sort()).toEqual([...fresh].sort());
    const dup = await t.call('autoPromotionsAdd', { body: { services: fresh, network_id: networkId, service_type_id: type.id } }, manager);
    expect(dup.status).toBe(422);
    const wrongNetwork = await t.call('autoPromotionsAdd', { body: { services: fresh, network_id: otherNetworkId, service_type_id: type.id } }, manager);
    expect(Object.keys((wrongNetwork.body as { errors: Record<string, string[]> }).errors)).toContain('service_type_id');
    await t.ok('autoPromotionsDelete', { params: { autoPromotionId: added.added[0].id } }, manager);
    expect((await t.call('autoPromotionsShow', { params: { autoPromotionId: added.added[0].id } }, manager)).status).toBe(404);
    expect((await t.call('autoPromotionsNetworks', {}, packager)).status).toBe(403);
  });
});
