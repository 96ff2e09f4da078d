import { useMemo, useState, type ReactNode } from 'react';
import type { Permission } from '../../contract/permissions';
import { useActionHost } from './ActionHost';
import { ListEngineContext, type ListEngine } from './engineContext';
import { ListEngineStore } from './engineStore';

/**
 * Mounted once by the app inside MantineProvider and QueryClientProvider (and inside the router,
 * when `navigate` uses it). `staffId` keys the offline cache and the remembered list filters;
 * `can` is the session's permission check; `navigate` opens a row's path.
 */
export interface ListEngineProviderProps {
  staffId: string | number | null;
  can: (permission: Permission) => boolean;
  navigate?: (path: string) => void;
  onOpenRow?: ListEngine['onOpenRow'];
  children: ReactNode;
}

const locationNavigate = (path: string) => {
  window.location.assign(path);
};

export function ListEngineProvider({ staffId, can, navigate, onOpenRow, children }: ListEngineProviderProps) {
  const [store] = useState(() => new ListEngineStore());
  const { host, element } = useActionHost();
  const value = useMemo<ListEngine>(
    () => ({ staffId, can, navigate: navigate ?? locationNavigate, onOpenRow, store, host }),
    [staffId, can, navigate, onOpenRow, store, host],
  );
  return (
    <ListEngineContext.Provider value={value}>
      {children}
      {element}
    </ListEngineContext.Provider>
  );
}
