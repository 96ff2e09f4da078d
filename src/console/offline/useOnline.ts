import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network connection: `navigator.onLine` and its `online` / `offline`
 * events. "Online" only means a network is there (the server may still be unreachable); "offline"
 * is reliable, which is what the offline banner and the query client need.
 */
export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function subscribeToOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser has a network connection; re-renders when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToOnline, isBrowserOnline, () => true);
}

/**
 * Tells TanStack Query the browser's state from the start. By default it assumes a connection
 * until an `offline` event fires, so a console opened offline would send every request, fail,
 * retry and show errors; told the truth, queries wait (lists show their saved page) and resume
 * when the connection returns. Call once at start-up.
 */
export function followBrowserOnlineState(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isBrowserOnline());
    return subscribeToOnline(() => setOnline(isBrowserOnline()));
  });
}
