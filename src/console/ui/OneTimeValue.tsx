import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * A value the server shows once (a webhook's signing secret, a one-time password link): kept in
 * memory only, between the answer that carried it and the screen that shows it, and gone once read —
 * never in the URL, storage or the query cache. `keepOneTime` stores it, `useOneTime` takes it.
 */
const values = new Map<string, string>();

export const keepOneTime = (key: string, value: string): void => void values.set(key, value);

/** The value kept under this key (read once: later renders of the same screen keep it in state). */
export function useOneTime(key: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState<string | null>(() => {
    const kept = values.get(key) ?? null;
    values.delete(key);
    return kept;
  });
  return [value, setValue];
}

/** The value with a copy button and the warning that it will not be shown again. */
export function OneTimeValueAlert({ title, value, children, onDismiss }: { title: string; value: string; children?: ReactNode; onDismiss?: () => void }) {
  return (
    <Alert color="yellow" variant="light" title={title} role="status" withCloseButton={!!onDismiss} onClose={onDismiss} closeButtonLabel="Hide">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }} data-testid="one-time-value">
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'}>
                <ActionIcon variant="default" onClick={copy} aria-label={copied ? 'Copied' : `Copy ${title.toLowerCase()}`}>
                  <Text size="xs" fw={600}>
                    {copied ? '✓' : '⧉'}
                  </Text>
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">It is shown only now: copy it before you leave this screen.</Text>
        {children}
      </Stack>
    </Alert>
  );
}
