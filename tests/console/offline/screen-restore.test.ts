import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteConsoleDb, getConsoleDb, type PersistedQueryRecord } from '../../../src/console/offline/db';
import { clearStaffCache } from '../../../src/console/offline/queryPersister';
import { beginScreenRead, rememberScreenQuery, restoreScreenQueries, screenQueriesKey } from '../../../src/console/offline/screenRestore';

const LIMITS = { maxAge: 24 * 60 * 60 * 1000, buster: 'b1' };
const usersKey = ['list', 'users', { search: '', headers: [] }] as const;

function record(queryHash: string, overrides: Partial<PersistedQueryRecord> = {}): PersistedQueryRecord {
  return {
    staffId: '7',
    queryHash,
    queryKey: usersKey,
    data: { items: [{ id: 1, email: 'bob@example.com' }], totalItemsCount: 1, draw: 3 },
    dataUpdatedAt: Date.now() - 60_000,
    size: 80,
    buster: 'b1',
    ...overrides,
  };
}

beforeEach(() => localStorage.clear());
afterEach(async () => {
  await deleteConsoleDb();
});

describe('restore before the first render', () => {
  it('puts the saved answers of the reloaded screen into the cache, with their age', async () => {
    const saved = record('h-users');
    await (await getConsoleDb()).queries.put(saved);
    rememberScreenQuery(7, '/users?status=frozen', 'h-users');

    const client = new QueryClient();
    expect(await restoreScreenQueries(client, 7, '/users?status=frozen', LIMITS)).toBe(1);
    expect(client.getQueryData(usersKey)).toEqual(saved.data);
    // Marked with the time it was fetched, so the list refetches at once.
    expect(client.getQueryState(usersKey)?.dataUpdatedAt).toBe(saved.dataUpdatedAt);
  });

  it("takes the read index.html began while the app's code loaded, once, and only for the same member and screen", async () => {
    const saved = record('h-users');
    await (await getConsoleDb()).queries.put(saved);
    rememberScreenQuery(7, '/users', 'h-users');
    const early = globalThis as { __panelConsoleEarlyRead?: { answers: Promise<unknown> } | null };

    beginScreenRead(7, '/users');
    expect(early.__panelConsoleEarlyRead).toMatchObject({ staffId: 7, address: '/users', hashes: ['h-users'] });
    await early.__panelConsoleEarlyRead!.answers;
    // The answer changes after the early read has finished: the restore shows what that read found.
    await (await getConsoleDb()).queries.put(record('h-users', { data: { items: [], totalItemsCount: 0, draw: 4 } }));
    const client = new QueryClient();
    expect(await restoreScreenQueries(client, 7, '/users', LIMITS)).toBe(1);
    expect(client.getQueryData(usersKey)).toEqual(saved.data);
    expect(early.__panelConsoleEarlyRead).toBeNull();

    // Begun for another screen: ignored, the restore reads for itself.
    beginScreenRead(7, '/orders');
    const other = new QueryClient();
    expect(await restoreScreenQueries(other, 7, '/users', LIMITS)).toBe(1);
    expect(other.getQueryData(usersKey)).toEqual({ items: [], totalItemsCount: 0, draw: 4 });
  });

  it('restores nothing for another screen, another member, an expired answer or another build', async () => {
    await (await getConsoleDb()).queries.bulkPut([record('h-old', { dataUpdatedAt: Date.now() - LIMITS.maxAge - 1000 }), record('h-busted', { buster: 'b0' })]);
    rememberScreenQuery(7, '/users', 'h-old');
    rememberScreenQuery(7, '/users', 'h-busted');
    const client = new QueryClient();
    expect(await restoreScreenQueries(client, 7, '/orders', LIMITS)).toBe(0);
    expect(await restoreScreenQueries(client, 8, '/users', LIMITS)).toBe(0);
    expect(await restoreScreenQueries(client, 7, '/users', LIMITS)).toBe(0);
    expect(client.getQueryData(usersKey)).toBeUndefined();
  });

  it('keeps the newest answers of a screen first and forgets them at logout', async () => {
    for (let i = 0; i < 8; i++) rememberScreenQuery(7, '/users', `h${i}`);
    const map = JSON.parse(localStorage.getItem(screenQueriesKey(7))!);
    expect(map['/users']).toEqual(['h7', 'h6', 'h5', 'h4', 'h3', 'h2']);
    await clearStaffCache(7);
    expect(localStorage.getItem(screenQueriesKey(7))).toBeNull();
  });
});
