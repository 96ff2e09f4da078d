import { useRouter } from '@tanstack/react-router';
import { useCallback, type ReactNode } from 'react';
import { rememberRecent } from '../palette/recents';
import { useSession } from '../session/SessionContext';
import { ListEngineProvider } from '../list/ListEngineProvider';
import type { AnyResource } from '../resource/resource';

/**
 * The list engine for every screen of the signed-in app: the session's staff id (cache keys) and
 * permissions (columns and actions), and the router's navigate (Enter opens a row). A row opened
 * from a list joins the palette's recent records.
 */
export function SessionListEngine({ children }: { children: ReactNode }) {
  const { can, userId } = useSession();
  const router = useRouter();
  const navigate = useCallback((to: string) => void router.navigate({ href: to }), [router]);
  const onOpenRow = useCallback(
    (resource: AnyResource, row: unknown) => {
      if (!resource.open) return;
      const key = String(resource.keyOf(row));
      rememberRecent(userId, {
        kind: 'record',
        resource: resource.name,
        key,
        title: resource.describe(row),
        subtitle: resource.subtitle?.(row),
        href: resource.open(row),
        at: Date.now(),
      });
    },
    [userId],
  );
  return (
    <ListEngineProvider staffId={userId} can={can} navigate={navigate} onOpenRow={onOpenRow}>
      {children}
    </ListEngineProvider>
  );
}
