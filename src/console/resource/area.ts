import type { ComponentType } from 'react';
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
 *     screens: {                                         // SCREENS paths -> components, loaded on demand
 *       '/users/:id': () => import('../areas/users/UserProfileScreen').then((m) => m.UserProfileScreen),
 *     },
 *   });
 *
 * - A resource with a `path` gets its list screen at that path (a heading and the table), unless
 *   `screens` gives that path a component of its own (it then gets ListScreenProps).
 * - A path with `:id` gets RecordScreenProps: the id, checked to be a positive integer (anything
 *   else shows "not found" without a request).
 * - Access, navigation and go keys of every path come from SCREENS (navigation/screens.ts).
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

export interface ConsoleArea {
  name: string;
  /** Order among areas (palette order when a typed id fits several lists): lower first; default 100. */
  rank?: number;
  resources?: readonly AnyResource[];
  screens?: Readonly<Record<string, ScreenLoader>>;
}

export const defineArea = (area: ConsoleArea): ConsoleArea => area;
