import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { DocumentSettings } from './instanceSettings';
import type { RouterContext } from './routerContext';

/** Unknown paths (and paths whose area is not built) go to Home (operations.md §2). */
export function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}

function Root() {
  return (
    <>
      <DocumentSettings />
      <Outlet />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundRedirect,
});
