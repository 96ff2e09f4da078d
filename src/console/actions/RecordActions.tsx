import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Resource } from '../resource/resource';
import { useListEngine } from '../list/engineContext';
import { availableActions } from './available';
import { useRunAction } from './useRunAction';

export interface RecordActionsProps<Row> {
  resource: Resource<Row>;
  row: Row;
  /** The group's name for screen readers ("Coupon actions"). */
  label: string;
  /** A screen's own buttons, first. */
  children?: ReactNode;
  /** After an action has run to the end (a screen leaves a record it deleted). */
  onDone?: (actionId: string) => void | Promise<void>;
}

/**
 * A record screen's actions as buttons: the row actions its list offers for this record now (by
 * flag and permission), run as from the list. `children` go first (a screen's own buttons).
 */
export function RecordActions<Row>({ resource, row, label, children, onDone }: RecordActionsProps<Row>) {
  const { can } = useListEngine();
  const run = useRunAction();
  const actions = availableActions(resource, row, can).filter((a) => a.enabled);
  if (actions.length === 0 && !children) return null;
  return (
    <Group gap="xs" aria-label={label} role="group">
      {children}
      {actions.map(({ action }) => (
        <Button
          key={action.id}
          size="xs"
          variant="light"
          color={action.color}
          onClick={async () => {
            if ((await run.row(resource, action.id, row)) === 'done') await onDone?.(action.id);
          }}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}
