import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, endpoint, pathBigId, pathId } from '../../../src/contract/endpoint';
import { endpoints } from '../../../src/contract/endpoints';
import { checkParams } from '../../../src/server/http/handlers';
import { createTestApp, type TestApp } from '../helpers/testServer';

/**
 * Path parameters: the contract's `params` schema is checked by the pipeline before the handler;
 * a malformed or out-of-range id is the same 404 as a missing record, never a 422 or a 500; and
 * a path whose `:name` has no schema stops the server at start-up.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'password');
});

afterAll(async () => {
  await t?.close();
});

const get = async (path: string, token = admin) => {
  const res = await t.request('GET', `${ADMIN}${path}`, { token });
  return { status: res.status, body: await res.json() };
};

describe('path parameters', () => {
  it('answers a malformed id with 404 and the thing it names', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '%20', '12abc']) {
      expect(await get(`/users/${bad}`), bad).toEqual({ status: 404, body: { message: 'User not found.' } });
    }
    expect(await get('/drip-feeds/x')).toEqual({ status: 404, body: { message: 'Drip feed not found.' } });
  });

  it('answers an id beyond its column with 404, not a database error', async () => {
    // users.id is int4; orders.id is bigint, bounded by what a JavaScript number holds exactly.
    expect(await get('/users/2147483648')).toEqual({ status: 404, body: { message: 'User not found.' } });
    expect((await get('/orders/2147483648')).body).toEqual({ message: 'Order 2147483648 not found.' });
    expect(await get('/orders/9007199254740992')).toEqual({ status: 404, body: { message: 'Order not found.' } });
    expect(await get('/orders/99999999999999999999')).toEqual({ status: 404, body: { message: 'Order not found.' } });
  });

  it('names the parameter that failed when a path has two', async () => {
    const res = await t.request('DELETE', `${ADMIN}/users/1/user-services/nope`, { token: admin });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Custom price not found.' });
  });

  it('checks the permission before the path: a member without it gets 403 even for a malformed id', async () => {
    const member = await t.createMember({ permissions: ['viewOrders'] });
    expect((await get('/users/abc', member.token)).status).toBe(403);
  });

  it('hands the handler a number', async () => {
    const res = await get('/users/1');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(1);
  });
});

describe('the start-up check', () => {
  const ok = z.object({});
  it('accepts every entry of the endpoint table', () => {
    for (const [name, e] of Object.entries(endpoints)) expect(() => checkParams(name, e)).not.toThrow();
  });

  it('refuses a path parameter without a schema, a schema key missing from the path, and a non-object schema', () => {
    const base = { method: 'GET', permission: 'viewUsers', response: ok, summary: 'x' } as const;
    expect(() => checkParams('a', endpoint({ ...base, path: '/a/:id' }))).toThrow(/needs a params object schema for :id/);
    expect(() => checkParams('b', endpoint({ ...base, path: '/b/:id', params: z.object({ bId: pathId('B') }) }))).toThrow(/do not match/);
    expect(() => checkParams('c', endpoint({ ...base, path: '/c/:id/:other', params: z.object({ id: pathBigId('C') }) }))).toThrow(/do not match/);
    expect(() => checkParams('d', endpoint({ ...base, path: '/d/:id', params: pathId('D') }))).toThrow(/needs a params object/);
    expect(() => checkParams('e', endpoint({ ...base, path: '/e', params: z.object({ id: pathId('E') }) }))).toThrow(/do not match/);
  });
});
