import { createRoute, type ParsedLocation } from '@tanstack/react-router';
import { AppLayout } from './AppLayout';
import { guardAppNavigation, guardRoute } from './guard';
import type { RouteNavMeta } from './navMeta';
import { rootRoute } from './rootRoute';
import { RouteErrorScreen } from './RouteErrorScreen';
import type { RouterContext } from './routerContext';
import { routeAccessFor, type RouteAccess } from './routes';

/**
 * The authenticated parent of every area screen (the spec's Home route "parent of all below"):
 * a pathless layout with the AppShell. Area modules hang their routes under it.
 */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context, location }) => guardAppNavigation(context.session, location),
  component: AppLayout,
  errorComponent: RouteErrorScreen,
});

/**
 * The common options of a guarded area route, to spread into createRoute:
 *
 *   export const usersRoute = createRoute({ ...guardedRoute('users'), component: UsersScreen });
 *   export const networksRoute = createRoute({
 *     ...guardedRoute('networks', accessGroups('Networks'), { label: 'Networks', section: 'catalogue' }),
 *     component: NetworksScreen,
 *   });
 *
 * `path` is relative to the layout ('users', 'users/$id'). The access defaults to the path's entry
 * in the route table (app/routes.ts) and must be given for paths the table does not list. `nav`
 * adds a navigation entry for such paths (the table's list screens have theirs in app/nav.ts).
 */
export function guardedRoute<const TPath extends string>(
  path: TPath,
  access: RouteAccess = routeAccessFor(path),
  nav?: RouteNavMeta,
) {
  return {
    getParentRoute: () => appLayoutRoute,
    path,
    beforeLoad: ({ context, location }: { context: RouterContext; location: ParsedLocation }) =>
      guardRoute(access, context.session, location),
    staticData: { access, ...(nav ? { nav } : {}) },
  };
}
