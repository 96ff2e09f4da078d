import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record screen's labelled value: the label small and dimmed above, the value below. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}
