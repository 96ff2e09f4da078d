import type { RouteAccess } from './routes';
import type { NavSectionId } from './screens';

export type { NavSectionId } from './screens';

/** Navigation metadata of a screen (SCREENS' `nav`). */
export interface RouteNavMeta {
  label: string;
  section: NavSectionId;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Set by guardedRoute: the access the route enforces (nav hides what the member cannot open). */
    access?: RouteAccess;
  }
}
