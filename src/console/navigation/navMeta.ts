import type { RouteAccess } from './routes';
import type { NavEntry } from '../resource/area';

export type { NavSectionId } from '../resource/area';

/** Navigation metadata of a screen (its row's `nav`). */
export type RouteNavMeta = NavEntry;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Set by guardedRoute: the access the route enforces (nav hides what the member cannot open). */
    access?: RouteAccess;
  }
}
