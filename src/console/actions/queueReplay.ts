import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { bulkResultsFromAnswer } from '../resource/bulkResults';
import { invalidateResourceQueries } from './useRunAction';
import { onLogout, onProfileLoaded } from '../session/lifecycle';
import { getMutationQueue, type MutationQueue, type QueuedMutationError, type ReplayOutcome } from '../offline/mutationQueue';

/**
 * Ties the offline action queue to the session: the signed-in member's queue starts replaying at
 * sign-in and whenever the browser comes back online; logout stops it. The queue itself stays
 * stored (it is the member's, kept under their id) and is never replayed for another member.
 * Call once at start-up; returns a function that undoes the wiring.
 */
export function connectMutationQueueToSession({ queryClient }: { queryClient: QueryClient }): () => void {
  let active: MutationQueue | null = null;
  let offReplayed: (() => void) | null = null;

  const halt = () => {
    offReplayed?.();
    offReplayed = null;
    active?.stop();
    active = null;
  };

  const offProfile = onProfileLoaded((profile) => {
    halt();
    active = getMutationQueue(profile.id);
    offReplayed = active.onReplayed((outcome) => reportReplayed(queryClient, outcome));
    active.start();
    void active.replay();
  });
  const offLogout = onLogout(halt);
  const onOnline = () => void active?.replay();
  window.addEventListener('online', onOnline);

  return () => {
    offProfile();
    offLogout();
    window.removeEventListener('online', onOnline);
    halt();
  };
}

/** "The order is not approvable. Reason: The reason is required." */
export function describeQueueError(error: QueuedMutationError): string {
  const details = Object.values(error.fieldErrors ?? {})
    .flat()
    .filter((d) => d !== error.message);
  return [error.message, ...details].join(' ');
}

/** After a replayed item: reload what it changed and tell the member how it went. */
function reportReplayed(queryClient: QueryClient, outcome: ReplayOutcome): void {
  const { item } = outcome;
  invalidateResourceQueries(queryClient, item.resourceName, item.invalidates);
  if (!outcome.ok) {
    notifications.show({ color: 'red', title: `${item.label} failed`, message: describeQueueError(outcome.error), autoClose: false });
    return;
  }
  const failed = item.bulkIds ? (bulkResultsFromAnswer(outcome.response, item.bulkIds) ?? []).filter((r) => !r.ok) : [];
  if (failed.length > 0) {
    const detail = failed.map((r) => `${r.id}${r.message ? `: ${r.message}` : ''}`).join('; ');
    notifications.show({ color: 'yellow', title: 'Queued action sent', message: `${item.label}: failed — ${detail}` });
    return;
  }
  notifications.show({ color: 'green', title: 'Queued action sent', message: `${item.label}: done.` });
}
