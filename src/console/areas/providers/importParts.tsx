import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { stripRowPrefix } from '../../forms/mapServerErrors';
import { DialogCloseAction } from '../../ui/DialogActions';

/**
 * What the import dialogs (services, packages, provider services) share: the state of reading the
 * provider's live catalogue, the server's errors placed on the submitted rows, and the note under a
 * table that shows only its first rows.
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

/**
 * The server's errors on an import by row id: `services.3.price` (or `importableServicesIds.3`) belongs to
 * the fourth submitted row, which shows all its messages; an error that names no submitted row goes to the
 * dialog's alert, so none is invisible.
 */
export function importRowErrors(
  errors: Record<string, string[]> | null | undefined,
  field: string,
  submitted: readonly string[],
): { byRow: Record<string, string>; unplaced: string[] } {
  const byRow: Record<string, string> = {};
  const unplaced: string[] = [];
  const rowKey = new RegExp(`^${field}\\.(\\d+)(?:\\.|$)`);
  for (const [key, messages] of Object.entries(errors ?? {})) {
    if (messages[0] === undefined) continue;
    const message = stripRowPrefix(messages[0]);
    const m = rowKey.exec(key);
    const id = m ? submitted[Number(m[1])] : undefined;
    if (id === undefined) unplaced.push(message);
    else byRow[id] = byRow[id] ? `${byRow[id]} ${message}` : message;
  }
  return { byRow, unplaced };
}
