import { apiBaseUrlForPage } from '../api/baseUrl';
import { loadContractAfter } from '../api/contract';
import { firstScreenPainted } from '../offline/firstPaint';
import { clearStaffCache } from '../offline';
import { warmConsoleDb } from '../offline/db';
import { connectMutationQueueToSession } from '../actions/queueReplay';
import { queryCacheLimits } from '../offline/queryPersister';
import { restoreScreenQueries, screenAddress } from '../offline/screenRestore';
import { forgetScreenSnapshot } from '../offline/screenSnapshot';
import { forgetDraftsOnLogout } from '../forms/drafts';
import { forgetSavedProfile, savedProfileFor } from '../offline/startupAnswers';
import { followBrowserOnlineState } from '../offline/useOnline';
import { connectRealtimeToSession } from '../realtime';
import { onLogout } from '../session/lifecycle';
import { createSession } from '../session/session';
import { consumeUrlToken } from '../session/urlToken';
import { settingsQueryOptions } from '../session/instanceSettings';
import { createAppQueryClient } from './queryClient';
import { createAppRouter } from './router';

/**
 * Builds the running console in start-up order: a token in the URL is taken first (before the
 * router reads the address), then the QueryClient, the session (API base URL, cookie, refresh
 * loop), the router, the settings request and the realtime connection.
 */
export function createConsole() {
  consumeUrlToken();
  // The endpoint table (schemas that check answers) is built once the first screen has painted;
  // IndexedDB opens while the rest of the start-up runs.
  loadContractAfter(firstScreenPainted);
  warmConsoleDb();
  // Opened offline, queries wait for the connection (lists show their saved pages) instead of failing.
  followBrowserOnlineState();
  const queryClient = createAppQueryClient();
  const session = createSession({ queryClient, apiBaseUrl: apiBaseUrlForPage() });
  const router = createAppRouter({ queryClient, session });
  // The screen being opened loads its code now, in parallel with the profile and the saved answers.
  preloadScreenOf(router, window.location.pathname);
  void queryClient.prefetchQuery(settingsQueryOptions);
  // Live counters: connect once the profile is loaded, disconnect on logout.
  connectRealtimeToSession({ session, queryClient });
  // Actions queued offline are replayed for the signed-in member, at sign-in and when back online.
  connectMutationQueueToSession({ queryClient });
  // Logout removes the member's cached lists and records from IndexedDB (another member never sees them).
  onLogout(({ userId }) => (userId != null ? clearStaffCache(userId, queryClient) : undefined));
  onLogout(forgetSavedProfile);
  onLogout(forgetScreenSnapshot);
  forgetDraftsOnLogout();
  // The saved answers of the screen being opened go into the cache before the first render.
  const member = savedProfileFor(session.currentToken());
  const restored = member
    ? restoreScreenQueries(queryClient, member.id, screenAddress(window.location), queryCacheLimits()).then(() => undefined)
    : Promise.resolve();
  // The router resolves the address meanwhile (guards with the saved profile, the screen's code),
  // so the first render is the whole screen, not an empty shell, a load in its commit and a
  // second pass. A guard that waits on the network (no saved profile) is not waited for long:
  // the router's pending screen takes over after ROUTER_WAIT_MS.
  const routed = Promise.race([router.load().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ROUTER_WAIT_MS))]);
  const ready = Promise.all([restored, routed]).then(() => undefined);
  return { queryClient, session, router, ready };
}

/** The longest the first render waits for the router to resolve the address. */
const ROUTER_WAIT_MS = 300;

/** Starts loading the code of the screens a pathname opens (their lazy components). */
function preloadScreenOf(router: ReturnType<typeof createAppRouter>, pathname: string): void {
  try {
    for (const match of router.matchRoutes(pathname)) {
      const route = router.routesById[match.routeId as keyof typeof router.routesById] as { options?: { component?: { preload?: () => unknown } } } | undefined;
      void route?.options?.component?.preload?.();
    }
  } catch {
    // An address no route matches: nothing to load ahead.
  }
}
