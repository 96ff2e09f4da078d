import { describe, expect, it, vi } from 'vitest';
import { StaleAnswerError, fetchTable, listQueryKey, listQueryOptions } from '../../../src/console/list/listQuery';
import { defineResourceOf } from '../../../src/console/resource/resource';
import { defineTableSpec } from '../../../src/contract/columns';
import { defaultTableState, toTableRequest } from '../../../src/console/list/urlState';
import { usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

const { draw: _draw, ...request } = toTableRequest(usersResource, defaultTableState(usersResource));

describe('fetchTable', () => {
  it('posts the table request with a fresh draw and accepts the echoed answer', async () => {
    apiMock.api.mockImplementation(async (_name: string, options: { body: { draw: number } }) => ({
      items: [{ id: 1 }],
      totalItemsCount: 1,
      draw: options.body.draw,
    }));
    const controller = new AbortController();
    const answer = await fetchTable(usersResource, request, { signal: controller.signal, params: { parent: 3 } });
    expect(answer.items).toEqual([{ id: 1 }]);
    const [name, options] = apiMock.api.mock.calls[0];
    expect(name).toBe('usersTable');
    expect(options.body).toMatchObject({ ...request, draw: expect.any(Number) });
    expect(options.signal).toBe(controller.signal);
    expect(options.params).toEqual({ parent: 3 });

    await fetchTable(usersResource, request);
    expect(apiMock.api.mock.calls[1][1].body.draw).toBeGreaterThan(options.body.draw);
  });

  it('sends GET lists as one q=<JSON> param', async () => {
    apiMock.api.mockResolvedValue({ items: [], totalItemsCount: 0, draw: 0 });
    const affiliates = defineResourceOf<{ id: number }>()({
      name: 'affiliates',
      title: 'Affiliates',
      nouns: ['affiliate'],
      endpoint: 'usersAffiliates', // a GET list
      table: defineTableSpec({ columns: { id: { sortable: true } } }),
      columns: [{ key: 'id', header: 'ID' }],
    });
    await fetchTable(affiliates, request);
    const options = apiMock.api.mock.calls[0][1];
    expect(options.body).toBeUndefined();
    expect(JSON.parse(options.query.q)).toMatchObject({ ...request, draw: expect.any(Number) });
  });

  it('lets a resource encode the request its own way', async () => {
    apiMock.api.mockResolvedValue({ items: [], recordsFiltered: 12 });
    const affiliates = defineResourceOf<{ id: number }>()({
      name: 'affiliates',
      title: 'Affiliates',
      nouns: ['affiliate'],
      endpoint: 'usersAffiliates',
      table: defineTableSpec({ columns: { id: { sortable: true } } }),
      columns: [{ key: 'id', header: 'ID' }],
      encodeRequest: (r) => ({ query: { page: r.options?.page, perPage: r.options?.itemsPerPage, search: r.search } }),
    });
    const answer = await fetchTable(affiliates, { ...request, search: 'bob' }, { params: { userId: 5 } });
    expect(apiMock.api.mock.calls[0][1]).toMatchObject({ query: { page: 1, perPage: 30, search: 'bob' }, params: { userId: 5 } });
    expect(answer.totalItemsCount).toBe(12); // 'recordsFiltered' read as the total
  });

  it('drops an answer to another draw as a stale answer', async () => {
    apiMock.api.mockResolvedValue({ items: [], totalItemsCount: 0, draw: 999999 });
    await expect(fetchTable(usersResource, request)).rejects.toBeInstanceOf(StaleAnswerError);
  });
});

describe('listQueryOptions', () => {
  it("keys a list by ['list', resource, request without draw] (plus path params)", () => {
    expect(listQueryOptions(usersResource, request).queryKey).toEqual(['list', 'users', request]);
    expect(listQueryKey('users', request, { userId: 5 })).toEqual(['list', 'users', request, { userId: 5 }]);
    expect(JSON.stringify(listQueryOptions(usersResource, request).queryKey)).not.toContain('draw');
  });

  it('persists only for a signed-in staff member', () => {
    expect(listQueryOptions(usersResource, request, { staffId: null }).persister).toBeUndefined();
    expect(listQueryOptions(usersResource, request, { staffId: 4 }).persister).toBeTypeOf('function');
  });
});
