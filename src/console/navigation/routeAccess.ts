import { permissionsForGroups, ROUTE_GROUP_PERMISSION, type Permission } from '../../contract/permissions';
import type { SessionView } from '../session/session';
import type { RouteAccess, RouteEntry } from './routes';

export type AccessDecision = 'allow' | { redirect: '/login' } | { redirect: '/services' } | { redirect: '/' };

/** The permissions that open a route (empty for routes with no permission requirement). */
export function permissionsFor(access: RouteAccess): Permission[] {
  if (access.kind === 'groups') return permissionsForGroups(access.groups);
  return access.kind === 'permissions' ? [...access.permissions] : [];
}

const holdsAny = (session: SessionView, needed: readonly Permission[]) => needed.some((p) => session.permissions.includes(p));

/**
 * The route guard, as a pure function:
 * - no auth flag: allow;
 * - guests: to login;
 * - a member lacking every permission of the route: to Services if they may open it, else Home.
 *
 * Redirect routes (finances) are allowed here; the route itself moves on to its target.
 */
export function decideAccess(route: RouteEntry | RouteAccess, session: SessionView): AccessDecision {
  const access = 'access' in route ? route.access : route;
  if (access.kind === 'public') return 'allow';
  if (!session.authenticated) return { redirect: '/login' };
  if (access.kind !== 'groups' && access.kind !== 'permissions') return 'allow';
  if (holdsAny(session, permissionsFor(access))) return 'allow';
  return holdsAny(session, [ROUTE_GROUP_PERMISSION.Services]) ? { redirect: '/services' } : { redirect: '/' };
}

/** True when the member may open a route (nav entries, counter links). */
export const mayOpen = (access: RouteAccess, session: SessionView): boolean => decideAccess(access, session) === 'allow';
