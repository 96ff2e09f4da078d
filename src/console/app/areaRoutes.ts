import type { AnyRoute } from '@tanstack/react-router';
import { homeRoutes } from '../areas/home/routes';
import { ordersRoutes } from '../areas/orders/routes';
import { dripFeedsRoutes } from '../areas/drip-feeds/routes';
import { subscriptionsRoutes } from '../areas/subscriptions/routes';
import { comboOrdersRoutes } from '../areas/combo-orders/routes';
import { externalPanelOrdersRoutes } from '../areas/external-panel-orders/routes';
import { usersRoutes } from '../areas/users/routes';

/**
 * The area route registry. Each area exports a list of its routes (children of `appLayoutRoute`,
 * built with `guardedRoute`) from `areas/<area>/routes.ts`; add it here with one line. Only real
 * screens are registered: a path of the route table without a registered screen resolves to Home,
 * and the navigation shows only registered paths.
 */
export type AreaRoutes = readonly AnyRoute[];

export const areaRouteModules: readonly AreaRoutes[] = [
  homeRoutes,
  usersRoutes,
  ordersRoutes,
  dripFeedsRoutes,
  subscriptionsRoutes,
  comboOrdersRoutes,
  externalPanelOrdersRoutes,
];
