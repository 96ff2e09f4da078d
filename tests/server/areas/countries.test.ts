import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countrySchema } from '../../../src/contract/countries';
import { endpoints } from '../../../src/contract/endpoints';
import { createTestApp, type TestApp } from '../helpers/testServer';

/** GET /api/v1/countries through the real app: signed-in members only, the full ISO list. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/countries', () => {
  it('is in the endpoint table at the spec path', () => {
    expect(endpoints.countries.path).toBe('/api/v1/countries');
    expect(endpoints.countries.method).toBe('GET');
  });

  it('answers 401 without a token', async () => {
    const res = await t.request('GET', '/api/v1/countries');
    expect(res.status).toBe(401);
  });

  it('answers every ISO 3166-1 alpha-2 country by name to any signed-in member', async () => {
    const member = await t.createMember({ permissions: [] });
    const res = await t.request('GET', '/api/v1/countries', { token: member.token });
    expect(res.status).toBe(200);
    const list = countrySchema.array().parse(await res.json());
    expect(list).toHaveLength(249);
    expect(list).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(list).toContainEqual({ code: 'US', name: 'United States' });
    expect(new Set(list.map((c) => c.code)).size).toBe(249);
    for (const c of list) expect(c.code).toMatch(/^[A-Z]{2}$/);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
