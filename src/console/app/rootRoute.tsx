import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { markFirstScreenCommitted } from '../offline/firstPaint';
import { DocumentSettings } from '../session/instanceSettings';
import type { RouterContext } from './routerContext';

/** Unknown paths (and paths whose area is not built) go to Home. */
export function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}

function Root() {
  useEffect(markFirstScreenCommitted, []);
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
