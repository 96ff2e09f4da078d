import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RowKey } from '../resource/actions';
import type { Resource } from '../resource/resource';

export interface TableSelection<Row> {
  selectedKeys: RowKey[];
  selectedRows: Row[];
  clearSelection: () => void;
  /** Adds the row to the selection or takes it out; it becomes the anchor of a range. */
  toggleSelected: (row: Row) => void;
  /** Adds the rows from the anchor to this one (Shift+x, Shift+click). */
  selectRangeTo: (row: Row) => void;
  /** Selects every row of the page, or none when all are selected. */
  toggleAll: () => void;
}

/**
 * The rows the member picked for a bulk action, by key. A different list (filters, sort, page:
 * `requestKey`) means a different set of rows, so the selection is forgotten.
 */
export function useTableSelection<Row>(resource: Resource<Row>, rows: Row[], requestKey: string): TableSelection<Row> {
  const [selectedKeys, setSelectedKeys] = useState<RowKey[]>([]);
  const anchorKey = useRef<RowKey | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestKey is the trigger: a different list forgets the selection
  useEffect(() => {
    setSelectedKeys([]);
    anchorKey.current = null;
  }, [requestKey]);

  const selectedRows = useMemo(() => rows.filter((r) => selectedKeys.includes(resource.keyOf(r))), [rows, selectedKeys, resource]);

  const clearSelection = useCallback(() => {
    setSelectedKeys([]);
    anchorKey.current = null;
  }, []);

  const toggleSelected = (row: Row) => {
    const key = resource.keyOf(row);
    setSelectedKeys((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
    anchorKey.current = key;
  };

  const selectRangeTo = (row: Row) => {
    const anchorIndex = anchorKey.current === null ? -1 : rows.findIndex((r) => resource.keyOf(r) === anchorKey.current);
    const to = rows.indexOf(row);
    const from = anchorIndex < 0 ? to : anchorIndex;
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    const range = rows.slice(lo, hi + 1).map(resource.keyOf);
    setSelectedKeys((keys) => [...keys, ...range.filter((k) => !keys.includes(k))]);
    anchorKey.current = resource.keyOf(row);
  };

  const toggleAll = () => {
    const pageKeys = rows.map(resource.keyOf);
    const all = pageKeys.length > 0 && pageKeys.every((key) => selectedKeys.includes(key));
    setSelectedKeys(all ? [] : pageKeys);
    anchorKey.current = all ? null : (pageKeys[pageKeys.length - 1] ?? null);
  };

  return { selectedKeys, selectedRows, clearSelection, toggleSelected, selectRangeTo, toggleAll };
}
