import { Alert, Badge, Button, Drawer, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useSession } from '../session/SessionContext';
import { DateTime } from '../ui/DateTime';
import { humanize } from '../ui/format';
import { getMutationQueue, type MutationQueue, type QueuedMutation, type QueuedMutationStatus } from './mutationQueue';
import { useOnline } from './useOnline';
import { useQueuedMutations } from './useQueuedMutations';
import { iconProps } from '../ui/iconProps';

/**
 * The header's view of the offline action queue: a button with the number of
 * actions waiting or failed (hidden when none), opening the list in order, with the server's
 * answer shown against a failed action and Cancel / Dismiss / Retry / Send now.
 */
export function QueueIndicator() {
  const { userId } = useSession();
  return userId === null ? null : <QueuedActions staffId={userId} />;
}

const countText = (count: number) => `${count} queued action${count === 1 ? '' : 's'}`;

const STATUS_TEXT: Record<QueuedMutationStatus, string> = { queued: 'Waiting', sending: 'Sending', failed: 'Failed' };
const STATUS_COLOR: Record<QueuedMutationStatus, string> = { queued: 'blue', sending: 'teal', failed: 'red' };

/** The button and list of one member's queue. */
export function QueuedActions({ staffId }: { staffId: string | number }) {
  const items = useQueuedMutations(staffId);
  const online = useOnline();
  const [opened, { open, close }] = useDisclosure(false);
  const failed = items.filter((item) => item.status === 'failed').length;
  const pending = items.length - failed;
  const sending = items.some((item) => item.status === 'sending');

  // The last item gone (sent or cancelled): the list closes rather than reopening with the next one.
  useEffect(() => {
    if (items.length === 0) close();
  }, [items.length, close]);

  if (items.length === 0) return null;
  const queue = getMutationQueue(staffId);
  const label = failed > 0 ? `${countText(items.length)}, ${failed} failed` : countText(items.length);

  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color={failed > 0 ? 'red' : 'blue'}
        leftSection={<QueueIcon />}
        aria-label={label}
        aria-haspopup="dialog"
        title={label}
        onClick={open}
      >
        {items.length}
      </Button>
      <Drawer opened={opened} onClose={close} position="right" size="md" title="Queued actions">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {online
              ? 'Actions taken without a connection, sent to the server one by one in this order.'
              : 'You are offline. These actions are sent in this order when the connection returns.'}
          </Text>
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Queued actions">
            {items.map((item) => (
              <QueuedActionItem key={item.id} item={item} queue={queue} />
            ))}
          </Stack>
          {online && pending > 0 && (
            <Group justify="flex-end">
              <Button onClick={() => void queue.replay()} loading={sending}>
                Send now
              </Button>
            </Group>
          )}
        </Stack>
      </Drawer>
    </>
  );
}

function QueuedActionItem({ item, queue }: { item: QueuedMutation; queue: MutationQueue }) {
  const failed = item.status === 'failed';
  const cancelText = failed ? 'Dismiss' : 'Cancel';
  return (
    <Paper component="li" withBorder p="sm" aria-label={item.label}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={500}>
          {item.label}
        </Text>
        <Badge color={STATUS_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
          {STATUS_TEXT[item.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" component="div">
        Queued <DateTime value={item.createdAt} size="xs" />
      </Text>
      {failed && item.error && <QueueItemError error={item.error} />}
      <Group gap="xs" mt="xs" justify="flex-end">
        {failed && (
          <Button size="compact-xs" variant="light" aria-label={`Retry ${item.label}`} onClick={() => void queue.retry(item.id)}>
            Retry
          </Button>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={`${cancelText} ${item.label}`}
          disabled={item.status === 'sending'}
          onClick={() => void queue.cancel(item.id)}
        >
          {cancelText}
        </Button>
      </Group>
    </Paper>
  );
}

/** The server's answer to a failed action: its message and, for a 422, the field errors. */
function QueueItemError({ error }: { error: NonNullable<QueuedMutation['error']> }) {
  const fields = Object.entries(error.fieldErrors ?? {});
  return (
    <Alert color="red" variant="light" mt="xs" p="xs" title={error.status ? `Refused by the server (${error.status})` : 'Not sent'}>
      <Text size="sm">{error.message}</Text>
      {fields.length > 0 && (
        <List size="sm" mt={4}>
          {fields.map(([field, messages]) => (
            <List.Item key={field}>
              {humanize(field)}: {messages.join(' ')}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

const QueueIcon = () => (
  <svg {...iconProps({})}>
    <path d="M16 16l-4-4-4 4M12 12v9" />
    <path d="M20.39 18.39A5 5 0 0 0 18 9h-1.26A8 8 0 1 0 3 16.3" />
  </svg>
);
