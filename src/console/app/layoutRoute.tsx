import { createRoute, type ParsedLocation } from '@tanstack/react-router';
import { AppLayout } from './AppLayout';
import { guardAppNavigation, guardRoute } from './guard';
import { rootRoute } from './rootRoute';
import { RouteErrorScreen } from './RouteErrorScreen';
import type { RouterContext } from './routerContext';
import { routeAccessFor, type RouteAccess } from '../navigation/routes';

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
 * The common options of a guarded route, to spread into createRoute (app/areaRoutes.tsx builds
 * the areas' routes with it):
 *
 *   createRoute({ ...guardedRoute('users'), component: UsersScreen });
 *
 * `path` is relative to the layout ('users', 'users/$id'). The access defaults to the path's
 * row in the screen table (app/screens.ts) and must be given for paths the table does not list.
 */
export function guardedRoute<const TPath extends string>(path: TPath, access: RouteAccess = routeAccessFor(path)) {
  return {
    getParentRoute: () => appLayoutRoute,
    path,
    beforeLoad: ({ context, location }: { context: RouterContext; location: ParsedLocation }) => guardRoute(access, context.session, location),
    staticData: { access },
  };
}
