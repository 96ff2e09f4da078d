import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/errors';

/**
 * What a record screen shows before its data is there: a labelled loader while it loads; when it
 * failed, "not found" for a record that does not exist (a 404: deleted, or an old link), otherwise
 * the error with a Retry; null once the data can be rendered.
 */
export function detailFallback(query: UseQueryResult<unknown>, { loading, title }: { loading: string; title: string }): ReactNode | null {
  if (query.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={loading} />
      </Group>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Alert color="yellow" role="alert" title={`${title} not found`}>
          <Text size="sm">It does not exist, or it was deleted.</Text>
        </Alert>
      );
    }
    return (
      <Alert color="red" role="alert" title={title}>
        <Text size="sm">{errorMessage(query.error)}</Text>
        <Button size="xs" variant="light" mt="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return null;
}
