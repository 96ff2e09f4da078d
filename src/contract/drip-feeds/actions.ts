import type { EndpointName } from '../endpoints';
import type { DripFeedStatus } from './columns';

/**
 * The drip-feed actions, said once for the server's transition and row flag and the console's
 * declaration: label, past participle of its messages, row flag, from-statuses and the endpoint
 * (whose permission is the action's). Schema-free: the console's start-up code imports it.
 */
export const DRIP_FEED_ACTIONS = {
  cancel: {
    label: 'Cancel',
    past: 'canceled',
    flag: 'cancelable',
    from: ['in_processing'] as readonly DripFeedStatus[],
    endpoint: 'dripFeedsCancel' as EndpointName,
  },
} as const;
