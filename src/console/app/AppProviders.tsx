import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AppErrorBoundary } from '../monitoring/ErrorBoundary';
import { HintLayer } from '../ui/HintLayer';
import { SessionProvider } from '../session/SessionContext';
import type { Session } from '../session/session';
import type { AppRouter } from './router';
import { firstScreenPainted } from '../offline/firstPaint';
import { colorSchemeManager, theme } from './theme';

/**
 * Notifications bottom right, never over the header (counters, the offline queue, the account
 * menu). Mounted once the first screen has painted: its portal and transition groups are no part
 * of that screen, and a notice shown before then waits in the store and appears when it mounts.
 */
function DeferredNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void firstScreenPainted.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? <Notifications position="bottom-right" limit={5} /> : null;
}

export type QueryProviderComponent = ComponentType<{ client: QueryClient; children: ReactNode }>;

export interface AppProvidersProps {
  queryClient: QueryClient;
  session: Session;
  children: ReactNode;
  /** Replaces QueryClientProvider (the offline module passes its persisting provider). */
  queryProvider?: QueryProviderComponent;
  /** 'test' turns off transitions and portals (component tests). */
  mantineEnv?: 'default' | 'test';
}

/** Mantine (theme, stored light/dark choice), the error boundary, Query, session, notifications, the hint tooltips (confirmations are mounted with the list engine). */
export function AppProviders({ queryClient, session, children, queryProvider: QueryProvider = QueryClientProvider, mantineEnv }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" env={mantineEnv}>
      <AppErrorBoundary>
        <QueryProvider client={queryClient}>
          <SessionProvider session={session}>
            <DeferredNotifications />
            <HintLayer />
            {children}
          </SessionProvider>
        </QueryProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  router: AppRouter;
}

export function App({ router, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
