import { Kbd, Menu } from '@mantine/core';
import { useState } from 'react';
import type { Resource } from '../resource/resource';
import { DotsIcon } from '../table/icons';
import { availableActions, type Can } from './available';
import classes from '../ui/IconButton.module.css';

/**
 * The row menu (kebab): the actions the row can take now, with their shortcut letters. An action
 * whose server flag the row lacks is left out (the spec's "shown when … present"); its shortcut
 * and the palette still say why it cannot run. The button opens with Enter/Space; the menu is
 * arrow-key navigable. An item that opens a dialog says so (aria-haspopup).
 *
 * Until a row's menu is first opened only its button is rendered: a list paints fifty rows at
 * once, and fifty idle popovers (floating positioning, transitions, focus traps) were a large
 * part of a list's first render. Once opened, the menu stays mounted so focus returns to its
 * button when it closes. The button is a plain one styled as Mantine's subtle ActionIcon, for
 * the same reason.
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
  const [mounted, setMounted] = useState(false);
  const actions = availableActions(resource, row, can).filter((a) => a.enabled);
  if (actions.length === 0) return null;
  const subject = resource.describe(row);
  if (!mounted && !opened) {
    return (
      <button
        type="button"
        className={`${classes.button} mantine-focus-auto`}
        aria-label={`Actions for ${subject}`}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={(event) => {
          event.stopPropagation();
          setMounted(true);
          onOpenedChange?.(true);
        }}
      >
        <DotsIcon />
      </button>
    );
  }
  return (
    <Menu opened={opened} defaultOpened={opened === undefined} onChange={onOpenedChange} position="bottom-end" withinPortal shadow="md" width={260} returnFocus>
      <Menu.Target>
        <button
          type="button"
          className={`${classes.button} mantine-focus-auto`}
          aria-label={`Actions for ${subject}`}
          onClick={(event) => event.stopPropagation()}
        >
          <DotsIcon />
        </button>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        {actions.map(({ action }) => (
          <Menu.Item
            key={action.id}
            color={action.color}
            leftSection={action.icon}
            rightSection={action.shortcut ? <Kbd size="xs">{action.shortcut}</Kbd> : undefined}
            onClick={() => onRun(action.id)}
            aria-keyshortcuts={action.shortcut}
            aria-haspopup={action.dialog || action.confirm ? 'dialog' : undefined}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
