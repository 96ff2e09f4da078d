import type { QueryClient, QueryPersister, QueryState } from '@tanstack/react-query';
import { experimental_createQueryPersister, type AsyncStorage, type PersistedQuery } from '@tanstack/react-query-persist-client';
import { clearStaffListStates } from '../list/urlState';
import { getConsoleDb, staffKey, type PersistedQueryRecord, type StaffKey } from './db';
import { forgetScreenQueries, rememberScreenQuery, screenAddress } from './screenRestore';

/**
 * Per-query persistence of list and detail answers in IndexedDB, one entry per
 * query rather than one blob for the whole client, keyed by staff member.
 *
 * Built on TanStack's `experimental_createQueryPersister`: a query using the persister first
 * resolves with its stored answer (so a reload paints the cached page at once), then refetches
 * because the restored answer is stale. Entries older than `maxAge` or stored under another
 * `buster` are discarded; a size cap evicts the oldest entries.
 */

export interface QueryCacheLimits {
  /** Entries older than this are discarded (ms). Default 24 h. */
  maxAge: number;
  /** Total stored size across all staff, in characters of JSON. Default 20 MB. */
  maxBytes: number;
  /** Total number of stored queries. Default 500. */
  maxEntries: number;
  /** Change it (e.g. the build id) to discard every stored answer. */
  buster: string;
}

export const DEFAULT_QUERY_CACHE_LIMITS: QueryCacheLimits = {
  maxAge: 24 * 60 * 60 * 1000,
  maxBytes: 20 * 1024 * 1024,
  maxEntries: 500,
  buster: 'panel-console-1',
};

const STORAGE_PREFIX = 'pc';
const PRUNE_DELAY_MS = 10_000;

let limits: QueryCacheLimits = { ...DEFAULT_QUERY_CACHE_LIMITS };
type Persister = ReturnType<typeof experimental_createQueryPersister<PersistedQuery>>;
const persisters = new Map<StaffKey, Persister>();

/** Sets the cache limits (the app calls it once at start; tests lower the cap). */
export function configureQueryCache(partial: Partial<QueryCacheLimits>): void {
  limits = { ...limits, ...partial };
  persisters.clear();
}

export const queryCacheLimits = (): QueryCacheLimits => ({ ...limits });

const hashOf = (storageKey: string): string => storageKey.slice(STORAGE_PREFIX.length + 1);

function jsonSize(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY; // not serialisable: never stored
  }
}

function toPersistedQuery(record: PersistedQueryRecord): PersistedQuery {
  const state: QueryState = {
    data: record.data,
    dataUpdateCount: 1,
    dataUpdatedAt: record.dataUpdatedAt,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success',
    fetchStatus: 'idle',
  };
  return { buster: record.buster, queryHash: record.queryHash, queryKey: [...record.queryKey], state };
}

async function removeEntry(staff: StaffKey, queryHash: string): Promise<void> {
  const db = await getConsoleDb();
  await db.transaction('rw', db.queries, db.queryMeta, async () => {
    await db.queries.delete([staff, queryHash]);
    await db.queryMeta.delete([staff, queryHash]);
  });
}

/** Stores one answer, then evicts the oldest entries (any staff) until the cap holds. */
async function writeEntry(staff: StaffKey, persisted: PersistedQuery): Promise<void> {
  const data = persisted.state.data;
  if (data === undefined) return;
  const size = jsonSize(data);
  if (size > limits.maxBytes) {
    await removeEntry(staff, persisted.queryHash);
    return;
  }
  const db = await getConsoleDb();
  const record: PersistedQueryRecord = {
    staffId: staff,
    queryHash: persisted.queryHash,
    queryKey: persisted.queryKey,
    data,
    dataUpdatedAt: persisted.state.dataUpdatedAt || Date.now(),
    size,
    buster: persisted.buster,
  };
  await db.transaction('rw', db.queries, db.queryMeta, async () => {
    await db.queries.put(record);
    await db.queryMeta.put({ staffId: staff, queryHash: record.queryHash, dataUpdatedAt: record.dataUpdatedAt, size });
    const metas = await db.queryMeta.orderBy('dataUpdatedAt').toArray();
    let total = metas.reduce((sum, m) => sum + m.size, 0);
    let count = metas.length;
    for (const meta of metas) {
      if (total <= limits.maxBytes && count <= limits.maxEntries) break;
      if (meta.staffId === staff && meta.queryHash === record.queryHash) continue;
      await db.queries.delete([meta.staffId, meta.queryHash]);
      await db.queryMeta.delete([meta.staffId, meta.queryHash]);
      total -= meta.size;
      count -= 1;
    }
  });
}

/** IndexedDB as the persister's storage, scoped to one staff member. Never throws: a broken
 * or unavailable IndexedDB (private mode) only means no cache. */
function staffStorage(staff: StaffKey): AsyncStorage<PersistedQuery> {
  return {
    async getItem(key) {
      try {
        const record = await (await getConsoleDb()).queries.get([staff, hashOf(key)]);
        return record ? toPersistedQuery(record) : null;
      } catch {
        return null;
      }
    },
    async setItem(key, value) {
      try {
        // The screen on show when an answer is saved is the one a reload of it restores first.
        if (typeof window !== 'undefined') rememberScreenQuery(staff, screenAddress(window.location), hashOf(key));
        await writeEntry(staff, { ...value, queryHash: hashOf(key) });
      } catch {
        // Quota or a closed database: the answer is simply not cached.
      }
    },
    async removeItem(key) {
      try {
        await removeEntry(staff, hashOf(key));
      } catch {
        // nothing to remove
      }
    },
    async entries() {
      try {
        const records = await (await getConsoleDb()).queries.where('staffId').equals(staff).toArray();
        return records.map((r) => [`${STORAGE_PREFIX}-${r.queryHash}`, toPersistedQuery(r)] as [string, PersistedQuery]);
      } catch {
        return [];
      }
    },
  };
}

/** The persister of one staff member (memoised). */
export function getQueryPersister(staffId: string | number): Persister {
  const staff = staffKey(staffId);
  let persister = persisters.get(staff);
  if (!persister) {
    persister = experimental_createQueryPersister<PersistedQuery>({
      storage: staffStorage(staff),
      maxAge: limits.maxAge,
      buster: limits.buster,
      prefix: STORAGE_PREFIX,
      serialize: (query) => query,
      deserialize: (stored) => stored,
    });
    persisters.set(staff, persister);
    // Later, not now: a start-up read of the page to paint must not queue behind a write.
    setTimeout(() => void pruneQueryCache(), PRUNE_DELAY_MS);
  }
  return persister;
}

/**
 * Query options that persist a query for a staff member; spread them into `queryOptions`.
 * 'offlineFirst' lets the first attempt run without a connection, so the saved answer is
 * restored offline too. Without a staff member (signed out) nothing is persisted.
 */
export function persistedQueryOptions(staffId: string | number | null | undefined): {
  persister?: QueryPersister<any, any>;
  networkMode?: 'offlineFirst';
} {
  if (staffId === null || staffId === undefined || staffId === '') return {};
  return { persister: getQueryPersister(staffId).persisterFn as QueryPersister<any, any>, networkMode: 'offlineFirst' };
}

/** Drops expired entries of every staff member. */
export async function pruneQueryCache(now = Date.now()): Promise<number> {
  try {
    const db = await getConsoleDb();
    const expired = await db.queryMeta
      .where('dataUpdatedAt')
      .below(now - limits.maxAge)
      .toArray();
    await db.transaction('rw', db.queries, db.queryMeta, async () => {
      for (const meta of expired) {
        await db.queries.delete([meta.staffId, meta.queryHash]);
        await db.queryMeta.delete([meta.staffId, meta.queryHash]);
      }
    });
    return expired.length;
  } catch {
    return 0;
  }
}

/**
 * Logout: forgets everything stored for a staff member (cached answers and remembered list
 * filters) and, given the QueryClient, empties its in-memory cache too.
 */
export async function clearStaffCache(staffId: string | number, queryClient?: QueryClient): Promise<void> {
  const staff = staffKey(staffId);
  persisters.delete(staff);
  queryClient?.clear();
  clearStaffListStates(staffId);
  forgetScreenQueries(staffId);
  try {
    const db = await getConsoleDb();
    await db.transaction('rw', db.queries, db.queryMeta, async () => {
      await db.queries.where('staffId').equals(staff).delete();
      await db.queryMeta.where('staffId').equals(staff).delete();
    });
  } catch {
    // IndexedDB unavailable: nothing was stored.
  }
}

export interface QueryCacheStats {
  entries: number;
  bytes: number;
}

/** Stored entries and size, for one staff member or all. */
export async function queryCacheStats(staffId?: string | number): Promise<QueryCacheStats> {
  try {
    const db = await getConsoleDb();
    const metas = staffId === undefined ? await db.queryMeta.toArray() : await db.queryMeta.where('staffId').equals(staffKey(staffId)).toArray();
    return { entries: metas.length, bytes: metas.reduce((sum, m) => sum + m.size, 0) };
  } catch {
    return { entries: 0, bytes: 0 };
  }
}
