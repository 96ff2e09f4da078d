import type { AnyRoute } from '@tanstack/react-router';
import type { SessionView } from '../session/session';
import type { NavSectionId, RouteNavMeta } from './navMeta';
import { mayOpen } from './routeAccess';
import { AUTH_ONLY, findRouteEntry, type RouteAccess } from './routes';
import { screenTable } from './screens';

/**
 * The navigation: sections by area, entries for the screens whose row has one (navigation/screens.ts
 * and the areas' rows), in their sections' order. An entry shows only
 * when its screen is registered (an area gives its component) and the member may open it, so the
 * navbar never holds a dead link or one that bounces the member away.
 */
export const NAV_SECTIONS: readonly { id: NavSectionId; label: string }[] = [
  { id: 'operations', label: 'Operations' },
  { id: 'finance', label: 'Finance' },
  { id: 'catalogue', label: 'Catalogue' },
  { id: 'marketing', label: 'Marketing' },
  { id: 'configuration', label: 'Configuration' },
  { id: 'logs', label: 'Logs' },
];

export interface NavItem extends RouteNavMeta {
  /** Absolute router path ('/orders'). */
  path: string;
}

/** The navigation entries of the screen table, each section's in its order. */
export const navItems = (): NavItem[] =>
  screenTable()
    .flatMap((screen) => (screen.nav ? [{ path: screen.path, ...screen.nav }] : []))
    .sort((a, b) => a.order - b.order);

export interface NavSection {
  id: NavSectionId;
  label: string;
  items: NavItem[];
}

interface RegisteredRoute {
  fullPath: string;
  access?: RouteAccess;
}

/** The registered routes as nav needs them (from the router's routesById). */
export function registeredRoutes(routesById: Record<string, AnyRoute>): RegisteredRoute[] {
  return Object.values(routesById).map((route) => ({
    fullPath: normalisePath(route.fullPath),
    access: route.options?.staticData?.access,
  }));
}

const normalisePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path || '/');

const accessOf = (route: RegisteredRoute | undefined, path: string): RouteAccess => route?.access ?? findRouteEntry(path)?.access ?? AUTH_ONLY;

/** The sections and entries this member sees, given what is registered. */
export function buildNav(routes: readonly RegisteredRoute[], session: SessionView): NavSection[] {
  const byPath = new Map(routes.map((r) => [r.fullPath, r]));
  const items: NavItem[] = navItems().filter((item) => byPath.has(item.path));
  const visible = items.filter((item) => mayOpen(accessOf(byPath.get(item.path), item.path), session));
  return NAV_SECTIONS.map((section) => ({ ...section, items: visible.filter((item) => item.section === section.id) })).filter(
    (section) => section.items.length > 0,
  );
}

/** True when a list path is registered and the member may open it (counter links, Home cards). */
export function canNavigate(routes: readonly RegisteredRoute[], path: string, session: SessionView): boolean {
  const route = routes.find((r) => r.fullPath === path);
  return !!route && mayOpen(accessOf(route, path), session);
}
