/**
 * The address a guest asked for before being sent to login: kept in local storage so it survives
 * the round trip through an external sign-in that returns `?token=…`.
 */
const KEY = 'panel-console.post-login-path';

/** Only same-origin paths: never an open redirect to another site. */
export function isSafeLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/login(?:[/?#]|$)/.test(path);
}

export function rememberPostLoginPath(path: string): void {
  if (!isSafeLocalPath(path) || path === '/') return;
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Storage can be unavailable (private mode quotas); the user then lands on Home.
  }
}

/** Returns the remembered path once, then forgets it. */
export function consumePostLoginPath(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return path && isSafeLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}
