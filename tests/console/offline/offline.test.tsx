import 'fake-indexeddb/auto';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteConsoleDb, getConsoleDb } from '../../../src/console/offline/db';
import {
  DEFAULT_QUERY_CACHE_LIMITS,
  clearStaffCache,
  configureQueryCache,
  getQueryPersister,
  persistedQueryOptions,
  pruneQueryCache,
  queryCacheStats,
} from '../../../src/console/offline/queryPersister';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import { listStorageKey, loadLastSearch, saveLastSearch } from '../../../src/console/list/urlState';
import { deferred, page, renderWithEngine, user, usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

beforeEach(async () => {
  configureQueryCache(DEFAULT_QUERY_CACHE_LIMITS);
  await deleteConsoleDb();
  localStorage.clear();
});
afterEach(() => {
  onlineManager.setOnline(true);
  cleanup();
  vi.useRealTimers();
});

const mountUsers = (staffId: number) =>
  renderWithEngine(<ResourceTable resource={usersResource} search={{}} onSearchChange={() => {}} />, { staffId, queryClient: new QueryClient() });

/** First visit: the list loads from the network and is persisted for the staff member. */
async function visitOnce(staffId: number) {
  apiMock.api.mockResolvedValueOnce(page([user(1), user(2)], 2));
  mountUsers(staffId);
  await screen.findByText('user1@example.com');
  await waitFor(async () => expect((await queryCacheStats(staffId)).entries).toBe(1));
  cleanup();
}

describe('persisted list queries', () => {
  it('paints the cached page on the next mount before the network answers, marked as updating', async () => {
    await visitOnce(1);

    const network = deferred<ReturnType<typeof page>>();
    apiMock.api.mockReturnValueOnce(network.promise);
    mountUsers(1);
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    expect(await screen.findByTestId('table-updating')).toHaveTextContent('Updating');
    await waitFor(() => expect(apiMock.api).toHaveBeenCalledTimes(2));

    network.resolve(page([user(7)], 1));
    expect(await screen.findByText('user7@example.com')).toBeInTheDocument();
    await waitFor(async () => expect((await (await getConsoleDb()).queries.toArray())[0].data).toMatchObject({ items: [{ id: 7 }] }));
    expect(screen.queryByText('user1@example.com')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('table-updating')).toBeNull());
  });

  it('opens offline with the saved page, leaving the offline notice to the shell', async () => {
    await visitOnce(1);
    onlineManager.setOnline(false);
    apiMock.api.mockRejectedValue(new TypeError('Failed to fetch'));
    mountUsers(1);
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    // One offline notice: the shell's banner (OfflineBanner) says it; the table adds none of its own.
    expect(screen.queryByText(/^Offline/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never shows one staff member the cache of another', async () => {
    await visitOnce(1);

    const network = deferred<ReturnType<typeof page>>();
    apiMock.api.mockReturnValueOnce(network.promise);
    mountUsers(2);
    await waitFor(() => expect(apiMock.api).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('user1@example.com')).toBeNull();
    network.resolve(page([], 0));
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    await waitFor(async () => expect((await queryCacheStats(2)).entries).toBe(1));
  });

  it('forgets a staff member at logout: cached answers, remembered filters and the in-memory cache', async () => {
    await visitOnce(1);
    await visitOnce(2);
    saveLastSearch(listStorageKey('users', 1), { status: 'frozen' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['list', 'users', {}], page([user(1)]));

    await clearStaffCache(1, queryClient);
    expect(await queryCacheStats(1)).toEqual({ entries: 0, bytes: 0 });
    expect((await queryCacheStats(2)).entries).toBe(1);
    expect(loadLastSearch(listStorageKey('users', 1))).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    const network = deferred<ReturnType<typeof page>>();
    apiMock.api.mockReturnValueOnce(network.promise);
    mountUsers(1);
    await waitFor(() => expect(apiMock.api).toHaveBeenCalledTimes(3));
    expect(screen.queryByText('user1@example.com')).toBeNull();
    network.resolve(page([], 0));
    await screen.findByText('No data found');
    await waitFor(async () => expect((await queryCacheStats(1)).entries).toBe(1));
  });
});

/** Fetches one query through the persister and waits until it is stored. */
async function persist(staffId: number, key: string, data: unknown) {
  const client = new QueryClient();
  await client.fetchQuery({ queryKey: ['detail', key], queryFn: async () => data, ...persistedQueryOptions(staffId) });
  await waitFor(async () => {
    const stored = await (await getConsoleDb()).queries.where('staffId').equals(String(staffId)).toArray();
    expect(stored.some((r) => (r.queryKey as unknown[])[1] === key && JSON.stringify(r.data) === JSON.stringify(data))).toBe(true);
  });
}

const storedKeys = async () => (await (await getConsoleDb()).queries.toArray()).map((r) => (r.queryKey as unknown[])[1]).sort();

describe('cache limits', () => {
  it('evicts the oldest entries beyond the entry cap', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    configureQueryCache({ maxEntries: 2 });
    vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
    await persist(1, 'a', { n: 1 });
    vi.setSystemTime(new Date('2025-01-01T10:01:00Z'));
    await persist(2, 'b', { n: 2 });
    vi.setSystemTime(new Date('2025-01-01T10:02:00Z'));
    await persist(1, 'c', { n: 3 });
    await waitFor(async () => expect(await storedKeys()).toEqual(['b', 'c']));
    expect((await queryCacheStats()).entries).toBe(2);
  });

  it('evicts the oldest entries beyond the size cap and never stores an answer larger than the cap', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const blob = (n: number) => ({ text: 'x'.repeat(n) });
    const size = JSON.stringify(blob(100)).length;
    configureQueryCache({ maxBytes: size * 2 + 5 });
    vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
    await persist(1, 'a', blob(100));
    vi.setSystemTime(new Date('2025-01-01T10:01:00Z'));
    await persist(1, 'b', blob(100));
    vi.setSystemTime(new Date('2025-01-01T10:02:00Z'));
    await persist(1, 'c', blob(100));
    await waitFor(async () => expect(await storedKeys()).toEqual(['b', 'c']));
    expect((await queryCacheStats(1)).bytes).toBeLessThanOrEqual(size * 2 + 5);

    const client = new QueryClient();
    await client.fetchQuery({ queryKey: ['detail', 'huge'], queryFn: async () => blob(1000), ...persistedQueryOptions(1) });
    await new Promise((r) => setTimeout(r, 50));
    expect(await storedKeys()).toEqual(['b', 'c']);
  });

  it('discards entries older than 24 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
    await persist(1, 'old', { n: 1 });
    vi.setSystemTime(new Date('2025-01-02T10:00:01Z'));

    const client = new QueryClient();
    const fresh = vi.fn(async () => ({ n: 2 }));
    await expect(client.fetchQuery({ queryKey: ['detail', 'old'], queryFn: fresh, ...persistedQueryOptions(1) })).resolves.toEqual({ n: 2 });
    expect(fresh).toHaveBeenCalledTimes(1);

    await persist(1, 'other', { n: 3 });
    vi.setSystemTime(new Date('2025-01-03T10:00:02Z'));
    expect(await pruneQueryCache()).toBeGreaterThanOrEqual(1);
    expect((await queryCacheStats(1)).entries).toBe(0);
  });

  it('restores a stored answer before calling the network', async () => {
    await persist(1, 'order-5', { id: 5 });
    const client = new QueryClient();
    const network = vi.fn(() => new Promise<never>(() => {}));
    const restored = await client.fetchQuery({ queryKey: ['detail', 'order-5'], queryFn: network, staleTime: Infinity, ...persistedQueryOptions(1) });
    expect(restored).toEqual({ id: 5 });
    expect(network).not.toHaveBeenCalled();
    expect(getQueryPersister(1)).toBe(getQueryPersister('1'));
  });
});
