import type { EndpointPermission } from '../../contract/endpoint';
import { AUTH, type ConsoleArea, type RouteAccess, type ScreenEntry, type ScreenLoader } from '../resource/area';
import type { AnyResource } from '../resource/resource';
import { CORE_SCREENS, installScreens } from '../navigation/screens';
import { CONSOLE_AREAS } from './areas';

/**
 * SCREENS: every screen of the console — the core rows (navigation/screens.ts) and the rows each
 * area declares in its `defineArea` — with its path, who may open it, its navigation entry and its
 * go keys. Assembled once at start-up and installed below the areas (navigation/screens.ts), where
 * the route guards, the navigation, the counters and the record links read it; the go keys and
 * the "?" overlay (app/keyboard) read it here.
 */

/** A screen an area gives: its row, and its component or list (neither: listed, not routed). */
export interface AreaScreenSlot {
  entry: ScreenEntry;
  area: string;
  loader?: ScreenLoader;
  resource?: AnyResource;
}

/** Who may open a list: whoever may read its table (the resource's permission, from its endpoint). */
function listAccess(permission: EndpointPermission): RouteAccess {
  if (permission === 'public') return { kind: 'public' };
  if (permission === 'authenticated') return AUTH;
  return { kind: 'permissions', permissions: typeof permission === 'string' ? [permission] : permission };
}

/**
 * The screens these areas give, in area order. Fails at start on a path given twice, a list
 * without its row (or with an access of its own), a row without an access, and a core path
 * declared by an area (an area gives only the component of a core screen).
 */
export function areaScreens(areas: readonly ConsoleArea[]): AreaScreenSlot[] {
  const core = new Map(CORE_SCREENS.map((entry) => [entry.path, entry]));
  const slots = new Map<string, AreaScreenSlot>();
  const add = (slot: AreaScreenSlot) => {
    const other = slots.get(slot.entry.path);
    if (other) throw new Error(`${slot.entry.path} is given by areas '${other.area}' and '${slot.area}'`);
    slots.set(slot.entry.path, slot);
  };
  for (const area of areas) {
    const lists = new Map<string, AnyResource>();
    for (const resource of area.resources ?? []) {
      if (!resource.path) continue;
      if (lists.has(resource.path)) throw new Error(`${resource.path} lists two resources`);
      lists.set(resource.path, resource);
    }
    for (const [path, { component, access, ...row }] of Object.entries(area.screens ?? {})) {
      const fail = (why: string) => new Error(`Area '${area.name}': ${path} ${why}`);
      if (core.has(path)) throw fail('is a core screen (src/console/navigation/screens.ts): give its component in coreComponents');
      const resource = lists.get(path);
      if (resource && access) throw fail(`is the list of '${resource.name}': who may open it comes from the list's permission`);
      if (!resource && !access) throw fail('needs an access');
      add({ entry: { path, access: resource ? listAccess(resource.permission) : access!, ...row }, area: area.name, loader: component, resource });
      lists.delete(path);
    }
    for (const path of lists.keys()) throw new Error(`Area '${area.name}': the list ${path} has no screen row`);
    for (const [path, loader] of Object.entries(area.coreComponents ?? {})) {
      const entry = core.get(path);
      if (!entry) throw new Error(`Area '${area.name}': ${path} is not a core screen (src/console/navigation/screens.ts)`);
      add({ entry, area: area.name, loader });
    }
  }
  return [...slots.values()];
}

const coreScreenPaths = new Set(CORE_SCREENS.map((entry) => entry.path));

export const SCREENS: readonly ScreenEntry[] = [
  ...CORE_SCREENS,
  ...areaScreens(CONSOLE_AREAS)
    .map((slot) => slot.entry)
    .filter((entry) => !coreScreenPaths.has(entry.path)),
];

installScreens(SCREENS);
