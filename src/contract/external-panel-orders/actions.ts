import type { EndpointName } from '../endpoints';
import type { ExternalPanelOrderStatus } from './columns';

/**
 * The external-panel order action, said once for the server's rule and row flag and the console's
 * declaration: label, past participle of its messages, row flag, the statuses it starts from and
 * the endpoint (whose permission is the action's). The server's rule adds what a status cannot
 * say: an attempt still creating once it has an error, only the order's latest attempt, and only
 * while the order is unfinished. Schema-free: the console's start-up code imports it.
 */
export const EXTERNAL_PANEL_ORDER_ACTIONS = {
  recreate: {
    label: 'Recreate',
    past: 'recreated',
    flag: 'recreatable',
    from: ['canceled', 'partial'] as readonly ExternalPanelOrderStatus[],
    endpoint: 'externalPanelOrdersRecreate' as EndpointName,
  },
  /**
   * Follow again: an attempt the worker held because the provider's answer could not be read is
   * followed again (its order back in processing when it was stopped by the hold).
   */
  follow: {
    label: 'Follow again',
    past: 'followed again',
    flag: 'followable',
    from: ['pending', 'in_progress', 'processing'] as readonly ExternalPanelOrderStatus[],
    endpoint: 'externalPanelOrdersFollow' as EndpointName,
  },
} as const;
