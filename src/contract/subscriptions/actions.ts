import type { EndpointName } from '../endpoints';
import type { SubscriptionStatus } from './columns';

/**
 * The subscription actions, said once for the server's transition and row flag and the console's
 * declaration: label, past participle of its messages, row flag, from-statuses and the endpoint
 * (whose permission is the action's). Schema-free: the console's start-up code imports it.
 */
export const SUBSCRIPTION_ACTIONS = {
  cancel: {
    label: 'Cancel',
    past: 'canceled',
    flag: 'cancelable',
    from: ['in_processing'] as readonly SubscriptionStatus[],
    endpoint: 'subscriptionsCancel' as EndpointName,
  },
} as const;
