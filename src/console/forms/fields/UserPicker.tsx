import { Loader, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api } from '../../api/client';
import { useListEngine } from '../../list/engineContext';

export interface PickedUser {
  id: number;
  email: string;
  name?: string;
}

/** Another way to find customers, for a member who may not see users (a coupon manager's picker). */
export type UserSearch = (search: string, signal: AbortSignal) => Promise<PickedUser[]>;

export interface UserPickerProps {
  label: string;
  /** The picked user's id as text (`by: 'id'`) or e-mail (`by: 'email'`); null when none. */
  value: string | null;
  onChange: (value: string | null, user: PickedUser | null) => void;
  by?: 'id' | 'email';
  /** The user already picked when the form opens, so it is shown before any search. */
  selected?: PickedUser | null;
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  clearable?: boolean;
  /** For members without viewUsers; without it they type the e-mail or id themselves. */
  searchWithout?: UserSearch;
  'data-autofocus'?: boolean;
}

const SEARCH_WAIT_MS = 250;

/**
 * A customer picked by e-mail, name, telegram username or id, searched on the server 20 at a time
 * through the users search (GET /users/search) as the text is typed: nothing is loaded up front,
 * however many customers the panel has. The picked one stays listed while another search runs.
 * A member who may not see users gets `searchWithout` when the screen offers one, else a plain
 * input for the e-mail or id (the server says whether it names a customer).
 */
export function UserPicker(props: UserPickerProps) {
  const { can } = useListEngine();
  const mayView = can('viewUsers');
  if (!mayView && !props.searchWithout) return <TypedUser {...props} />;
  return <SearchedUser {...props} search={mayView ? searchUsers : props.searchWithout!} searchKey={mayView ? 'users' : 'other'} />;
}

const searchUsers: UserSearch = (search, signal) => api('usersSearch', { query: { search }, signal });

function SearchedUser({
  label,
  value,
  onChange,
  by = 'id',
  selected,
  error,
  description,
  placeholder = 'Search by e-mail, name or id',
  required,
  clearable = true,
  search: run,
  searchKey,
  'data-autofocus': autofocus,
}: UserPickerProps & { search: UserSearch; searchKey: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_WAIT_MS);
  const found = useQuery({
    queryKey: ['user-picker', searchKey, debounced],
    queryFn: ({ signal }) => run(debounced, signal),
    staleTime: 30_000,
  });
  const [picked, setPicked] = useState<PickedUser | null>(selected ?? null);
  const keyOf = (u: PickedUser) => (by === 'id' ? String(u.id) : u.email);
  const users = found.data ?? [];
  const items = users.map((u) => ({ value: keyOf(u), label: u.email }));
  if (picked && value === keyOf(picked) && !items.some((i) => i.value === value)) items.unshift({ value, label: picked.email });
  // A value set before any pick (a draft, an edited record) is still shown.
  if (value && !items.some((i) => i.value === value)) items.unshift({ value, label: value });
  const named = new Map(users.map((u) => [keyOf(u), u]));
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      required={required}
      searchable
      clearable={clearable}
      data-autofocus={autofocus}
      // The server has searched already: its answer is listed as it is.
      filter={({ options }) => options}
      data={items}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      error={error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No such customer'}
      rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching customers" /> : undefined}
      renderOption={({ option }) => {
        const user = named.get(option.value);
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {user?.name ? (
              <Text size="xs" c="dimmed">
                {user.id} · {user.name}
              </Text>
            ) : null}
          </div>
        );
      }}
      onChange={(next) => {
        const user = users.find((u) => keyOf(u) === next) ?? (picked && keyOf(picked) === next ? picked : null);
        const chosen = user ? { id: user.id, email: user.email, name: user.name } : null;
        setPicked(chosen);
        onChange(next, chosen);
      }}
    />
  );
}

/** Without viewUsers and no other search: the e-mail or id typed in. */
function TypedUser({ label, value, onChange, by = 'id', error, description, required, 'data-autofocus': autofocus }: UserPickerProps) {
  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      error={error}
      data-autofocus={autofocus}
      autoComplete="off"
      type={by === 'email' ? 'email' : 'text'}
      inputMode={by === 'id' ? 'numeric' : undefined}
      placeholder={by === 'email' ? 'The customer’s e-mail' : 'The customer’s id'}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null, null)}
    />
  );
}
