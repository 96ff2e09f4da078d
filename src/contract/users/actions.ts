import type { EndpointName } from '../endpoints';
import type { UserBulkAction, UserStatus } from './columns';

/**
 * The user status actions, said once for the server's transitions and row flags and the console's
 * declarations: label, the past participle of its messages, the row flag that allows it, the
 * statuses it starts from and the endpoint that performs it on one user, whose permission is the
 * action's (the bulk endpoint admits any of the three; each action still needs its own).
 * Schema-free: the console's start-up code imports it.
 */
export interface UserActionFacts {
  label: string;
  past: string;
  flag: 'freezable' | 'deactivatable' | 'activatable';
  from: readonly UserStatus[];
  endpoint: EndpointName;
}

export const USER_ACTIONS: Readonly<Record<UserBulkAction, UserActionFacts>> = {
  freeze: { label: 'Freeze', past: 'frozen', flag: 'freezable', from: ['active', 'deactivated'], endpoint: 'usersFreeze' },
  deactivate: { label: 'Deactivate', past: 'deactivated', flag: 'deactivatable', from: ['active', 'frozen'], endpoint: 'usersDeactivate' },
  activate: { label: 'Activate', past: 'activated', flag: 'activatable', from: ['frozen', 'deactivated'], endpoint: 'usersActivate' },
};
