import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import type { ContractForm } from './useContractForm';

/**
 * The form's general alert: errors that have no field in the form (an unknown key, a whole-body
 * rule), else `message` (a failure that is not about fields). Errors shown under a field are never
 * repeated here.
 */
export function FormAlert({ form, message }: { form: ContractForm<any, any>; message?: string | null }) {
  const [unplaced, setUnplaced] = useState<string[]>([]);
  // Fields are read from the rendered form, so after each commit.
  useLayoutEffect(() => {
    const next = form.unplacedErrors();
    setUnplaced((previous) => (previous.join('\n') === next.join('\n') ? previous : next));
  });
  const lines = unplaced.length > 0 ? unplaced : message ? [message] : [];
  if (lines.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <List size="sm">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Says the form opened with the member's unsaved changes, with the way back to the record's values. */
export function DraftNotice({ form }: { form: ContractForm<any, any> }) {
  if (!form.draft.restored) return null;
  return (
    <Alert color="blue" p="xs" role="status">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">Restored your unsaved changes</Text>
        <Button size="compact-sm" variant="subtle" onClick={form.draft.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
