import { Alert } from '@mantine/core';
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { AnyResource } from '../resource/resource';
import { listSearchSchema, type ListSearch } from '../list/urlState';
import type { ConsoleArea, ListScreenProps, ScreenLoader } from '../resource/area';
import { guardedRoute } from './layoutRoute';
import { rootRoute } from './rootRoute';
import { toRouterPath } from '../navigation/routes';
import type { ScreenEntry } from '../resource/area';
import { areaScreens } from './screens';

/**
 * The routes of the areas: one per screen an area gives a component or a list, at its path with
 * its access (app/screens.ts).
 * A list's filter, sort or page change adds a history entry (Back undoes it); typing in its search
 * box, and a remembered state written into a bare URL, replace the entry.
 * Every screen's component loads on demand (its own chunk, preloaded on hover or focus of a
 * link), so the entry chunk holds only the declarations.
 */

const loadListScreen: ScreenLoader = () => import('../table/ListScreen').then((m) => m.ListScreen);

/** A component that loads on first render (suspending into the route's pending screen) and on preload. */
const lazyScreen = (loader: ScreenLoader) => lazyRouteComponent(() => loader().then((component) => ({ default: component })));

const isRecordPath = (path: string) => path.split('/').includes(':id');

/** A positive integer id from a path segment, or null ("not found" without a request). */
export function recordId(raw: unknown): number | null {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A public screen (a one-time link's page) sits outside the signed-in layout: no navigation, no
 * profile, reachable without a session. It receives its path parameters as props.
 */
function publicRoute(entry: ScreenEntry, loader: ScreenLoader): AnyRoute {
  const Screen = lazyScreen(loader) as unknown as ComponentType<Record<string, string>> & { preload?: () => Promise<void> };
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: toRouterPath(entry.path).slice(1),
    staticData: { access: entry.access },
    component: Object.assign(
      // biome-ignore lint/correctness/noComponentHookFactories: built once per route when the router is made, not during a render
      function PublicRoute() {
        return <Screen {...(route.useParams() as Record<string, string>)} />;
      },
      { preload: Screen.preload },
    ),
  });
  return route as unknown as AnyRoute;
}

/** Whether a route hangs from the root (a public screen) rather than the signed-in layout. */
export const isPublicRoute = (route: AnyRoute): boolean => (route.options as { getParentRoute?: () => unknown }).getParentRoute?.() === rootRoute;

function screenRoute(entry: ScreenEntry, loader: ScreenLoader | undefined, resource: AnyResource | undefined): AnyRoute {
  if (entry.access.kind === 'public' && loader && !resource) return publicRoute(entry, loader);
  const base = guardedRoute(toRouterPath(entry.path).slice(1) || '/', entry.access);
  if (resource) {
    const Screen = lazyScreen(loader ?? loadListScreen) as unknown as ComponentType<ListScreenProps> & { preload?: () => Promise<void> };
    const route = createRoute({
      ...base,
      validateSearch: listSearchSchema(resource),
      component: Object.assign(
        // biome-ignore lint/correctness/noComponentHookFactories: built once per route when the router is made, not during a render
        function ListRoute() {
          const search = route.useSearch() as ListSearch;
          const navigate = route.useNavigate();
          return (
            <Screen
              resource={resource}
              search={search}
              onSearchChange={(next, options) => void navigate({ search: next as never, replace: options?.replace ?? false })}
            />
          );
        },
        { preload: Screen.preload },
      ),
    });
    return route as unknown as AnyRoute;
  }
  if (!loader) throw new Error(`Screen ${entry.path} has no component`);
  const Screen = lazyScreen(loader) as unknown as ComponentType<{ id?: number }> & { preload?: () => Promise<void> };
  if (!isRecordPath(entry.path)) return createRoute({ ...base, component: Screen as never }) as unknown as AnyRoute;
  const route = createRoute({
    ...base,
    component: Object.assign(
      // biome-ignore lint/correctness/noComponentHookFactories: built once per route when the router is made, not during a render
      function RecordRoute() {
        const raw = (route.useParams() as { id?: string }).id;
        const id = recordId(raw);
        if (id === null) {
          return (
            <Alert color="red" role="alert" title="Not found">
              “{raw}” is not a record id.
            </Alert>
          );
        }
        return <Screen key={id} id={id} />;
      },
      { preload: Screen.preload },
    ),
  });
  return route as unknown as AnyRoute;
}

/** The routes of these areas (app/screens.ts checks their screen rows). */
export function areaRoutes(areas: readonly ConsoleArea[]): AnyRoute[] {
  return areaScreens(areas).flatMap((slot) => (slot.loader || slot.resource ? [screenRoute(slot.entry, slot.loader, slot.resource)] : []));
}
