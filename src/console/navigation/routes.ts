/**
 * The route map of the panel's screens and the console's own screens, read from the screen table
 * (the core rows and the areas' rows, installed at start-up: navigation/screens.ts): path ->
 * access. An area gives the screen of a path (resource/area.ts); a path whose screen is not
 * registered resolves to Home.
 */
export type { RouteAccess } from '../resource/area';
import type { RouteAccess, ScreenEntry } from '../resource/area';
import { screenTable } from './screens';

/** A row of the route map (the screen table). */
export type RouteEntry = ScreenEntry;

export const AUTH_ONLY: RouteAccess = { kind: 'auth' };

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
  const matches = screenTable().filter((entry) => pathMatches(entry.path, pathname));
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
  const entry = screenTable().find((e) => e.path === normalise(specPath));
  if (!entry) throw new Error(`Route ${path} is not in the route table (a core row or an area's screen row); pass its access explicitly`);
  return entry.access;
}
