import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_ITEMS_PER_PAGE, ALL_ROWS_CAP, MAX_FILTER_TEXT } from '../../../src/contract/table';
import { defineTableSpec } from '../../../src/contract/columns';
import { tableRequestSchema } from '../../../src/contract/table';
import { defineTable } from '../../../src/server/table';
import { MAX_FORM_INDEX } from '../../../src/server/http/form';
import { useTestApp } from '../helpers/testServer';

/**
 * Input a client can send never reaches the database as a 500: NUL and unpaired surrogates are
 * refused in one place of the pipeline (422 on the field), ids are bounded by their column, bodies
 * by size (413) and type (415), table requests by page size and filter length.
 */
const t = useTestApp();

const fieldsOf = (res: { body: unknown }) => Object.keys((res.body as { errors?: object }).errors ?? {});

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

describe('NUL and unpaired surrogates (one check in the pipeline)', () => {
  it('answers 422 on the field for a table search, a text filter and a query-string search', async () => {
    const viewer = await t.memberWith(['viewOrders', 'viewUsers']);
    let res = await t.call('ordersTable', { body: { search: NUL } }, viewer);
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['search']);

    res = await t.call('ordersTable', { body: { headers: [{ value: 'link', filter: NUL }] } }, viewer);
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['headers.0.filter']);

    const search = await t.call('usersSearch', { query: { search: NUL } }, viewer);
    expect(search.status).toBe(422);
    expect(fieldsOf(search)).toEqual(['search']);
  });

  it('answers 422 on the field for writes with NUL or a lone surrogate', async () => {
    const manager = await t.memberWith(['viewOrders', 'manageOrders']);
    for (const comment of [NUL, LONE, '\udc00 trailing', 'lead \ud83d']) {
      const res = await t.call('ordersUpdateComment', { body: { orderId: 1, comment } }, manager);
      expect(res.status, JSON.stringify(comment)).toBe(422);
      expect(fieldsOf(res)).toEqual(['comment']);
    }
    const url = await t.call('ordersChangeUrl', { body: { orderId: 1, url: `https://example.test/${NUL}` } }, manager);
    expect(url.status).toBe(422);
    expect(fieldsOf(url)).toEqual(['url']);
    // A surrogate pair (an emoji) is fine.
    const emoji = await t.call('ordersUpdateComment', { body: { orderId: 1, comment: 'ok \ud83d\ude00' } }, manager);
    expect(emoji.status).not.toBe(422);
    expect(emoji.status).toBeLessThan(500);
  });

  it('checks object keys too, and the public client-errors endpoint', async () => {
    const res = await t.call('clientErrors', { body: { message: NUL, url: '/x' } });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['message']);
    const key = await t.request('POST', '/api/v1/client-errors', { body: { message: 'm', url: '/x', [`k${NUL}`]: 1 } });
    expect(key.status).toBe(422);
  });

  it('refuses prototype keys anywhere in a body', async () => {
    const viewer = await t.memberWith(['viewOrders']);
    const res = await t.request('POST', '/api/v1/admin/orders/table', {
      token: viewer.token,
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(res.status).toBeLessThan(500);
    const raw = await t.app.request('/api/v1/admin/orders/table', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
      body: '{"queries":{"__proto__":{"polluted":true}}}',
    });
    expect(raw.status).toBe(422);
    expect(Object.keys(((await raw.json()) as { errors: object }).errors)).toEqual(['queries.__proto__']);
  });
});

describe('ids bounded by their column', () => {
  it('answers 422 on visitorId beyond a 32-bit integer', async () => {
    const member = await t.memberWith([]);
    const res = await t.call('pageViews', { body: { path: '/orders', visitorId: 2147483648 } }, member);
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['visitorId']);
  });

  it('answers 422 on providerId beyond a 32-bit integer', async () => {
    const manager = await t.memberWith(['viewOrders', 'manageOrders']);
    const res = await t.call('ordersChangeProvider', { body: { orderIds: [1], providerId: 2147483648 } }, manager);
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['providerId']);
  });

  it('answers 422 on a client error userId beyond a 32-bit integer', async () => {
    const res = await t.call('clientErrors', { body: { message: 'm', url: '/x', userId: 2 ** 40 } });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['userId']);
  });
});

describe('request bodies', () => {
  it('answers 413 for a body over the cap, without storing it', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const res = await t.request('POST', '/api/v1/client-errors', { body: { message: 'm', url: '/x', stack: big } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/too large/i);
  });

  it('answers 415 for a body that is not JSON (text/plain, forms)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.app.request('/api/v1/client-errors', { method: 'POST', headers: { 'content-type': type }, body: 'message=m&url=/x' });
      expect(res.status, type).toBe(415);
    }
  });

  it('answers 4xx, never 5xx, for deep nesting', async () => {
    const viewer = await t.memberWith(['viewOrders']);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await t.app.request('/api/v1/admin/orders/table', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
      body: `{"queries":{"a":${deep}}}`,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('form and streamed bodies are bounded', () => {
  const postForm = (path: string, token: string, form: FormData) =>
    t.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form });

  it('refuses a form field index above MAX_FORM_INDEX or with leading zeros (422 on the field) before building anything', async () => {
    const admin = (await t.memberWith(['managePanelSettings'])).token;
    const settings = new FormData();
    settings.append('panelName', 'Not saved');
    settings.append('currencies[enabled][20000000]', 'USD');
    const res = await postForm('/api/v1/admin/settings', admin, settings);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { 'currencies.enabled.20000000': [expect.stringContaining(`at most ${MAX_FORM_INDEX}`)] } });

    const banner = new FormData();
    banner.append('_method', 'PATCH');
    banner.append('informations[40000000][id]', '1');
    banner.append('informations[007][id]', '1');
    const bannerRes = await postForm('/api/v1/admin/banners/1', admin, banner);
    expect(bannerRes.status).toBe(422);
    expect(Object.keys(((await bannerRes.json()) as { errors: object }).errors).sort()).toEqual(['informations.007.id', 'informations.40000000.id']);
  });

  it('cuts a body without a content-length at its cap with 413 while it streams (settings, banners, JSON endpoints)', async () => {
    const admin = (await t.memberWith(['managePanelSettings'])).token;
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`);
    let sent = 0;
    const chunked = (limit: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"panelName":['));
        },
        pull(controller) {
          sent += chunk.byteLength;
          if (sent > limit) controller.close();
          else controller.enqueue(chunk);
        },
      });
    for (const path of ['/api/v1/admin/settings', '/api/v1/admin/banners/1', '/api/v1/client-errors']) {
      sent = 0;
      const res = await t.app.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: chunked(20 * 1024 * 1024),
        duplex: 'half',
      } as RequestInit);
      expect(res.status, path).toBe(413);
      // Reading stopped at the cap: far less than the 20 MB on offer was pulled.
      expect(sent, path).toBeLessThan(14 * 1024 * 1024);
    }
  });
});

describe('table requests are bounded', () => {
  it('refuses a page size above the largest one with a 422 on itemsPerPage', async () => {
    const viewer = await t.memberWith(['viewOrders']);
    const res = await t.call('ordersTable', { body: { options: { page: 1, itemsPerPage: 1_000_000, sortBy: [], sortDesc: [] } } }, viewer);
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['options.itemsPerPage']);
    expect(MAX_ITEMS_PER_PAGE).toBeLessThanOrEqual(ALL_ROWS_CAP);
  });

  it('refuses text filters and searches longer than the contract allows', async () => {
    const viewer = await t.memberWith(['viewOrders']);
    const long = 'a'.repeat(10_000);
    let res = await t.call('ordersTable', { body: { headers: [{ value: 'link', filter: long }] } }, viewer);
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['headers.0.filter']);
    res = await t.call('ordersTable', { body: { search: 'a'.repeat(MAX_FILTER_TEXT + 1) } }, viewer);
    expect(res.status).toBe(422);
    res = await t.call('ordersTable', { body: { queries: { sourceType: long } } }, viewer);
    expect(res.status).toBe(422);
  });

  it('"All" rows answers at most ALL_ROWS_CAP rows and says so', async () => {
    const spec = defineTableSpec({ columns: { id: { sortable: true } } });
    const table = defineTable(spec, {
      from: sql`generate_series(1, ${ALL_ROWS_CAP + 50}) AS g(id)`,
      select: sql`g.id`,
      id: sql`g.id`,
      columns: { id: { sql: sql`g.id` } },
      map: (row: { id: number }) => row,
    });
    const request = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: -1, sortBy: [], sortDesc: [] } });
    const answer = await table.query(t.db, request, { permissions: new Set() });
    expect(answer.items).toHaveLength(ALL_ROWS_CAP);
    expect(answer.totalItemsCount).toBe(ALL_ROWS_CAP + 50);
    expect(answer.rowsCapped).toBe(ALL_ROWS_CAP);
    const small = await table.query(t.db, { ...request, options: { ...request.options, itemsPerPage: 10 } }, { permissions: new Set() });
    expect(small.rowsCapped).toBeUndefined();
  });
});
