import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { SearchChangeOptions } from '../resource/area';
import type { Resource } from '../resource/resource';
import {
  clearLastSearch,
  isBareSearch,
  loadLastSearch,
  saveLastSearch,
  searchFromTableState,
  tableStateFromSearch,
  type ListSearch,
  type TableState,
} from './urlState';

/**
 * The table state of a list, read from and written to its search params. A list opened bare
 * (no params) takes its remembered state from localStorage and writes it into the URL (replace);
 * every other state is remembered; reset forgets it and goes back to the defaults. A change is a
 * new history entry (Back undoes a filter) unless the caller asks to replace (the search box).
 */
export interface ListStateOptions {
  storageKey: string;
  /** Remember and restore the last state (default true). */
  remember?: boolean;
}

export interface ListStateApi {
  state: TableState;
  /** Writes a new state (a navigation, done by the route's onSearchChange). */
  setState: (next: TableState | ((previous: TableState) => TableState), options?: SearchChangeOptions) => void;
  /** 'Reset filter': forget the remembered state and return to the defaults. */
  reset: () => void;
}

const searchKey = (search: ListSearch) => JSON.stringify(search, Object.keys(search).sort());

export function useListState<Row>(
  resource: Resource<Row>,
  search: ListSearch,
  onSearchChange: (search: ListSearch, options?: SearchChangeOptions) => void,
  { storageKey, remember = true }: ListStateOptions,
): ListStateApi {
  const bare = isBareSearch(search);
  const restored = useMemo(() => (bare && remember ? loadLastSearch(storageKey) : null), [bare, remember, storageKey]);
  const effective = restored ?? search;
  const key = searchKey(effective);
  // Search objects are recreated by routers on every render; the state follows their content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: search objects are recreated on every render; the state follows their content (key)
  const state = useMemo(() => tableStateFromSearch(resource, effective), [resource, key]);

  const latest = useRef({ state, onSearchChange });
  latest.current = { state, onSearchChange };

  useEffect(() => {
    if (restored) latest.current.onSearchChange(restored, { replace: true });
  }, [restored]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the search is compared by content (searchKey), not identity
  useEffect(() => {
    if (remember && !bare) saveLastSearch(storageKey, search);
  }, [remember, bare, storageKey, searchKey(search)]);

  const setState = useCallback(
    (next: TableState | ((previous: TableState) => TableState), options?: SearchChangeOptions) => {
      const resolved = typeof next === 'function' ? next(latest.current.state) : next;
      const nextSearch = searchFromTableState(resource, resolved);
      // Back at the defaults: that is now the state to remember, so a bare URL must not restore an older one.
      if (isBareSearch(nextSearch)) clearLastSearch(storageKey);
      if (searchKey(nextSearch) === searchKey(searchFromTableState(resource, latest.current.state))) return;
      latest.current.onSearchChange(nextSearch, options);
    },
    [resource, storageKey],
  );

  const reset = useCallback(() => {
    clearLastSearch(storageKey);
    latest.current.onSearchChange({});
  }, [storageKey]);

  return { state, setState, reset };
}
