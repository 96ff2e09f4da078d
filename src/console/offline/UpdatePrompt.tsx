import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { getPendingUpdate, subscribeToUpdates } from './serviceWorker';

/**
 * "A new version is available" with a Reload button, while a new version of the console waits.
 * The member chooses the moment (a reload in the middle of typing would lose the text).
 */
export function UpdatePrompt() {
  const update = useSyncExternalStore(subscribeToUpdates, getPendingUpdate, getPendingUpdate);
  const [reloading, setReloading] = useState(false);
  if (!update) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Paper withBorder shadow="md" p="sm" radius="md" role="status" aria-live="polite">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">A new version is available</Text>
          <Button
            size="xs"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              update.activate();
            }}
          >
            Reload
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
