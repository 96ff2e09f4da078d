import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSession } from '../session/SessionContext';
import { buildNav, canNavigate, registeredRoutes, type NavSection } from './nav';

/** The registered routes of the running router, in nav's terms. */
export function useRegisteredRoutes() {
  const router = useRouter();
  return useMemo(() => registeredRoutes(router.routesById as Record<string, any>), [router]);
}

/** The navigation this member sees. */
export function useNav(): NavSection[] {
  const routes = useRegisteredRoutes();
  const { profile } = useSession();
  return useMemo(() => buildNav(routes, { authenticated: true, permissions: profile?.allPermissions ?? [] }), [routes, profile]);
}

/** Whether a path is registered and open to this member. */
export function useCanNavigate(): (path: string) => boolean {
  const routes = useRegisteredRoutes();
  const { profile } = useSession();
  return useMemo(() => {
    const view = { authenticated: true, permissions: profile?.allPermissions ?? [] };
    return (path: string) => canNavigate(routes, path, view);
  }, [routes, profile]);
}
