import type { Profile } from '../../contract/session';

/**
 * Session lifecycle hooks for modules that keep per-member state (the offline cache, realtime,
 * analytics). Registration returns its own unsubscribe; callbacks run in registration order and a
 * failing callback never stops the others (a logout must always complete).
 */
export interface LogoutInfo {
  /** The member who is logging out (null when the profile never loaded). */
  userId: number | null;
}

type LogoutCallback = (info: LogoutInfo) => void | Promise<void>;
type ProfileCallback = (profile: Profile) => void;

const logoutCallbacks = new Set<LogoutCallback>();
const profileCallbacks = new Set<ProfileCallback>();
/** The profile of the current sign-in, for callbacks registered after it loaded. */
let loadedProfile: Profile | null = null;

export function onLogout(callback: LogoutCallback): () => void {
  logoutCallbacks.add(callback);
  return () => logoutCallbacks.delete(callback);
}

/**
 * Runs `callback` each time a member's profile loads; a module registering while a member is
 * already signed in is called at once with that profile.
 */
export function onProfileLoaded(callback: ProfileCallback): () => void {
  profileCallbacks.add(callback);
  if (loadedProfile) safely(() => callback(loadedProfile!));
  return () => profileCallbacks.delete(callback);
}

function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error('[session] a profile-loaded callback failed', error);
  }
}

export async function runLogoutCallbacks(info: LogoutInfo): Promise<void> {
  loadedProfile = null;
  await Promise.all(
    [...logoutCallbacks].map(async (callback) => {
      try {
        await callback(info);
      } catch (error) {
        console.error('[session] a logout callback failed', error);
      }
    }),
  );
}

export function runProfileLoadedCallbacks(profile: Profile): void {
  loadedProfile = profile;
  for (const callback of [...profileCallbacks]) safely(() => callback(profile));
}
