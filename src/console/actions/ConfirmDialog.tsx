import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { NOT_UNDOABLE_TEXT, UNDOABLE_TEXT } from './types';

/**
 * The confirmation of a list action (operations.md §1): title (default 'Confirm your move'), text,
 * whether it can be undone, 'Cancel' and 'Proceed'. Proceed has the initial focus, so Enter
 * proceeds; Esc cancels; the modal traps focus and gives it back on close.
 */
export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  undoable: boolean;
  confirmLabel: string;
  cancelLabel: string;
  color?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ opened, title, text, undoable, confirmLabel, cancelLabel, color, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter anywhere but on the Cancel button proceeds (the Proceed button handles its own).
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('button')) return;
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size={600}
      centered
      trapFocus
      returnFocus
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
    >
      <Stack gap="md" onKeyDown={onKeyDown}>
        <Text>{text}</Text>
        <Text size="sm" c="dimmed">
          {undoable ? UNDOABLE_TEXT : NOT_UNDOABLE_TEXT}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button data-autofocus color={color} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
