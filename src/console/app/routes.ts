import type { RouteGroup } from '../../contract/permissions';

/**
 * The route map of both specs as data (operations.md §2, catalogue.md §2): path -> access.
 *
 * Access kinds:
 * - public: no auth flag (the login screen);
 * - auth: login only (Home, banners "no restriction shown");
 * - groups: login and the permission of any listed route group (contract/permissions.ts);
 * - redirect: login, then another path (finances -> transactions).
 *
 * Paths are written as in the spec, with `:param` segments. An area registers the screen of a
 * path (app/areaRoutes.ts); a path whose screen is not registered resolves to Home.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'groups'; groups: readonly RouteGroup[] }
  | { kind: 'redirect'; to: string };

export interface RouteEntry {
  /** Spec path, absolute, `:param` segments. */
  path: string;
  access: RouteAccess;
  /** Which spec table lists it. */
  source: 'operations' | 'catalogue' | 'both';
}

/** Access for routes guarded by route groups (any one suffices). */
export const accessGroups = (...list: RouteGroup[]): RouteAccess => ({ kind: 'groups', groups: list });
const groups = accessGroups;
export const AUTH_ONLY: RouteAccess = { kind: 'auth' };
const AUTH = AUTH_ONLY;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', access: { kind: 'public' }, source: 'operations' },
  { path: '/', access: AUTH, source: 'operations' },
  // operations.md §2
  { path: '/change-logs', access: groups('ChangeLogs'), source: 'operations' },
  { path: '/transactions', access: groups('Transactions'), source: 'operations' },
  { path: '/finances', access: { kind: 'redirect', to: '/transactions' }, source: 'operations' },
  { path: '/withdrawal', access: groups('Withdrawal'), source: 'operations' },
  { path: '/invoices', access: groups('Invoices'), source: 'operations' },
  { path: '/orders', access: groups('Orders'), source: 'operations' },
  { path: '/orders/:id', access: groups('Orders'), source: 'operations' },
  { path: '/subscriptions', access: groups('Orders'), source: 'operations' },
  { path: '/subscriptions/:id', access: groups('Orders'), source: 'operations' },
  { path: '/combo-orders', access: groups('Orders'), source: 'operations' },
  { path: '/drip-feed', access: groups('DripFeed'), source: 'operations' },
  { path: '/users', access: groups('Users'), source: 'operations' },
  { path: '/users/:id', access: groups('Users'), source: 'operations' },
  { path: '/requests', access: groups('FreeTrials'), source: 'operations' },
  { path: '/quests', access: groups('FreeTrials'), source: 'operations' },
  { path: '/payment-methods', access: groups('PaymentMethods'), source: 'operations' },
  { path: '/payment-method-bonuses/:id', access: groups('PaymentMethods'), source: 'operations' },
  { path: '/order-widgets', access: groups('OrderWidgets'), source: 'operations' },
  // both tables
  { path: '/special-offers', access: groups('Discounts'), source: 'both' },
  { path: '/discounts', access: groups('Discounts'), source: 'both' },
  { path: '/banners', access: AUTH, source: 'both' },
  { path: '/services', access: groups('Services'), source: 'both' },
  { path: '/services/create', access: groups('Services'), source: 'both' },
  { path: '/services/:id', access: groups('Services'), source: 'both' },
  { path: '/providers', access: groups('Providers'), source: 'both' },
  { path: '/referral-program', access: groups('ReferralProgram'), source: 'both' },
  { path: '/targets', access: groups('Targets'), source: 'both' },
  { path: '/external-panels/:id', access: groups('ExternalPanels'), source: 'both' },
  { path: '/external-panel-orders', access: groups('ExternalPanelOrders'), source: 'both' },
  { path: '/coupons', access: groups('Coupons'), source: 'both' },
  { path: '/loyalty-program', access: groups('ManageGrades', 'ViewGrades'), source: 'both' },
  { path: '/panel-settings', access: groups('PanelSettings'), source: 'both' },
  { path: '/webhooks', access: groups('Webhooks'), source: 'both' },
  { path: '/staff', access: groups('Staff'), source: 'both' },
  { path: '/audit-log', access: groups('AuditLog'), source: 'both' },
];

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether a concrete pathname matches a spec path (`/orders/:id` matches `/orders/42`). */
export function pathMatches(pattern: string, pathname: string): boolean {
  const a = normalise(pattern).split('/');
  const b = normalise(pathname).split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => (segment.startsWith(':') ? b[i] !== '' : segment === b[i]));
}

/**
 * The table entry of a pathname; literal paths win over parameters (`/services/create` is the
 * create screen, not service "create").
 */
export function findRouteEntry(pathname: string): RouteEntry | undefined {
  const matches = ROUTE_TABLE.filter((entry) => pathMatches(entry.path, pathname));
  if (matches.length <= 1) return matches[0];
  const literals = (entry: RouteEntry) => entry.path.split('/').filter((s) => s && !s.startsWith(':')).length;
  return matches.sort((x, y) => literals(y) - literals(x))[0];
}

/** The spec path in the router's syntax (`/orders/:id` -> `/orders/$id`). */
export const toRouterPath = (specPath: string): string => specPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '$$$1');

/** The router path in the spec's syntax (`/orders/$id` -> `/orders/:id`). */
export const toSpecPath = (routerPath: string): string => routerPath.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, ':$1');

/** The access of a path of the table; throws for a path the table does not list (a typo). */
export function routeAccessFor(path: string): RouteAccess {
  const specPath = toSpecPath(path.startsWith('/') ? path : `/${path}`);
  const entry = ROUTE_TABLE.find((e) => e.path === normalise(specPath));
  if (!entry) throw new Error(`Route ${path} is not in the route table (src/console/app/routes.ts); pass its access explicitly`);
  return entry.access;
}
