import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorMessage } from '../api/errors';

/** A screen that failed to load (network down, server error): say why, offer a retry. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack p="md" maw={640}>
      <Alert color="red" title="This page could not be loaded" role="alert">
        <Stack gap="sm">
          <Text size="sm">{errorMessage(error)}</Text>
          <Group>
            <Button
              size="xs"
              onClick={() => {
                reset();
                void router.invalidate();
              }}
            >
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Stack>
  );
}
