import { useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Button, getDefaultZIndex, Group, Modal, Stack, Text } from '@mantine/core';
import { CONFIRM_DEFAULTS, CONFIRM_MAX_WIDTH, confirmStore, undoText } from './confirm';

const subscribe = confirmStore.subscribe;
/**
 * Above every other dialog: a confirmation is often asked from one (a form being closed, a
 * session ended from the account's devices), and dialogs of one z-index stack by the order their
 * portals were mounted, which says nothing about which was opened last.
 */
const CONFIRM_Z_INDEX = getDefaultZIndex('modal') + 1;
const current = () => confirmStore.current();

/**
 * The one confirmation dialog of the console: ad-hoc questions (`confirm()`) and list actions
 * (the action host asks through it) alike. Mantine's Modal traps focus inside and returns it to
 * the element that opened the dialog; the agree button takes focus, so Enter agrees and Esc (or
 * a click outside) disagrees. While the confirmed work runs it stays up, busy.
 */
export function ConfirmDialogHost() {
  const request = useSyncExternalStore(subscribe, current, current);
  // The last request's texts stay on screen while the dialog fades out.
  const shown = useRef(request);
  if (request) shown.current = request;
  const options = shown.current?.options ?? {};
  const busy = request?.busy ?? false;
  const answer = (agreed: boolean) => {
    if (request && !busy) confirmStore.settle(request.id, agreed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Enter on a button presses that button; elsewhere in the dialog it means agree.
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, textarea, [role="button"]')) return;
    event.preventDefault();
    answer(true);
  };
  const body = options.body;

  return (
    <Modal
      opened={!!request}
      onClose={() => answer(false)}
      title={options.title ?? CONFIRM_DEFAULTS.title}
      size={CONFIRM_MAX_WIDTH}
      centered
      zIndex={CONFIRM_Z_INDEX}
      trapFocus
      returnFocus
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      onKeyDown={onKeyDown}
    >
      <Stack gap="xs">
        {body !== undefined && body !== null && (typeof body === 'string' ? <Text>{body}</Text> : body)}
        {options.undoable !== undefined && <Text size="sm">{undoText(options.undoable)}</Text>}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => answer(false)} disabled={busy}>
          {options.disagree ?? CONFIRM_DEFAULTS.disagree}
        </Button>
        <Button color={options.agreeColor} onClick={() => answer(true)} loading={busy} data-autofocus>
          {options.agree ?? CONFIRM_DEFAULTS.agree}
        </Button>
      </Group>
    </Modal>
  );
}
