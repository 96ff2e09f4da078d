import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Profile } from '../../contract/session';
import type { Permission } from '../../contract/permissions';
import type { LoginCredentials, Session, SessionStatus, TwoFactorChallenge } from './session';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The Session instance itself (for code that needs more than the hook's view). */
export function useSessionInstance(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

export interface UseSession {
  status: SessionStatus;
  profile: Profile | null;
  /** The member's id once the profile is loaded. */
  userId: number | null;
  token: string | null;
  can: (permission: Permission) => boolean;
  canAny: (permissions: readonly Permission[]) => boolean;
  /** Resolves with a challenge when the sign-in needs a second factor. */
  login: (credentials: LoginCredentials) => Promise<TwoFactorChallenge | void>;
  /** Starts the session with the token of a completed second step. */
  acceptToken: (token: string) => Promise<void>;
  logout: () => Promise<void>;
}

/** The signed-in member and what they may do; re-renders when the session changes. */
export function useSession(): UseSession {
  const session = useSessionInstance();
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return useMemo(() => {
    const permissions = new Set<Permission>(state.profile?.allPermissions ?? []);
    const can = (permission: Permission) => permissions.has(permission);
    return {
      status: state.status,
      profile: state.profile,
      userId: state.profile?.id ?? null,
      token: state.token,
      can,
      canAny: (list: readonly Permission[]) => list.some(can),
      login: (credentials: LoginCredentials) => session.login(credentials),
      acceptToken: (token: string) => session.acceptToken(token),
      logout: () => session.logout(),
    };
  }, [session, state]);
}
