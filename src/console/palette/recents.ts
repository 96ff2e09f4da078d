/**
 * Recent palette commands and recently opened records, per staff member, in localStorage (small,
 * synchronous, survives reloads; cleared with the member's other list state on logout).
 */

export interface RecentCommand {
  kind: 'command';
  /** What was typed, replayed into the input when chosen. */
  input: string;
  title: string;
  at: number;
}

export interface RecentRecord {
  kind: 'record';
  resource: string;
  key: string;
  title: string;
  subtitle?: string;
  href: string;
  at: number;
}

export type RecentEntry = RecentCommand | RecentRecord;

const MAX_PER_KIND = 8;

export const recentsStorageKey = (staffId: string | number): string => `panel-console:palette-recents:${staffId}`;

export function loadRecents(staffId: string | number | null): RecentEntry[] {
  if (staffId === null) return [];
  try {
    const raw = localStorage.getItem(recentsStorageKey(staffId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed.filter((e) => e && (e.kind === 'command' || e.kind === 'record')) as RecentEntry[]) : [];
  } catch {
    return [];
  }
}

const sameEntry = (a: RecentEntry, b: RecentEntry): boolean =>
  a.kind === 'command' && b.kind === 'command'
    ? a.title === b.title
    : a.kind === 'record' && b.kind === 'record' && a.resource === b.resource && a.key === b.key;

/** Puts an entry first (replacing an older copy) and keeps the newest few of each kind. */
export function rememberRecent(staffId: string | number | null, entry: RecentEntry): RecentEntry[] {
  if (staffId === null) return [];
  const list = [entry, ...loadRecents(staffId).filter((e) => !sameEntry(e, entry))];
  const kept = [...list.filter((e) => e.kind === 'command').slice(0, MAX_PER_KIND), ...list.filter((e) => e.kind === 'record').slice(0, MAX_PER_KIND)].sort(
    (a, b) => b.at - a.at,
  );
  try {
    localStorage.setItem(recentsStorageKey(staffId), JSON.stringify(kept));
  } catch {
    /* storage full or blocked: recents are a convenience */
  }
  return kept;
}
