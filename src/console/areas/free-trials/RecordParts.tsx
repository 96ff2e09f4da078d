import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { availableActions } from '../../actions/available';
import { useRunAction } from '../../actions/useRunAction';
import { useListEngine } from '../../table/engineContext';
import type { Resource } from '../../table/resource';

/** Pieces the two record screens of this area share: a labelled field and the row's actions as buttons. */

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export function RecordActions<Row>({ resource, row, label }: { resource: Resource<Row>; row: Row; label: string }) {
  const { can } = useListEngine();
  const run = useRunAction();
  const actions = availableActions(resource, row, can).filter((a) => a.enabled);
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" aria-label={label} role="group">
      {actions.map(({ action }) => (
        <Button key={action.id} size="xs" variant="light" color={action.color} onClick={() => void run.row(resource, action.id, row)}>
          {action.label}
        </Button>
      ))}
    </Group>
  );
}
