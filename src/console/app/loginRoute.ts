import { createRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '../session/LoginScreen';
import { rootRoute } from './rootRoute';

/** /login: no auth flag; a member who is already signed in goes Home. */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  beforeLoad: ({ context }) => {
    if (context.session.currentToken()) throw redirect({ to: '/', replace: true });
  },
  component: LoginScreen,
});
