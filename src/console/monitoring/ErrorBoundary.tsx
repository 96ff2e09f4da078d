import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Center, Code, Stack, Text } from '@mantine/core';
import { reportError } from './errorReporter';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** The last line of defence around the whole app: report, then offer a reload. */
export class AppErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportError(error, 'react');
  }

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const message = this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return (
      <Center mih="100vh" p="md">
        <Alert color="red" title="Something went wrong" maw={560} role="alert">
          <Stack gap="sm">
            <Text size="sm">The console hit an unexpected error and has reported it. Reloading usually helps.</Text>
            <Code block>{message}</Code>
            <Button onClick={() => window.location.reload()} w="fit-content">
              Reload
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
}
