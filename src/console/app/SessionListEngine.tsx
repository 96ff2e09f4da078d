import { useRouter } from '@tanstack/react-router';
import { useCallback, type ReactNode } from 'react';
import { useSession } from '../session/SessionContext';
import { ListEngineProvider } from '../table/ListEngineProvider';

/**
 * The list engine for every screen of the signed-in app: the session's staff id (cache keys) and
 * permissions (columns and actions), and the router's navigate (Enter opens a row).
 */
export function SessionListEngine({ children }: { children: ReactNode }) {
  const { can, userId } = useSession();
  const router = useRouter();
  const navigate = useCallback((to: string) => void router.navigate({ href: to }), [router]);
  return (
    <ListEngineProvider staffId={userId} can={can} navigate={navigate}>
      {children}
    </ListEngineProvider>
  );
}
