import { apiBaseUrlForPage } from '../api/baseUrl';
import { createSession } from '../session/session';
import { consumeUrlToken } from '../session/urlToken';
import { settingsQueryOptions } from './instanceSettings';
import { createAppQueryClient } from './queryClient';
import { createAppRouter } from './router';

/**
 * Builds the running console in start-up order: a token in the URL is taken first (before the
 * router reads the address), then the QueryClient, the session (API base URL, cookie, refresh
 * loop), the router, and the settings request.
 */
export function createConsole() {
  consumeUrlToken();
  const queryClient = createAppQueryClient();
  const session = createSession({ queryClient, apiBaseUrl: apiBaseUrlForPage() });
  const router = createAppRouter({ queryClient, session });
  void queryClient.prefetchQuery(settingsQueryOptions);
  return { queryClient, session, router };
}
