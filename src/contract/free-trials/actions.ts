import type { EndpointName } from '../endpoints';
import type { FreeTrialStatus } from './columns';
import type { FreeTrialRow } from './index';

/**
 * The free-trial request actions, said once for the server's transitions and row flags and the
 * console's declarations: label, past participle of its messages, row flag, from-statuses and the
 * endpoint (whose permission is the action's). Archive and restore come from the shared factories.
 * Schema-free: the console's start-up code imports it.
 */
export interface FreeTrialActionFacts {
  label: string;
  past: string;
  flag: keyof FreeTrialRow['actions'];
  from: readonly FreeTrialStatus[];
  endpoint: EndpointName;
}

export const FREE_TRIAL_ACTIONS: Readonly<Record<'approve' | 'reject', FreeTrialActionFacts>> = {
  // Approving places a free order.
  approve: { label: 'Approve', past: 'approved', flag: 'approvable', from: ['pending'], endpoint: 'freeTrialsApprove' },
  reject: { label: 'Reject', past: 'rejected', flag: 'rejectable', from: ['pending'], endpoint: 'freeTrialsReject' },
};
