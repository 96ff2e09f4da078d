import type { RowKey } from '../resource/actions';

/**
 * The row a member last opened from a list in a given state (its filters, sort and page), kept
 * for the tab's life: coming Back from the record, the list focuses that row again instead of
 * the first, so j moves on from where the member was.
 */
const STORAGE_PREFIX = 'panel-console-opened-row:';

export function rememberOpenedRow(place: string, key: RowKey): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + place, JSON.stringify(key));
  } catch {
    // Storage full or refused: Back focuses the first row.
  }
}

export function openedRow(place: string): RowKey | null {
  try {
    const saved = sessionStorage.getItem(STORAGE_PREFIX + place);
    const key: unknown = saved === null ? null : JSON.parse(saved);
    return typeof key === 'string' || typeof key === 'number' ? key : null;
  } catch {
    return null;
  }
}
