import type { QueryClient } from '@tanstack/react-query';
import { CONSOLE_DB_NAME, staffKey, type PersistedQueryRecord } from './db';

/**
 * Restore before the first render: which saved answers each screen showed, so a reload puts them
 * into the query cache before React renders anything. Without it the saved page waits for the
 * whole first render (IndexedDB answers are tasks queued behind it) and then renders again.
 *
 * The map (screen address -> query hashes) is small and read synchronously at start, so it lives
 * in localStorage, per staff member; the answers themselves stay in IndexedDB.
 */

const MAX_SCREENS = 40;
const MAX_QUERIES_PER_SCREEN = 6;
/** A slow disk never holds the first render back longer than this. */
export const RESTORE_WAIT_MS = 120;

export const screenQueriesKey = (staffId: string | number): string => `panel-console:screen-queries:${staffId}`;

type ScreenMap = Record<string, string[]>;

export const screenAddress = (location: { pathname: string; search: string }): string => `${location.pathname}${location.search}`;

function readMap(staffId: string | number): ScreenMap {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(screenQueriesKey(staffId)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ScreenMap) : {};
  } catch {
    return {};
  }
}

/** Notes that the screen at `address` showed the saved answer `queryHash` (newest first). */
export function rememberScreenQuery(staffId: string | number, address: string, queryHash: string): void {
  const map = readMap(staffId);
  const hashes = [queryHash, ...(map[address] ?? []).filter((h) => h !== queryHash)].slice(0, MAX_QUERIES_PER_SCREEN);
  if (map[address]?.[0] === queryHash && map[address].length === hashes.length) return;
  delete map[address];
  // Insertion order is recency: the oldest screens go first.
  const entries = [...Object.entries(map), [address, hashes] as [string, string[]]].slice(-MAX_SCREENS);
  try {
    localStorage.setItem(screenQueriesKey(staffId), JSON.stringify(Object.fromEntries(entries)));
  } catch {
    /* storage full or blocked: reloads paint a little later */
  }
}

export function forgetScreenQueries(staffId: string | number): void {
  try {
    localStorage.removeItem(screenQueriesKey(staffId));
  } catch {
    /* nothing stored */
  }
}

type SavedAnswers = Promise<(PersistedQueryRecord | undefined)[]>;

interface EarlyRead {
  staffId: string | number;
  address: string;
  hashes: string[];
  answers: SavedAnswers;
}

/**
 * Where the read begun by index.html (earlyRestore.ts, inlined there by the build) waits for the
 * app: a global, because that copy of this module is not the app's.
 */
const EARLY_READ_GLOBAL = '__panelConsoleEarlyRead';
type WithEarlyRead = { [EARLY_READ_GLOBAL]?: EarlyRead | null };

/**
 * Starts reading the saved answers of the screen at `address` now, for restoreScreenQueries to
 * take when the app starts: the read runs while the browser fetches and evaluates the app's code
 * instead of after it. Nothing is read when the screen has no saved answers.
 */
export function beginScreenRead(staffId: string | number, address: string): void {
  const hashes = readMap(staffId)[address] ?? [];
  if (hashes.length === 0 || typeof indexedDB === 'undefined') return;
  const answers = readSavedAnswers(hashes.map((hash) => [staffKey(staffId), hash] as [string, string]));
  answers.catch(() => undefined); // taken (and its failure handled) by restoreScreenQueries, or never
  (globalThis as WithEarlyRead)[EARLY_READ_GLOBAL] = { staffId, address, hashes, answers };
}

/** The early read, when it was for the same member, screen and saved answers (taken once). */
function takeEarlyRead(staffId: string | number, address: string, hashes: string[]): SavedAnswers | null {
  const read = (globalThis as WithEarlyRead)[EARLY_READ_GLOBAL];
  (globalThis as WithEarlyRead)[EARLY_READ_GLOBAL] = null;
  const same = read && String(read.staffId) === String(staffId) && read.address === address && read.hashes.join() === hashes.join();
  return same ? read.answers : null;
}

export interface RestoreLimits {
  maxAge: number;
  buster: string;
}

/**
 * Puts the saved answers of the screen at `address` into the query cache (marked with their age,
 * so they are refetched at once). Resolves within `waitMs` whatever happens.
 */
export async function restoreScreenQueries(
  queryClient: QueryClient,
  staffId: string | number,
  address: string,
  limits: RestoreLimits,
  waitMs = RESTORE_WAIT_MS,
): Promise<number> {
  const hashes = readMap(staffId)[address] ?? [];
  if (hashes.length === 0 || typeof indexedDB === 'undefined') return 0;
  const staff = staffKey(staffId);
  const restore = (async () => {
    const records = await (takeEarlyRead(staffId, address, hashes) ?? readSavedAnswers(hashes.map((hash) => [staff, hash] as [string, string])));
    let restored = 0;
    for (const record of records) {
      if (!record || record.buster !== limits.buster || Date.now() - record.dataUpdatedAt > limits.maxAge) continue;
      if (queryClient.getQueryData(record.queryKey) !== undefined) continue;
      queryClient.setQueryData(record.queryKey, record.data, { updatedAt: record.dataUpdatedAt });
      restored++;
    }
    return restored;
  })().catch(() => 0);
  const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(0), waitMs));
  return Promise.race([restore, timeout]);
}

/**
 * The saved answers by key, read with IndexedDB itself: the database library loads beside the
 * start-up, and this read must not wait for it. Never creates the database (a first visit has
 * none: the upgrade is refused and nothing is read).
 */
function readSavedAnswers(keys: [string, string][]): SavedAnswers {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(CONSOLE_DB_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked'));
    request.onsuccess = () => {
      const db = request.result;
      try {
        const store = db.transaction('queries', 'readonly').objectStore('queries');
        const found: (PersistedQueryRecord | undefined)[] = new Array(keys.length);
        let pending = keys.length;
        if (pending === 0) resolve(found);
        keys.forEach((key, i) => {
          const get = store.get(key);
          get.onsuccess = () => {
            found[i] = get.result as PersistedQueryRecord | undefined;
            if (--pending === 0) resolve(found);
          };
          get.onerror = () => reject(get.error);
        });
      } catch (error) {
        reject(error); // no 'queries' store yet
      } finally {
        db.close();
      }
    };
  });
}
