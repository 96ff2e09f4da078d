import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A record screen's labelled value: the label small and dimmed above, the value below in the
 * size of the values beside it (money, dates and statuses are small text). A long value (an
 * order's URL) wraps inside its grid cell instead of running over the next one.
 */
export function Field({ label, children, definition }: { label: string; children: ReactNode; definition?: boolean }) {
  // Inside a <dl> (`definition`), the label is the term and the value its description.
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" component={definition ? 'dt' : undefined}>
        {label}
      </Text>
      <Box fz="sm" component={definition ? 'dd' : undefined} m={definition ? 0 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Stack>
  );
}
