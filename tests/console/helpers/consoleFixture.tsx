import { cleanup, render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import type { Permission } from '../../../src/contract/permissions';
import { App } from '../../../src/console/app/AppProviders';
import { createAppQueryClient } from '../../../src/console/app/queryClient';
import { createAppRouter } from '../../../src/console/app/router';
import { areaRoutes } from '../../../src/console/app/areaRoutes';
import homeArea from '../../../src/console/areas/home';
import ordersArea from '../../../src/console/areas/orders';
import usersArea from '../../../src/console/areas/users';
import { saveToken } from '../../../src/console/session/cookie';
import { createSession, type Session } from '../../../src/console/session/session';
import { clearCookies, json, makeProfile, makeSettings, scriptFetch, type FetchHandler } from './app.fixtures';

/**
 * The whole signed-in console (home, orders and users areas) on a memory history, against a
 * scripted API: the start-up calls are answered, tests add the calls they exercise.
 */

let running: Session | null = null;

export function mountConsole(path: string, permissions: Permission[], routes: Record<string, FetchHandler | Response> = {}) {
  saveToken('tok-1');
  const seen = scriptFetch({
    'GET /settings': json(makeSettings()),
    'GET /api/v1/profile': json(makeProfile(permissions)),
    'GET /api/v1/admin/websockets/init': json({ ordersInProcessing: 0, ordersInModeration: 0, ordersWithNoActiveProviders: 0, freeTrialsPending: 0 }),
    'GET /api/v1/admin/home/activity': json({ changeLogs: [], audits: [] }),
    'POST /api/v1/page-views': json({ message: 'ok' }),
    'POST /api/v1/client-errors': json({ message: 'ok' }),
    ...routes,
  });
  const queryClient = createAppQueryClient();
  const session = createSession({ queryClient, apiBaseUrl: '' });
  running = session;
  const router = createAppRouter({
    queryClient,
    session,
    routes: areaRoutes([homeArea, ordersArea, usersArea]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<App queryClient={queryClient} session={session} router={router} mantineEnv="test" />);
  return { router, session, seen };
}

/** Unmounts the console and undoes what mountConsole set up (call in afterEach). */
export function unmountConsole(): void {
  cleanup();
  running?.dispose();
  running = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearCookies();
}
