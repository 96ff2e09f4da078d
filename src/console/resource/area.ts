import type { ComponentType } from 'react';
import type { Permission, RouteGroup } from '../../contract/permissions';
import type { AnyResource } from './resource';
import type { ListSearch } from '../list/urlState';

/**
 * One module per area: `src/console/areas/<area>/index.ts` default-exports
 * `defineArea({...})`; the app finds every such module by itself (app/areas.ts), so adding an
 * area needs no registration line on the console side.
 *
 *   export default defineArea({
 *     name: 'users',
 *     resources: [usersResource],                        // declarations as data: the palette knows them
 *     screens: {                                         // the area's screen rows, by path
 *       // usersResource's list (its `path`): who may open it comes from the resource's permission
 *       '/users': { source: 'operations', nav: { label: 'Users', section: 'operations', order: 50 }, go: 'u' },
 *       '/users/:id': {
 *         access: groups('Users'),
 *         source: 'operations',
 *         component: () => import('./UserProfileScreen').then((m) => m.UserProfileScreen),   // loaded on demand
 *       },
 *     },
 *   });
 *
 * - A resource with a `path` gets its list screen at that path (a heading and the table), unless
 *   its row gives a component of its own (it then gets ListScreenProps). The row of a list path
 *   writes no access: the list's permission says it.
 * - A path with `:id` gets RecordScreenProps: the id, checked to be a positive integer (anything
 *   else shows "not found" without a request).
 * - A row without a component and without a list (a spec screen not built yet) is listed but not routed.
 * - `coreComponents` gives the component of a core screen (navigation/screens.ts: Home, the
 *   set-password page), whose row the area does not own.
 * - The app assembles every area's rows with the core rows (app/screens.ts): route guards, the
 *   navigation, go keys and the "?" overlay read that table.
 * - An area imports from table/, actions/, forms/, ui/ and the contract — never another area.
 */
export interface ListScreenProps {
  resource: AnyResource;
  search: ListSearch;
  /** Writes the list's state into the URL: a new history entry unless `replace` (typing a search). */
  onSearchChange: (next: ListSearch, options?: SearchChangeOptions) => void;
}

export interface SearchChangeOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export interface RecordScreenProps {
  id: number;
}

/** Loads a screen's component: a dynamic import, so each screen is its own chunk. */
export type ScreenLoader = () => Promise<ComponentType<any>>;

/**
 * Who may open a screen:
 * - public: no auth flag (the login screen);
 * - auth: login only (Home, banners "no restriction shown");
 * - groups: login and the permission of any listed route group (contract/permissions.ts);
 * - permissions: login and any of these permissions (a list screen's, from its resource);
 * - redirect: login, then another path (finances -> transactions).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'groups'; groups: readonly RouteGroup[] }
  | { kind: 'permissions'; permissions: readonly Permission[] }
  | { kind: 'redirect'; to: string };

export const groups = (...list: RouteGroup[]): RouteAccess => ({ kind: 'groups', groups: list });
export const AUTH: RouteAccess = { kind: 'auth' };

export type NavSectionId = 'operations' | 'finance' | 'catalogue' | 'marketing' | 'configuration' | 'logs';

/**
 * A screen's row:
 * - `path` as in the spec, absolute, with `:param` segments;
 * - `source`: which spec route table lists the path; 'console' marks the screens the spec has no
 *   route for (networks, service types, packages, auto-promotions…);
 * - `nav`: its navigation entry;
 * - `go`: the keys after g — one or two lower-case letters, or ','. Go sequences are prefix-free
 *   (no sequence begins another), so a one-key screen opens at once: the frequent screens have
 *   one key, the rest two keys grouped by section — m for marketing, k for the catalogue, y for
 *   configuration, b for billing.
 */
export interface ScreenEntry {
  path: string;
  access: RouteAccess;
  source: 'operations' | 'catalogue' | 'both' | 'console';
  nav?: NavEntry;
  go?: string;
}

/** A navigation entry: its label, its section and its place in the section (lower first). */
export interface NavEntry {
  label: string;
  section: NavSectionId;
  order: number;
}

/** An area's screen row (its path is the key): access is left out on a list's path, which takes its resource's. */
export interface AreaScreen extends Omit<ScreenEntry, 'path' | 'access'> {
  access?: RouteAccess;
  /** The screen's component; a list path without one shows the standard list screen. */
  component?: ScreenLoader;
}

export interface ConsoleArea {
  name: string;
  /** Order among areas (palette order when a typed id fits several lists): lower first; default 100. */
  rank?: number;
  resources?: readonly AnyResource[];
  screens?: Readonly<Record<string, AreaScreen>>;
  /** Components of core screens (their rows are the console's own: navigation/screens.ts), by path. */
  coreComponents?: Readonly<Record<string, ScreenLoader>>;
}

export const defineArea = (area: ConsoleArea): ConsoleArea => area;
