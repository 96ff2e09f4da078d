import { readToken } from '../session/cookie';
import { tokenOwner } from './startupAnswers';

/**
 * The last screen as it was drawn, painted again by index.html before the app's code has even
 * loaded, so a reload shows the member's rows at once; the app replaces it on its first render
 * (about half a second later on a slow machine), then refetches as usual.
 *
 * The copy is taken once the screen settles, and when the page is hidden or left if it changed
 * since (what the member last saw), for the signed-in member only, and index.html shows it only for the same member and the same address.
 * It is inert (no clicks, no focus, hidden from assistive technology as
 * busy) until the app takes over. Logout forgets it.
 *
 * The storage key and the record's shape are read by the inline script in index.html: keep them
 * in step.
 */
export const SCREEN_SNAPSHOT_STORAGE_KEY = 'panel-console-screen-snapshot';
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
  const html = markupInView(root);
  if (html.length > SNAPSHOT_MAX_CHARS) return;
  const snapshot: ScreenSnapshot = { owner: tokenOwner(token), address: `${location.pathname}${location.search}`, at: Date.now(), html };
  try {
    localStorage.setItem(SCREEN_SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    /* storage full: the next reload paints when the app does */
  }
}

/**
 * The screen's markup without the table rows below the window: nobody sees them before the app
 * has replaced the copy, and every row left out is markup the next load parses, styles and lays
 * out before the app's own first render (half of a long list's copy).
 */
function markupInView(root: HTMLElement): string {
  const rows = Array.from(root.querySelectorAll('tbody > tr'));
  const below = rows.map((row) => row.getBoundingClientRect().top >= window.innerHeight);
  if (!below.includes(true)) return root.innerHTML;
  const copy = root.cloneNode(true) as HTMLElement;
  const copiedRows = copy.querySelectorAll('tbody > tr');
  below.forEach((isBelow, index) => {
    if (isBelow) copiedRows[index]?.remove();
  });
  return copy.innerHTML;
}

export function forgetScreenSnapshot(): void {
  try {
    localStorage.removeItem(SCREEN_SNAPSHOT_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}

/** Quiet time after the screen last changed before the copy is taken. */
export const SNAPSHOT_SETTLE_MS = 1000;

/**
 * Takes the copy once the screen has settled (SNAPSHOT_SETTLE_MS after its last change, when the
 * browser is idle), and again when the page is hidden or left if it changed since. Leaving is
 * part of the next page's load (the old page unloads after the new one's answer arrived), so a
 * reload should find the copy already taken instead of serialising the screen then.
 */
export function keepScreenSnapshots(root: HTMLElement | null = document.getElementById('root')): () => void {
  let dirty = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const capture = () => {
    idle = undefined;
    if (!dirty) return;
    captureScreenSnapshot(root);
    dirty = false;
  };
  const settle = () => {
    timer = undefined;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(capture, { timeout: 2000 });
    else capture();
  };
  const observer =
    root && typeof MutationObserver === 'function'
      ? new MutationObserver(() => {
          dirty = true;
          if (timer !== undefined) clearTimeout(timer);
          timer = setTimeout(settle, SNAPSHOT_SETTLE_MS);
        })
      : undefined;
  observer?.observe(root!, { childList: true, subtree: true, characterData: true, attributes: true });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') capture();
  };
  const onPageHide = () => capture();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    observer?.disconnect();
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
