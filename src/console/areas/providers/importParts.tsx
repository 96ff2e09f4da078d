import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { DialogCloseAction } from '../../ui/DialogActions';

/**
 * What the import dialogs (services, packages, provider services) share: the state of reading the
 * provider's live catalogue, and the note under a table that shows only its first rows.
 */

/** A labelled loader while the catalogue is read, the error and a Close button when it failed; null once it is there. */
export function importSourceFallback(
  query: UseQueryResult<unknown>,
  { loading, title, onCancel }: { loading: string; title?: string; onCancel: () => void },
): ReactNode | null {
  if (query.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert" title={title}>
          {errorMessage(query.error)}
        </Alert>
        <DialogCloseAction onClose={onCancel} />
      </Stack>
    );
  }
  if (query.data === undefined) return <Loader size="sm" aria-label={loading} />;
  return null;
}

/** Says how many matching rows the table leaves out. */
export function MoreRowsNote({ matching, shown }: { matching: number; shown: number }) {
  if (matching <= shown) return null;
  return (
    <Text size="xs" c="dimmed">
      {matching - shown} more match: narrow the search to see them.
    </Text>
  );
}
