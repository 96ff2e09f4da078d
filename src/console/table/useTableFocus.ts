import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RowKey } from '../resource/actions';
import type { Resource } from '../resource/resource';
import { openedRow } from './openedRow';

export interface TableFocus<Row> {
  focusedKey: RowKey | null;
  focusedRow: Row | null;
  setFocusedKey: (key: RowKey | null) => void;
  /** Moves the focus by rows (j/k), scrolling the row into view. */
  moveFocus: (delta: number) => void;
  /** Moves the keyboard focus into the table: its focused row, or the first (once the rows arrive). */
  focusTable: () => void;
}

/**
 * The row the keyboard acts on. On arrival — and after a filter, sort or page change — the first
 * row takes it, or the row last opened from this very list state (`place`: Back from its record).
 * When the focused row leaves the list (approved out of "in moderation"), the row now at that
 * place takes the focus, so the next key acts on the next row.
 */
export function useTableFocus<Row>(
  resource: Resource<Row>,
  rows: Row[],
  loading: { isFetching: boolean; isPlaceholderData: boolean },
  containerRef: RefObject<HTMLDivElement | null>,
  rowDomId: (row: Row) => string,
  place: string,
): TableFocus<Row> {
  const [focusedKey, setFocusedKey] = useState<RowKey | null>(null);
  const focusedIndex = focusedKey === null ? -1 : rows.findIndex((r) => resource.keyOf(r) === focusedKey);
  const focusedRow = focusedIndex >= 0 ? rows[focusedIndex] : null;

  const present = (key: RowKey | null): key is RowKey => key !== null && rows.some((r) => resource.keyOf(r) === key);

  // The rows of a new place (arrival, filter, sort, page): the row opened from it last, or the first.
  const arrivedAt = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `present` reads the same rows
  useEffect(() => {
    if (rows.length === 0 || loading.isPlaceholderData || arrivedAt.current === place) return;
    arrivedAt.current = place;
    const opened = openedRow(place);
    setFocusedKey((key) => (present(key) ? key : present(opened) ? opened : resource.keyOf(rows[0])));
  }, [rows, loading.isPlaceholderData, place, resource]);

  // Where the focus was.
  const lastFocusedIndex = useRef(-1);
  if (focusedIndex >= 0) lastFocusedIndex.current = focusedIndex;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `present` reads the same rows
  useEffect(() => {
    if (focusedKey === null || focusedIndex >= 0 || rows.length === 0 || loading.isFetching) return;
    const next = rows[Math.min(Math.max(lastFocusedIndex.current, 0), rows.length - 1)];
    setFocusedKey((key) => (present(key) ? key : resource.keyOf(next)));
  }, [focusedKey, focusedIndex, rows, loading.isFetching, resource]);

  // Asked for the focus before the rows arrived: the first row takes it when they do.
  const focusWhenLoaded = useRef(false);
  const focusTable = () => {
    containerRef.current?.focus({ preventScroll: true });
    if (rows.length === 0 || loading.isPlaceholderData) focusWhenLoaded.current = true;
    setFocusedKey((key) => (key !== null && rows.some((r) => resource.keyOf(r) === key) ? key : rows.length > 0 ? resource.keyOf(rows[0]) : null));
  };
  useEffect(() => {
    if (!focusWhenLoaded.current || rows.length === 0 || loading.isPlaceholderData) return;
    focusWhenLoaded.current = false;
    setFocusedKey((key) => (key !== null && rows.some((r) => resource.keyOf(r) === key) ? key : resource.keyOf(rows[0])));
  }, [rows, loading.isPlaceholderData, resource]);

  const moveFocus = (delta: number) => {
    if (rows.length === 0) return;
    const next = focusedIndex < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, focusedIndex + delta));
    const row = rows[next];
    setFocusedKey(resource.keyOf(row));
    document.getElementById(rowDomId(row))?.scrollIntoView?.({ block: 'nearest' });
  };

  return { focusedKey, focusedRow, setFocusedKey, moveFocus, focusTable };
}
