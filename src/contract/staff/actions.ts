import type { EndpointName } from '../endpoints';
import type { StaffStatus } from './columns';

/**
 * The staff member status actions, said once for the server's row flags and the console's
 * declarations: label, the past participle of its messages, the row flag that allows it, the
 * statuses it starts from and the endpoint that performs it, whose permission is the action's.
 * Schema-free: the console's start-up code imports it.
 */
export interface StaffActionFacts {
  label: string;
  past: string;
  flag: 'deactivatable' | 'activatable';
  from: readonly StaffStatus[];
  endpoint: EndpointName;
}

export const STAFF_ACTIONS: Readonly<Record<'deactivate' | 'activate', StaffActionFacts>> = {
  // Nobody deactivates themselves (the server's flag and handler add that).
  deactivate: { label: 'Deactivate', past: 'deactivated', flag: 'deactivatable', from: ['active', 'invited'], endpoint: 'staffDeactivate' },
  activate: { label: 'Reactivate', past: 'reactivated', flag: 'activatable', from: ['deactivated'], endpoint: 'staffActivate' },
};
