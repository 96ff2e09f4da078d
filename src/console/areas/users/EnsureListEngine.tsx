import { useRouter } from '@tanstack/react-router';
import { useCallback, useContext, type ReactNode } from 'react';
import { useSession } from '../../session/SessionContext';
import { ListEngineContext } from '../../table/engineContext';
import { ListEngineProvider } from '../../table/ListEngineProvider';

/**
 * Uses the app's list engine when one is mounted above; otherwise mounts one for this screen
 * (the session's permissions and staff id, the router's navigate), so the users screens work
 * whether or not the app shell provides the engine.
 */
export function EnsureListEngine({ children }: { children: ReactNode }) {
  const engine = useContext(ListEngineContext);
  if (engine) return <>{children}</>;
  return <SessionListEngine>{children}</SessionListEngine>;
}

function SessionListEngine({ children }: { children: ReactNode }) {
  const { can, userId } = useSession();
  const router = useRouter();
  const navigate = useCallback((to: string) => void router.navigate({ href: to }), [router]);
  return (
    <ListEngineProvider staffId={userId} can={can} navigate={navigate}>
      {children}
    </ListEngineProvider>
  );
}
