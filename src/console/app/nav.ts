import type { AnyRoute } from '@tanstack/react-router';
import type { SessionView } from '../session/session';
import type { NavSectionId, RouteNavMeta } from './navMeta';
import { mayOpen } from './routeAccess';
import { AUTH_ONLY, findRouteEntry, type RouteAccess } from './routes';

/**
 * The navigation: sections by area, entries for the list screens of the route tables. An entry
 * shows only when its screen is registered (app/areaRoutes.ts) and the member may open it, so
 * the navbar never holds a dead link or one that bounces the member away.
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

export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/orders', label: 'Orders', section: 'operations' },
  { path: '/subscriptions', label: 'Subscriptions', section: 'operations' },
  { path: '/combo-orders', label: 'Combo orders', section: 'operations' },
  { path: '/drip-feed', label: 'Drip-feed', section: 'operations' },
  { path: '/users', label: 'Users', section: 'operations' },
  { path: '/requests', label: 'Free trials', section: 'operations' },
  { path: '/quests', label: 'Free-trial quests', section: 'operations' },
  { path: '/transactions', label: 'Transactions', section: 'finance' },
  { path: '/invoices', label: 'Invoices', section: 'finance' },
  { path: '/withdrawal', label: 'Withdrawals', section: 'finance' },
  { path: '/payment-methods', label: 'Payment methods', section: 'finance' },
  { path: '/services', label: 'Services', section: 'catalogue' },
  { path: '/providers', label: 'Providers', section: 'catalogue' },
  { path: '/external-panel-orders', label: 'External panel orders', section: 'catalogue' },
  { path: '/order-widgets', label: 'Order widgets', section: 'catalogue' },
  { path: '/targets', label: 'Targets', section: 'catalogue' },
  { path: '/coupons', label: 'Coupons', section: 'marketing' },
  { path: '/discounts', label: 'Discounts', section: 'marketing' },
  { path: '/special-offers', label: 'Special offers', section: 'marketing' },
  { path: '/loyalty-program', label: 'Loyalty program', section: 'marketing' },
  { path: '/referral-program', label: 'Referral program', section: 'marketing' },
  { path: '/banners', label: 'Banners', section: 'marketing' },
  { path: '/panel-settings', label: 'Panel settings', section: 'configuration' },
  { path: '/webhooks', label: 'Webhooks', section: 'configuration' },
  { path: '/staff', label: 'Staff', section: 'configuration' },
  { path: '/change-logs', label: 'Change logs', section: 'logs' },
  { path: '/audit-log', label: 'Audit log', section: 'logs' },
];

export interface NavSection {
  id: NavSectionId;
  label: string;
  items: NavItem[];
}

interface RegisteredRoute {
  fullPath: string;
  access?: RouteAccess;
  nav?: RouteNavMeta;
}

/** The registered routes as nav needs them (from the router's routesById). */
export function registeredRoutes(routesById: Record<string, AnyRoute>): RegisteredRoute[] {
  return Object.values(routesById).map((route) => ({
    fullPath: normalisePath(route.fullPath),
    access: route.options?.staticData?.access,
    nav: route.options?.staticData?.nav,
  }));
}

const normalisePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path || '/');

const accessOf = (route: RegisteredRoute | undefined, path: string): RouteAccess =>
  route?.access ?? findRouteEntry(path)?.access ?? AUTH_ONLY;

/** The sections and entries this member sees, given what is registered. */
export function buildNav(routes: readonly RegisteredRoute[], session: SessionView): NavSection[] {
  const byPath = new Map(routes.map((r) => [r.fullPath, r]));
  const items: NavItem[] = NAV_ITEMS.filter((item) => byPath.has(item.path));
  for (const route of routes) {
    if (route.nav && !NAV_ITEMS.some((item) => item.path === route.fullPath)) {
      items.push({ path: route.fullPath, ...route.nav });
    }
  }
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
