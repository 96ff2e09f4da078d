import { createRouter, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getAnalytics } from '../monitoring/analytics';
import { reportError } from '../monitoring/errorReporter';
import type { Session } from '../session/session';
import { areaRouteModules, type AreaRoutes } from './areaRoutes';
import { financesRoute } from './financesRoute';
import { appLayoutRoute } from './layoutRoute';
import { loginRoute } from './loginRoute';
import { rootRoute } from './rootRoute';
import { FullPageLoader } from './FullPageLoader';
import { RouteErrorScreen } from './RouteErrorScreen';

export interface CreateAppRouterOptions {
  queryClient: QueryClient;
  session: Session;
  /** The area modules to mount (tests pass their own). */
  areas?: readonly AreaRoutes[];
  /** A memory history in tests; the browser's otherwise. */
  history?: Parameters<typeof createRouter>[0]['history'];
}

export function buildRouteTree(areas: readonly AreaRoutes[]): AnyRoute {
  const children: AnyRoute[] = [financesRoute, ...areas.flat()];
  return rootRoute.addChildren([loginRoute, appLayoutRoute.addChildren(children)]);
}

/**
 * The app's router: history mode, guarded layout, area routes, unknown paths to Home (root
 * not-found), scroll reset on navigation (restored on Back/Forward), page views and route errors
 * reported to monitoring. The session navigates through it.
 */
export function createAppRouter({ queryClient, session, areas = areaRouteModules, history }: CreateAppRouterOptions) {
  const router = createRouter({
    routeTree: buildRouteTree(areas),
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
