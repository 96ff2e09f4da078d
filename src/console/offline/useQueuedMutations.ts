import { useCallback, useSyncExternalStore } from 'react';
import { getMutationQueue, type QueuedMutation } from './mutationQueue';

const NONE: readonly QueuedMutation[] = [];
const noSubscription = () => () => {};

/** A staff member's queued actions in order; re-renders when they change (in any tab). */
export function useQueuedMutations(staffId: string | number | null | undefined): readonly QueuedMutation[] {
  const queue = staffId === null || staffId === undefined || staffId === '' ? null : getMutationQueue(staffId);
  const subscribe = useCallback((listener: () => void) => (queue ? queue.subscribe(listener) : noSubscription()), [queue]);
  const read = useCallback(() => (queue ? queue.getSnapshot() : NONE), [queue]);
  return useSyncExternalStore(subscribe, read, read);
}
