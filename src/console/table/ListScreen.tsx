import { Stack, Title } from '@mantine/core';
import type { ListScreenProps } from '../resource/area';
import { ResourceTable } from './ResourceTable';

/**
 * The standard list screen: the list's heading and its table, state in the URL. Every resource
 * with a `path` gets it unless its area gives that path a screen of its own.
 */
export function ListScreen({ resource, search, onSearchChange }: ListScreenProps) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {resource.title}
      </Title>
      <ResourceTable resource={resource} search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
