import { createRouter, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getAnalytics } from '../monitoring/analytics';
import { reportError } from '../monitoring/errorReporter';
import type { Session } from '../session/session';
import { areaRoutes, isPublicRoute } from './areaRoutes';
import { CONSOLE_AREAS } from './areas';
import { financesRoute } from './financesRoute';
import { appLayoutRoute } from './layoutRoute';
import { loginRoute } from './loginRoute';
import { rootRoute } from './rootRoute';
import { FullPageLoader } from './FullPageLoader';
import { RouteErrorScreen } from './RouteErrorScreen';

export interface CreateAppRouterOptions {
  queryClient: QueryClient;
  session: Session;
  /** The screens' routes (default: every area's; tests pass their own). */
  routes?: readonly AnyRoute[];
  /** A memory history in tests; the browser's otherwise. */
  history?: Parameters<typeof createRouter>[0]['history'];
}

export function buildRouteTree(routes: readonly AnyRoute[]): AnyRoute {
  const children: AnyRoute[] = [financesRoute, ...routes.filter((r) => !isPublicRoute(r))];
  return rootRoute.addChildren([loginRoute, ...routes.filter(isPublicRoute), appLayoutRoute.addChildren(children)]);
}

/**
 * The app's router: history mode, guarded layout, area routes, unknown paths to Home (root
 * not-found), scroll reset on navigation (restored on Back/Forward), page views and route errors
 * reported to monitoring. The session navigates through it.
 */
export function createAppRouter({ queryClient, session, routes = areaRoutes(CONSOLE_AREAS), history }: CreateAppRouterOptions) {
  const router = createRouter({
    routeTree: buildRouteTree(routes),
    context: { queryClient, session },
    history,
    notFoundMode: 'root',
    scrollRestoration: true,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which has its own freshness rules.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageLoader,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteErrorScreen,
    defaultOnCatch: (error) => reportError(error, 'router'),
  });
  session.setNavigator((to) => {
    void router.navigate({ to, replace: true });
  });
  router.subscribe('onResolved', ({ toLocation }) => {
    getAnalytics().pageView(toLocation.pathname);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
