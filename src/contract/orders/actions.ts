import type { EndpointName } from '../endpoints';
import type { OrderStatus } from './columns';
import type { OrderRowAction } from './index';

/**
 * The order actions, said once for the server's rules and the console's declarations: the row
 * flag that allows one, the statuses it starts from, its menu label, the past participle of its
 * messages ("Order 12 cannot be approved: it is completed.") and the endpoint that performs it,
 * whose permission is the action's. A flag is true exactly when the action would succeed.
 * Schema-free: the console's start-up code imports it.
 */
export interface OrderActionFacts {
  label: string;
  past: string;
  flag: OrderRowAction;
  from: readonly OrderStatus[];
  endpoint: EndpointName;
}

const OPEN: readonly OrderStatus[] = ['in_processing', 'in_moderation', 'stopped', 'unpaid'];

export type OrderAction = 'approve' | 'reject' | 'activate' | 'pause' | 'complete' | 'cancel' | 'edit' | 'setPartial' | 'editCounts';

export const ORDER_ACTIONS: Readonly<Record<OrderAction, OrderActionFacts>> = {
  approve: { label: 'Approve', past: 'approved', flag: 'approvable', from: ['in_moderation'], endpoint: 'ordersApprove' },
  reject: { label: 'Reject', past: 'rejected', flag: 'rejectable', from: ['in_moderation'], endpoint: 'ordersReject' },
  activate: { label: 'Activate', past: 'activated', flag: 'activable', from: ['stopped'], endpoint: 'ordersActivate' },
  pause: { label: 'Pause', past: 'paused', flag: 'pausable', from: ['in_processing'], endpoint: 'ordersPause' },
  complete: { label: 'Complete', past: 'completed', flag: 'completable', from: ['in_processing', 'stopped'], endpoint: 'ordersComplete' },
  cancel: { label: 'Cancel', past: 'canceled', flag: 'cancelable', from: OPEN, endpoint: 'ordersCancel' },
  // Change url, change provider (the comment can be edited in any status).
  edit: { label: 'Edit', past: 'edited', flag: 'editable', from: OPEN, endpoint: 'ordersChangeProvider' },
  // Manual fixes of an order at a provider (docs/upstream.md): finish it with what was delivered and
  // refund the rest once; correct the start count and remains the provider reported.
  setPartial: { label: 'Set partial', past: 'set partial', flag: 'partialable', from: ['in_processing', 'stopped'], endpoint: 'ordersSetPartial' },
  editCounts: {
    label: 'Edit start count and remains',
    past: 'edited',
    flag: 'countsEditable',
    from: ['in_processing', 'stopped'],
    endpoint: 'ordersEditCounts',
  },
};
