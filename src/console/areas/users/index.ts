import { defineArea } from '../../resource/area';
import { usersResource } from './resource';

/** Customers (operations.md §3 "User row", §4, §7): the list and the profile. */
export default defineArea({
  name: 'users',
  rank: 20,
  resources: [usersResource],
  screens: { '/users/:id': () => import('./UserProfileScreen').then((m) => m.UserProfileScreen) },
});
