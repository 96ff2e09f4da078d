import { Card, Group, Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A titled card of a screen (a record's orders, its change log, its transactions): a section that
 * screen readers list by its heading. `order` keeps the page's heading levels in sequence;
 * `actions` (a button or two about the section) sit across from the heading.
 */
export function Section({ title, order = 3, actions, children }: { title: ReactNode; order?: TitleOrder; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  const heading = (
    <Title order={order} size="h5" id={headingId} mb={actions ? 0 : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      {actions ? (
        <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
