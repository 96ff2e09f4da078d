import { Button, Group, Paper, Text } from '@mantine/core';
import type { Resource } from '../resource/resource';
import { formatNumber } from '../ui/format';
import { availableBulkActions, type Can } from './available';

/** Shown while rows are selected: the count, the allowed bulk actions and 'Clear selection'. */
export interface BulkBarProps<Row> {
  resource: Resource<Row>;
  rows: Row[];
  can: Can;
  onRun: (actionId: string) => void;
  onClear: () => void;
}

export function BulkBar<Row>({ resource, rows, can, onRun, onClear }: BulkBarProps<Row>) {
  if (rows.length === 0) return null;
  const actions = availableBulkActions(resource, rows, can);
  const noun = rows.length === 1 ? resource.nouns[0] : (resource.nouns[1] ?? `${resource.nouns[0]}s`);
  return (
    <Paper withBorder p="xs" role="toolbar" aria-label="Bulk actions">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} aria-live="polite">
          {formatNumber(rows.length)} {noun} selected
        </Text>
        {actions.map(({ action, eligible, enabled, reason }) => (
          <Button
            key={action.id}
            size="xs"
            variant="light"
            color={action.color}
            leftSection={action.icon}
            disabled={!enabled}
            title={reason}
            onClick={() => onRun(action.id)}
          >
            {action.label}
            {enabled && eligible.length !== rows.length ? ` (${formatNumber(eligible.length)})` : ''}
          </Button>
        ))}
        <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
