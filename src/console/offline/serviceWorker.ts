import type { Workbox } from 'workbox-window';

/**
 * Service worker registration through workbox-window. The worker, built by
 * vite-plugin-pwa (vite.config.ts), precaches the shell so the console opens offline. A new
 * version installs in the background and waits; the update prompt offers to switch to it, and the
 * page reloads once the new worker controls it. Nothing is registered in development, in tests, or
 * where the browser has no service workers.
 */

export const SERVICE_WORKER_URL = '/sw.js';
/** A console left open all day looks for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** A new version that is installed and waiting. */
export interface PendingUpdate {
  /** Switches to the new version and reloads the page. */
  activate(): void;
}

let pending: PendingUpdate | null = null;
const listeners = new Set<() => void>();

export const getPendingUpdate = (): PendingUpdate | null => pending;

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces (or, with null, withdraws) a waiting version. */
export function offerUpdate(update: PendingUpdate | null): void {
  pending = update;
  for (const listener of [...listeners]) listener();
}

type WorkboxLike = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;

/**
 * Offers each waiting version. Activating asks the waiting worker to take over and reloads when
 * it controls the page; if another tab already switched, the page only needs the reload.
 */
export function offerWaitingVersions(workbox: WorkboxLike, reload: () => void = () => window.location.reload()): void {
  let reloadWhenControlled = false;
  let switchedElsewhere = false;
  workbox.addEventListener('controlling', (event) => {
    if (reloadWhenControlled) reload();
    else if (event.isUpdate) switchedElsewhere = true;
  });
  workbox.addEventListener('waiting', () => {
    offerUpdate({
      activate() {
        if (switchedElsewhere) {
          reload();
          return;
        }
        reloadWhenControlled = true;
        workbox.messageSkipWaiting();
      },
    });
  });
}

export interface RegisterOptions {
  /** Defaults to a production build outside tests. */
  enabled?: boolean;
  scriptUrl?: string;
}

/**
 * Registers the service worker (workbox-window loads beside the start-up, not in the entry chunk);
 * resolves to the Workbox, or null when nothing was registered.
 */
export async function registerServiceWorker({
  enabled = import.meta.env.PROD && import.meta.env.MODE !== 'test',
  scriptUrl = SERVICE_WORKER_URL,
}: RegisterOptions = {}): Promise<Workbox | null> {
  if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(scriptUrl, { scope: '/' });
  offerWaitingVersions(workbox);
  workbox.register().catch((error: unknown) => console.warn('[offline] the service worker was not registered', error));
  setInterval(() => {
    workbox.update().catch(() => {
      // Offline or the server is down: the next check will do.
    });
  }, UPDATE_CHECK_MS);
  return workbox;
}
