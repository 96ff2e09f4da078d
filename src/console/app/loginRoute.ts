import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './rootRoute';

/** /login: no auth flag; a member who is already signed in goes Home. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: ({ context }) => {
    if (context.session.currentToken()) throw redirect({ to: '/', replace: true });
  },
  // Only a signed-out visit needs it: its own chunk.
  component: lazyRouteComponent(() => import('../session/LoginScreen'), 'LoginScreen'),
});
