import { Card, Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A titled card of a screen (a record's orders, its change log, its transactions): a section that
 * screen readers list by its heading. `order` keeps the page's heading levels in sequence.
 */
export function Section({ title, order = 3, children }: { title: ReactNode; order?: TitleOrder; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Title order={order} size="h5" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
