import { ActionIcon, Kbd, Menu, Text } from '@mantine/core';
import type { Resource } from '../table/resource';
import { DotsIcon } from '../table/icons';
import { availableActions, type Can } from './available';

/**
 * The row menu (kebab): the row's available actions with their shortcut letters; a disabled
 * action shows why. The button opens with Enter/Space; the menu is arrow-key navigable.
 */
export interface RowActionsMenuProps<Row> {
  resource: Resource<Row>;
  row: Row;
  can: Can;
  onRun: (actionId: string) => void;
  opened?: boolean;
  onOpenedChange?: (opened: boolean) => void;
}

export function RowActionsMenu<Row>({ resource, row, can, onRun, opened, onOpenedChange }: RowActionsMenuProps<Row>) {
  const actions = availableActions(resource, row, can);
  if (actions.length === 0) return null;
  const subject = resource.describe(row);
  return (
    <Menu opened={opened} onChange={onOpenedChange} position="bottom-end" withinPortal shadow="md" width={260} returnFocus>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${subject}`} onClick={(event) => event.stopPropagation()}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        {actions.map(({ action, enabled, reason }) => (
          <Menu.Item
            key={action.id}
            disabled={!enabled}
            color={action.color}
            leftSection={action.icon}
            rightSection={action.shortcut ? <Kbd size="xs">{action.shortcut}</Kbd> : undefined}
            onClick={() => onRun(action.id)}
            aria-keyshortcuts={action.shortcut}
            title={reason}
          >
            {action.label}
            {!enabled && reason && (
              <Text size="xs" c="dimmed" component="span" display="block">
                {reason}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
