import { Alert, Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';

/**
 * What a record screen shows before its data is there: a labelled loader while it loads, the
 * error in an alert when it failed; null once the data can be rendered.
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
    return (
      <Alert color="red" role="alert" title={title}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return null;
}
