import { createRoute } from '@tanstack/react-router';
import { guardedRoute } from '../../app/layoutRoute';
import type { AreaRoutes } from '../../app/areaRoutes';
import { HomeScreen } from './HomeScreen';

/** '/': the signed-in member's dashboard (the spec's Home, parent of all other screens). */
export const homeRoute = createRoute({
  ...guardedRoute('/'),
  component: HomeScreen,
});

export const homeRoutes: AreaRoutes = [homeRoute];
