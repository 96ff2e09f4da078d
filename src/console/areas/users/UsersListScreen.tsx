import { Stack, Title } from '@mantine/core';
import { ResourceTable } from '../../table/ResourceTable';
import type { ListSearch } from '../../table/urlState';
import { usersResource } from './resource';

export interface UsersListScreenProps {
  search: ListSearch;
  onSearchChange: (search: ListSearch) => void;
}

/** '/users': the users table; its state lives in the URL (a pasted link reproduces the view). */
export function UsersListScreen({ search, onSearchChange }: UsersListScreenProps) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {usersResource.title}
      </Title>
      <ResourceTable resource={usersResource} search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
