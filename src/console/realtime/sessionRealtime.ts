import type { QueryClient } from '@tanstack/react-query';
import { firstScreenPainted } from '../offline/firstPaint';
import { settingsQueryOptions } from '../session/instanceSettings';
import { onLogout, onProfileLoaded } from '../session/lifecycle';
import type { Session } from '../session/session';

/**
 * Ties the live counters to the session: they start once the profile is loaded
 * and stop on logout. Call once at start-up; returns a function that undoes the wiring.
 */
export function connectRealtimeToSession({ session, queryClient }: { session: Session; queryClient: QueryClient }): () => void {
  let stop: (() => void) | null = null;
  // Bumped on every start and logout, so a settings answer arriving after logout starts nothing.
  let generation = 0;

  const halt = () => {
    generation++;
    stop?.();
    stop = null;
  };

  const offProfile = onProfileLoaded(() => {
    halt();
    const mine = generation;
    // Echo and pusher-js load in their own chunk, off the start-up path, once the first screen
    // has painted: the profile is loaded while a reload's first screen renders, and fetching,
    // compiling and connecting then competed with it (the counters show their saved values).
    const loadClient = firstScreenPainted.then(() => import('./startRealtime'));
    void Promise.all([queryClient.ensureQueryData(settingsQueryOptions), loadClient])
      .then(([settings, { startRealtime }]) => {
        if (mine !== generation || !session.currentToken()) return;
        stop = startRealtime({ token: () => session.currentToken(), settings: settings.broadcasting, queryClient });
      })
      .catch((error) => console.error('[realtime] live counters not started', error));
  });
  const offLogout = onLogout(halt);

  return () => {
    offProfile();
    offLogout();
    halt();
  };
}
