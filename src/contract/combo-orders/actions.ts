import type { EndpointName } from '../endpoints';
import type { ComboOrderStatus } from './columns';
import type { ComboOrderActions } from './index';

/**
 * The combo order actions, said once for the server's transitions and row flags and the console's
 * declarations: label, the past participle of its messages ("Combo order 12 cannot be approved: it
 * is in processing."), the row flag that allows it, the statuses it starts from and the endpoint
 * that performs it, whose permission is the action's. A flag is true exactly when the action would
 * succeed. Schema-free: the console's start-up code imports it.
 */
export interface ComboOrderActionFacts {
  label: string;
  past: string;
  flag: keyof ComboOrderActions;
  from: readonly ComboOrderStatus[];
  endpoint: EndpointName;
}

export type ComboAction = 'approve' | 'reject' | 'complete';

export const COMBO_ORDER_ACTIONS: Readonly<Record<ComboAction, ComboOrderActionFacts>> = {
  approve: { label: 'Approve', past: 'approved', flag: 'approvable', from: ['in_moderation'], endpoint: 'comboOrdersApprove' },
  reject: { label: 'Reject', past: 'rejected', flag: 'rejectable', from: ['in_moderation'], endpoint: 'comboOrdersReject' },
  complete: { label: 'Complete', past: 'completed', flag: 'completable', from: ['in_processing'], endpoint: 'comboOrdersComplete' },
};
