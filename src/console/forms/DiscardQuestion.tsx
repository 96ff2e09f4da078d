import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

/** "Discard your changes?" asked in place of a form's buttons; Keep editing takes the focus. */
export function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => keep.current?.focus(), []);
  return (
    <Paper withBorder p="sm" role="group" aria-labelledby={questionId}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} id={questionId}>
          Discard your changes?
        </Text>
        <Group gap="sm">
          <Button ref={keep} variant="default" onClick={onKeep}>
            Keep editing
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
