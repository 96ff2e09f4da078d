import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface RecordHeaderProps {
  /**
   * The way back: the record's list (a bare list address brings back the filters the member left
   * it with, src/console/list/useListState.ts) or the record it belongs to, named by its title.
   */
  back: { to: string; label: string };
  /** The screen's heading: the record's name or "Order 5". */
  title: ReactNode;
  /** Beside the title: the status label and badges such as "Archived". */
  status?: ReactNode;
  /** Under the title: what identifies the record besides its name (an e-mail, an address). */
  description?: ReactNode;
  /** Shows "Updating…" while the record is fetched again. */
  updating?: boolean;
  /** The record's actions, at the right (RecordActions, or buttons of the screen's own). */
  actions?: ReactNode;
}

/**
 * The top of every record screen: the way back, the heading (the screen's h1, as a list's title
 * is), the status, a line that identifies the record and its actions. One layout for all of them.
 */
export function RecordHeader({ back, title, status, description, updating, actions }: RecordHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={4} miw={0}>
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          {back.label}
        </Anchor>
        <Group gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {status}
          {updating && <Badge variant="light">Updating…</Badge>}
        </Group>
        {description}
      </Stack>
      {actions}
    </Group>
  );
}
