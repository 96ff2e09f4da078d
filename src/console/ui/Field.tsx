import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A record screen's labelled value: the label small and dimmed above, the value below in the
 * size of the values beside it (money, dates and statuses are small text). A long value (an
 * order's URL) wraps inside its grid cell instead of running over the next one.
 */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Stack>
  );
}
