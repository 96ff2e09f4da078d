import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from './icons';

/**
 * The common search box: reports its text after 500 ms of quiet, at once on
 * Enter, and follows the URL when it changes from outside (Back, 'Reset filter').
 */
export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  label: string;
}

export function SearchBox({ value, onSearch, placeholder = 'Search', label }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    setDraft(value);
  }, [value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const schedule = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (text.trim() !== value.trim()) latest.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<SearchIcon />}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        schedule(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          if (timer.current) clearTimeout(timer.current);
          timer.current = null;
          if (draft.trim() !== value.trim()) onSearch(draft.trim());
        }
      }}
      w={{ base: '100%', sm: 280 }}
      size="xs"
    />
  );
}
