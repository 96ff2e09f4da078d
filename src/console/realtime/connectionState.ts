import { useSyncExternalStore } from 'react';

/**
 * The realtime connection's state, for the header: 'connected' (counters are live), 'connecting'
 * (first connect or a reconnect in progress) or 'unavailable' (no connection: stopped, refused,
 * or the network is down and pusher-js is waiting to retry).
 */
export type ConnectionState = 'connected' | 'connecting' | 'unavailable';

let current: ConnectionState = 'unavailable';
const listeners = new Set<() => void>();

export function setConnectionState(next: ConnectionState): void {
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener();
}

export const getConnectionState = (): ConnectionState => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** pusher-js connection states -> the three the header shows. */
export function connectionStateOf(pusherState: string): ConnectionState {
  switch (pusherState) {
    case 'connected':
      return 'connected';
    case 'initialized':
    case 'connecting':
      return 'connecting';
    default:
      return 'unavailable';
  }
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, getConnectionState, getConnectionState);
}
