import type { Profile, PublicSettings } from '../../contract/session';
import { isNetworkError } from '../api/errors';

/**
 * The last answers of the two requests the console makes before it can show anything — the
 * member's profile (the route guard needs the permissions) and the instance settings (panel
 * name, broadcasting) — kept in localStorage so the console still starts offline.
 *
 * A saved answer stands in only when the request gets no answer at all (offline, server
 * unreachable), never after a refusal: a 401 has already logged the member out. The profile is
 * kept for the member the session token belongs to only, and logout forgets it; the settings are
 * the instance's public data and stay.
 */
export const SAVED_PROFILE_STORAGE_KEY = 'panel-console-offline-profile';
export const SAVED_SETTINGS_STORAGE_KEY = 'panel-console-offline-settings';

/** The settings are the same for everyone. */
const ANYONE = 'instance';

interface SavedAnswer<T> {
  owner: string;
  savedAt: number;
  answer: T;
}

function save<T>(storageKey: string, owner: string, answer: T): void {
  try {
    const saved: SavedAnswer<T> = { owner, savedAt: Date.now(), answer };
    localStorage.setItem(storageKey, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the console cannot start offline, nothing else changes.
  }
}

function read<T>(storageKey: string, owner: string): T | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedAnswer<T>>;
    return saved.owner === owner && saved.answer != null ? saved.answer : null;
  } catch {
    return null;
  }
}

/** Loads and saves the answer; on a network failure answers the saved one for `owner`, if any. */
async function loadOrSaved<T>(storageKey: string, owner: string, load: () => Promise<T>): Promise<T> {
  try {
    const answer = await load();
    save(storageKey, owner, answer);
    return answer;
  } catch (error) {
    const saved = isNetworkError(error) ? read<T>(storageKey, owner) : null;
    if (saved !== null) return saved;
    throw error;
  }
}

/** A short non-cryptographic hash, so the token itself is never written to storage. */
function hashOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Who a token belongs to: the `sub` claim of a JWT (the same member across token refreshes), or
 * else the token itself, hashed.
 */
export function tokenOwner(token: string): string {
  const payload = token.split('.')[1];
  if (payload) {
    try {
      const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
      const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { sub?: unknown };
      if (typeof claims.sub === 'string' || typeof claims.sub === 'number') return `sub:${claims.sub}`;
    } catch {
      // not a JWT
    }
  }
  return `token:${hashOf(token)}`;
}

/**
 * The profile request of the session: loads and saves the profile for the token's member; offline
 * answers the profile saved for that member. Without a token nothing is saved or read.
 */
export function loadProfileOrSaved(token: string | null, load: () => Promise<Profile>): Promise<Profile> {
  if (!token) return load();
  return loadOrSaved(SAVED_PROFILE_STORAGE_KEY, tokenOwner(token), load);
}

/** The profile saved at the last start of the member this token belongs to, if any. */
export function savedProfileFor(token: string | null): Profile | null {
  return token ? read<Profile>(SAVED_PROFILE_STORAGE_KEY, tokenOwner(token)) : null;
}

/** The settings request: loads and saves the settings; offline answers the saved ones. */
export function loadSettingsOrSaved(load: () => Promise<PublicSettings>): Promise<PublicSettings> {
  return loadOrSaved(SAVED_SETTINGS_STORAGE_KEY, ANYONE, load);
}

/** Logout: the member's saved profile goes with the rest of their offline data. */
export function forgetSavedProfile(): void {
  try {
    localStorage.removeItem(SAVED_PROFILE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
