import type { RouteAccess } from './routes';

/**
 * Navigation metadata a route may carry in `staticData.nav` (for screens outside the spec's
 * route tables, such as networks or packages). Entries for the spec's paths live in app/nav.ts.
 */
export type NavSectionId = 'operations' | 'finance' | 'catalogue' | 'marketing' | 'configuration' | 'logs';

export interface RouteNavMeta {
  label: string;
  section: NavSectionId;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    nav?: RouteNavMeta;
    /** Set by guardedRoute: the access the route enforces (nav hides what the member cannot open). */
    access?: RouteAccess;
  }
}
