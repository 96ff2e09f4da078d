import type { EndpointName } from '../endpoints';
import type { CancelRequestStatus } from './columns';

/**
 * The cancel-request actions, said once for the server's rules and the console's declarations:
 * label, past participle of its messages, row flag, from-statuses and the endpoint (whose
 * permission is the action's). Schema-free: the console's start-up code imports it.
 */
export const CANCEL_REQUEST_ACTIONS = {
  forward: {
    label: 'Forward to provider',
    past: 'forwarded',
    flag: 'forwardable',
    from: ['pending'] as readonly CancelRequestStatus[],
    endpoint: 'cancelRequestsForward' as EndpointName,
  },
  reject: {
    label: 'Reject',
    past: 'rejected',
    flag: 'rejectable',
    from: ['pending', 'forwarded'] as readonly CancelRequestStatus[],
    endpoint: 'cancelRequestsReject' as EndpointName,
  },
  cancel: {
    label: 'Cancel here and refund',
    past: 'canceled',
    flag: 'cancelable',
    from: ['pending', 'forwarded'] as readonly CancelRequestStatus[],
    endpoint: 'cancelRequestsCancel' as EndpointName,
  },
} as const;
