import { saveToken } from './cookie';
import { consumePostLoginPath } from './postLoginPath';

export const URL_TOKEN_PARAM = 'token';

/** Splits a `?token=…` off a URL: the token and the same URL without it. */
export function takeTokenFromUrl(href: string): { token: string | null; cleanPath: string } {
  const url = new URL(href);
  const token = url.searchParams.get(URL_TOKEN_PARAM);
  url.searchParams.delete(URL_TOKEN_PARAM);
  return { token: token || null, cleanPath: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * A token in the page's query string is saved, removed from the address bar
 * (it must not stay in history or be shared by copy-paste) and the page moves to the stored
 * post-login address. Runs before the router reads the location. Returns true when a token was taken.
 */
export function consumeUrlToken(): boolean {
  const { token, cleanPath } = takeTokenFromUrl(window.location.href);
  if (!token) return false;
  saveToken(token);
  const landing = consumePostLoginPath() ?? (cleanPath.startsWith('/login') ? '/' : cleanPath);
  window.history.replaceState(window.history.state, '', landing);
  return true;
}
