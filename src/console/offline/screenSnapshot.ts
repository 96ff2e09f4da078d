import { readToken } from '../session/cookie';
import { tokenOwner } from './startupAnswers';

/**
 * The last screen as it was drawn, painted again by index.html before the app's code has even
 * loaded, so a reload shows the member's rows at once; the app replaces it on its first render
 * (about half a second later on a slow machine), then refetches as usual.
 *
 * The copy is taken when the page is hidden or left (what the member last saw), for the signed-in
 * member only, and index.html shows it only for the same member, the same address, and within
 * SNAPSHOT_MAX_AGE_MS. It is inert (no clicks, no focus, hidden from assistive technology as
 * busy) until the app takes over. Logout forgets it.
 *
 * The storage key and the record's shape are read by the inline script in index.html: keep them
 * in step.
 */
export const SCREEN_SNAPSHOT_STORAGE_KEY = 'panel-console-screen-snapshot';
export const SNAPSHOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Bigger screens are not kept (localStorage is small and synchronous). */
export const SNAPSHOT_MAX_CHARS = 600_000;

export interface ScreenSnapshot {
  /** tokenOwner() of the member's token: 'sub:<id>'. */
  owner: string;
  /** pathname + search. */
  address: string;
  at: number;
  html: string;
}

/** Copies the app's current screen (nothing when signed out or while the app shows nothing). */
export function captureScreenSnapshot(root: HTMLElement | null = document.getElementById('root')): void {
  const token = readToken();
  if (!token || !root || root.querySelector('[data-screen-snapshot]')) return;
  // Only a signed-in screen with a list or a record is worth it (not the login form or a loader).
  if (!root.querySelector('[role="grid"], main')) return;
  const html = root.innerHTML;
  if (html.length > SNAPSHOT_MAX_CHARS) return;
  const snapshot: ScreenSnapshot = { owner: tokenOwner(token), address: `${location.pathname}${location.search}`, at: Date.now(), html };
  try {
    localStorage.setItem(SCREEN_SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    /* storage full: the next reload paints when the app does */
  }
}

export function forgetScreenSnapshot(): void {
  try {
    localStorage.removeItem(SCREEN_SNAPSHOT_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}

/** Takes the copy whenever the page is hidden or left. */
export function keepScreenSnapshots(): () => void {
  const onHidden = () => {
    if (document.visibilityState === 'hidden') captureScreenSnapshot();
  };
  const onPageHide = () => captureScreenSnapshot();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
