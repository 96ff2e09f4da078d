import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { sampleInput } from '../helpers/sampleInput';
import { useTestApp } from '../helpers/testServer';

/**
 * Ids everywhere, generated from the endpoint table (an area added later joins with no edit): for
 * every endpoint whose path names a record by id, an id written with a leading zero answers 404,
 * and with a request its schemas accept (sampled from them), an id that names nothing answers 404
 * too. Asked as an administrator, so the permission is never why.
 */

const t = useTestApp();
type Entry = Endpoint<any, any, any>;

/** The path's other parameters, filled with a value their schema takes (a record type, a file name). */
function otherParams(e: Entry): Record<string, unknown> {
  const names = [...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]).filter((n) => !idParams(e).includes(n));
  const shape = (e.params as unknown as { shape?: Record<string, z.ZodType> })?.shape ?? {};
  return Object.fromEntries(names.map((n) => [n, sampleInput(shape[n]) ?? 'x']));
}

/** The path's parameters that are record ids (their schema takes "1"). */
function idParams(e: Entry): string[] {
  const names = [...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  const shape = (e.params as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> })?.shape ?? {};
  return names.filter((n) => shape[n]?.safeParse('1').success && !shape[n]?.safeParse('x').success);
}

const withIds = (Object.entries(endpoints) as [EndpointName, Entry][]).filter(([, e]) => idParams(e).length > 0);
const NOWHERE = 2_147_483_000;
const tally = { endpoints: withIds.length, notFound: 0, zerosOnly: 0 };

afterAll(() =>
  console.log(
    `ids: ${tally.endpoints} endpoints with a path id; ${tally.notFound} answered 404 for an id that names nothing with a valid request, ` +
      `${tally.zerosOnly} whose sample request is not valid were checked for leading zeros only (the request is validated before the record is looked up)`,
  ),
);

describe('a path id that names nothing is a 404', () => {
  let admin: string;
  for (const [name, e] of withIds) {
    it(`${name} (${e.method} ${e.path})`, async () => {
      admin ??= await t.login('admin@example.com', 'password');
      const body = e.body ? (sampleInput(e.body) ?? {}) : undefined;
      const query = e.query ? (sampleInput(e.query) ?? {}) : undefined;
      const ids = idParams(e);
      const zeros = await t.call(name, { params: { ...otherParams(e), ...Object.fromEntries(ids.map((p) => [p, '01'])) }, body, query } as never, admin);
      expect(zeros.status, 'an id with a leading zero').toBe(404);
      // A request its schema refuses is a 422 before any record is looked up: only a valid one can show the lookup.
      if ((e.body && !e.body.safeParse(body).success) || (e.query && !e.query.safeParse(query).success)) {
        tally.zerosOnly++;
        return;
      }
      const missing = await t.call(name, { params: { ...otherParams(e), ...Object.fromEntries(ids.map((p) => [p, NOWHERE])) }, body, query } as never, admin);
      expect({ status: missing.status, message: (missing.body as { message?: string }).message }).toEqual({ status: 404, message: expect.any(String) });
      tally.notFound++;
    });
  }
});

describe('the named cases', () => {
  it('record history: an unknown type, an unknown id or one past its column is a 404; a record with no entries yet is an empty 200', async () => {
    const admin = await t.login('admin@example.com', 'password');
    const history = (recordType: string, recordId: number | string) => t.call('recordHistory', { params: { recordType, recordId }, query: {} as never }, admin);
    expect((await history('no_such_type', 1)).status).toBe(404);
    expect((await history('order', NOWHERE)).status).toBe(404);
    expect((await history('order', 2 ** 40)).status).toBe(404);
    expect((await history('order', '0012')).status).toBe(404);
    const order = await t.ok('ordersTable', { body: {} as never }, admin);
    const known = await history('order', order.items[0].id);
    expect(known.status).toBe(200);
  });

  it('staff sessions of a member who does not exist: 404', async () => {
    const admin = await t.login('admin@example.com', 'password');
    const res = await t.call('staffSessions', { params: { staffId: NOWHERE } }, admin);
    expect(res).toMatchObject({ status: 404, body: { message: `Staff member ${NOWHERE} not found.` } });
  });

  it("packages' available services for a network that does not exist: 422 on network_id", async () => {
    const admin = await t.login('admin@example.com', 'password');
    const res = await t.call('packagesAvailableServices', { body: { network_id: NOWHERE } as never }, admin);
    expect(res).toMatchObject({ status: 422, body: { errors: { network_id: ['The selected network is invalid.'] } } });
  });
});
