import { createRoute, redirect } from '@tanstack/react-router';
import { appLayoutRoute } from './layoutRoute';

/** /finances has no screen of its own: it redirects to transactions. */
export const financesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'finances',
  beforeLoad: () => {
    throw redirect({ to: '/transactions', replace: true });
  },
});
