import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the profile screen. */
export function ProfilePanel({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `user-panel-${id ?? title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The general error of a panel form and its submit button. */
export function PanelFormFooter({
  error,
  submitting,
  label = 'Save',
  disabled,
}: {
  error: string | null;
  submitting: boolean;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={submitting} disabled={disabled}>
          {label}
        </Button>
      </Group>
    </Stack>
  );
}
