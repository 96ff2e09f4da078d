import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api } from '../../api/client';

export interface PickedUser {
  id: number;
  email: string;
}

/**
 * A customer picked by e-mail, name or id (incentivesUsers: 20 at a time). `value` is the user's
 * id as text; the chosen customer stays listed while another search runs.
 */
export function CustomerPicker({
  label,
  value,
  onChange,
  selected,
  error,
  description,
  placeholder = 'Search by e-mail, name or id',
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null, user: PickedUser | null) => void;
  selected?: PickedUser | null;
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: ['incentives', 'users', debounced],
    queryFn: ({ signal }) => api('incentivesUsers', { query: { search: debounced }, signal }),
    staleTime: 30_000,
  });
  const [picked, setPicked] = useState<PickedUser | null>(selected ?? null);
  const items = (found.data ?? []).map((u) => ({ value: String(u.id), label: `${u.email}${u.name ? ` (${u.name})` : ''}` }));
  if (picked && value === String(picked.id) && !items.some((i) => i.value === value)) items.unshift({ value, label: picked.email });
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      searchable
      clearable
      filter={({ options }) => options}
      data={items}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      error={error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No such customer'}
      rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching customers" /> : undefined}
      onChange={(next) => {
        const user = found.data?.find((u) => String(u.id) === next) ?? (picked && String(picked.id) === next ? picked : null);
        const chosen = user ? { id: user.id, email: user.email } : null;
        setPicked(chosen);
        onChange(next, chosen);
      }}
    />
  );
}
