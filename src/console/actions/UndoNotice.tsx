import { Button, Group, Kbd, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clearUndo, runUndo, UNDO_WINDOW_MS, type UndoOffer } from './undo';

/** The green notice of a finished action, with Undo while its offer lasts. */
export function showDoneNotice(title: string, message: string, offer: UndoOffer | null): void {
  if (!offer) {
    clearUndo();
    notifications.show({ color: 'green', title, message });
    return;
  }
  const id = notifications.show({
    color: 'green',
    title,
    autoClose: UNDO_WINDOW_MS,
    message: (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-xs"
          variant="light"
          aria-keyshortcuts="z"
          rightSection={<Kbd size="xs">z</Kbd>}
          onClick={() => {
            notifications.hide(id);
            if (!runUndo(offer)) notifications.show({ color: 'yellow', title: 'Nothing to undo', message: 'The time to undo it has passed.' });
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
