import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeTableQuery } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { useTestApp } from '../helpers/testServer';

/**
 * The calls as the panel's API callers make them, beside the console's own: GET lists with their
 * parameters (`is_all`, `is_archived`) where the console posts to `…/table`, the target-type
 * dictionaries, service types and networks stored from snake_case bodies and wrappers, and role
 * permissions as `{id, name, group}`. Each body is posted raw (no contract types) and read back
 * from the database.
 */

const t = useTestApp();
let admin: string;
const ADMIN = '/api/v1/admin';

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
});

const get = async (path: string) => {
  const res = await t.request('GET', `${ADMIN}${path}`, { token: admin });
  return { status: res.status, body: await res.json() };
};
const send = async (method: string, path: string, body: unknown) => {
  const res = await t.request(method, `${ADMIN}${path}`, { token: admin, body });
  return { status: res.status, body: await res.json() };
};
const page = (itemsPerPage = 500) => encodeTableQuery({ options: { page: 1, itemsPerPage } });

describe('GET lists with the API’s parameters', () => {
  it('drip feeds, subscriptions and combo orders answer GET with the table request as q, and GET without it', async () => {
    for (const [path, table] of [
      ['/drip-feeds', 'drip_feeds'],
      ['/subscriptions', 'subscriptions'],
      ['/combo-orders', 'combo_orders'],
    ] as const) {
      const total = (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))!.n;
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.body.totalItemsCount).toBe(total);
      const two = await get(`${path}?${encodeTableQuery({ options: { page: 1, itemsPerPage: 2 }, draw: 7 })}`);
      expect(two.body.items.length).toBe(Math.min(2, total));
      expect(two.body.draw).toBe(7);
    }
    expect((await get('/drip-feeds?q=not-json')).status).toBe(422);
  });

  it('coupons and discounts leave the archived out unless is_all is set', async () => {
    const coupon = (await one<{ id: number }>(t.db, sql`SELECT id FROM coupons WHERE status = 'active' ORDER BY id LIMIT 1`))!;
    expect((await send('POST', `/coupons/${coupon.id}/archive`, {})).status).toBe(200);
    const discount = (await one<{ id: number }>(t.db, sql`SELECT id FROM discounts WHERE status <> 'archived' ORDER BY id LIMIT 1`))!;
    expect((await send('POST', `/discounts/${discount.id}/archive`, {})).status).toBe(200);

    for (const [path, table, id] of [
      ['/coupons', 'coupons', coupon.id],
      ['/discounts', 'discounts', discount.id],
    ] as const) {
      const counts = (await one<{ all: number; kept: number }>(
        t.db,
        sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE status <> 'archived')::int AS kept FROM ${sql.identifier(table)}`,
      ))!;
      const inUse = await get(`${path}?${page()}`);
      expect(inUse.status).toBe(200);
      expect(inUse.body.totalItemsCount).toBe(counts.kept);
      expect(inUse.body.items.some((r: { id: number }) => r.id === id)).toBe(false);
      for (const flag of ['1', 'true']) {
        const all = await get(`${path}?${page()}&is_all=${flag}`);
        expect(all.body.totalItemsCount).toBe(counts.all);
        expect(all.body.items.some((r: { id: number; status: string }) => r.id === id && r.status === 'archived')).toBe(true);
      }
      expect((await get(`${path}?is_all=0`)).body.totalItemsCount).toBe(counts.kept);
      const bad = await get(`${path}?is_all=maybe`);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['is_all']);
    }
  });

  it('grades answer the archived with is_archived=1, the others with 0, and all without it', async () => {
    const grade = (await one<{ id: number }>(t.db, sql`SELECT id FROM grades WHERE NOT is_archived ORDER BY id LIMIT 1`))!;
    expect((await send('POST', `/grades/${grade.id}/archive`, {})).status).toBe(200);
    const counts = (await one<{ all: number; archived: number }>(
      t.db,
      sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE is_archived)::int AS archived FROM grades`,
    ))!;
    const archived = await get(`/grades?${page()}&is_archived=1`);
    expect(archived.body.totalItemsCount).toBe(counts.archived);
    expect(archived.body.items.map((g: { id: number }) => g.id)).toContain(grade.id);
    const active = await get(`/grades?${page()}&is_archived=0`);
    expect(active.body.totalItemsCount).toBe(counts.all - counts.archived);
    expect(active.body.items.map((g: { id: number }) => g.id)).not.toContain(grade.id);
    expect((await get(`/grades?${page()}`)).body.totalItemsCount).toBe(counts.all);
  });

  it('packages answer the archived with is_archived=1 and the others with 0', async () => {
    const counts = (await one<{ all: number; archived: number }>(
      t.db,
      sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE is_archived)::int AS archived FROM packages`,
    ))!;
    expect((await get(`/packages?${page()}&is_archived=1`)).body.totalItemsCount).toBe(counts.archived);
    expect((await get(`/packages?${page()}&is_archived=0`)).body.totalItemsCount).toBe(counts.all - counts.archived);
    expect((await get(`/packages?${page()}`)).body.totalItemsCount).toBe(counts.all);
  });

  it('targets answer index and list, target types their list and dictionaries/list', async () => {
    const targets = (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM targets`))!.n;
    expect((await get('/targets')).body.totalItemsCount).toBe(targets);
    const list = await get('/targets/list');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(targets);
    const byName = await rows<{ id: number }>(t.db, sql`SELECT id FROM targets ORDER BY name, id`);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual(byName.map((r) => r.id));
    const types = (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM target_types`))!.n;
    expect((await get('/target-types')).body.totalItemsCount).toBe(types);
    const dictionaries = await get('/target-types/dictionaries/list');
    expect(dictionaries.status).toBe(200);
    expect(dictionaries.body.targetTypes).toHaveLength(types);
    expect(dictionaries.body.viewTypes.map((v: { value: string }) => v.value)).toContain('multiselect');
    expect(dictionaries.body.kinds.map((v: { value: string }) => v.value)).toContain('geotargeting');
  });
});

describe('bodies as the API’s callers send them', () => {
  it('stores a network from { name, description, network }', async () => {
    const res = await send('POST', '/networks', { name: 'Threads', description: 'Text posts', network: 'threads' });
    expect(res.status).toBe(200);
    const saved = await one<{ name: string; description: string; network: string; en: string }>(
      t.db,
      sql`SELECT name, description, network, translations->'en'->>'name' AS en FROM networks WHERE id = ${res.body.network.id}`,
    );
    expect(saved).toEqual({ name: 'Threads', description: 'Text posts', network: 'threads', en: 'Threads' });
    const missing = await send('POST', '/networks', { description: 'No name', network: 'noname' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['translations.en.name']);
  });

  it('stores a service type from snake_case keys, and an update wrapped in panel_service_type changes only what it names', async () => {
    const network = (await one<{ id: number }>(t.db, sql`SELECT id FROM networks ORDER BY id LIMIT 1`))!.id;
    const created = await send('POST', '/service-types', {
      name: 'Story views',
      title: 'Story views for your profile',
      description: 'Views on stories',
      icon: 'mdi-eye',
      type: 'Instagram',
      slug: 'story-views-api',
      network,
      reviews_count: 12,
      reviews_rating: 4.5,
      translations: { fr: { name: 'Vues de stories' } },
    });
    expect(created.status).toBe(200);
    const id = created.body.serviceType.id as number;
    const read = () =>
      one<Record<string, unknown>>(
        t.db,
        sql`SELECT name, title, description, icon, type, slug, network_id AS "networkId", reviews_count AS "reviewsCount",
          reviews_rating::text AS "reviewsRating", translations->'en'->>'name' AS en, translations->'fr'->>'name' AS fr
          FROM service_types WHERE id = ${id}`,
      );
    expect(await read()).toEqual({
      name: 'Story views',
      title: 'Story views for your profile',
      description: 'Views on stories',
      icon: 'mdi-eye',
      type: 'Instagram',
      slug: 'story-views-api',
      networkId: network,
      reviewsCount: 12,
      reviewsRating: '4.50',
      en: 'Story views',
      fr: 'Vues de stories',
    });

    const updated = await send('PUT', `/service-types/${id}`, {
      panel_service_type: { id, icon: 'mdi-eye-outline', reviews_count: '30', reviews_rating: 4.75, translations: { en: { name: 'Story views+' } } },
    });
    expect(updated.status).toBe(200);
    expect(await read()).toMatchObject({
      name: 'Story views+',
      icon: 'mdi-eye-outline',
      reviewsCount: 30,
      reviewsRating: '4.75',
      // what the update left out is kept
      description: 'Views on stories',
      type: 'Instagram',
      slug: 'story-views-api',
      networkId: network,
    });
    const bad = await send('PUT', `/service-types/${id}`, { panel_service_type: { reviews_count: 'many' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['reviewsCount']);
  });

  it('answers a role’s permissions as { id, name, group } and takes them back in that shape', async () => {
    const stored = await send('POST', '/roles', { name: 'API desk', permissions: ['viewOrders'] });
    expect(stored.status).toBe(200);
    const role = stored.body.role;
    const viewOrders = await one<{ id: number; group: string }>(t.db, sql`SELECT id, "group" FROM permissions WHERE name = 'viewOrders'`);
    expect(role.permissions).toEqual([{ id: viewOrders!.id, name: 'viewOrders', group: viewOrders!.group }]);
    const viewUsers = await one<{ id: number; group: string }>(t.db, sql`SELECT id, "group" FROM permissions WHERE name = 'viewUsers'`);
    const updated = await send('PUT', `/roles/${role.id}`, {
      name: 'API desk',
      permissions: [...role.permissions, { id: viewUsers!.id, name: 'viewUsers', group: viewUsers!.group }],
    });
    expect(updated.status).toBe(200);
    const saved = await rows<{ name: string }>(
      t.db,
      sql`SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = ${role.id} ORDER BY p.name`,
    );
    expect(saved.map((r) => r.name)).toEqual(['viewOrders', 'viewUsers']);
    expect((await get(`/roles/${role.id}`)).body.permissions.map((p: { name: string }) => p.name).sort()).toEqual(['viewOrders', 'viewUsers']);
    const bad = await send('PUT', `/roles/${role.id}`, { name: 'API desk', permissions: [{ id: 1, name: 'flyPlanes', group: 'Air' }] });
    expect(bad.status).toBe(422);
  });
});
