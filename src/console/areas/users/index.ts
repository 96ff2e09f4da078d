import { defineArea } from '../../resource/area';
import { usersResource } from './resource';

/** Customers: the list and the profile (docs/users.md). */
export default defineArea({
  name: 'users',
  rank: 20,
  resources: [usersResource],
  screens: { '/users/:id': () => import('./UserProfileScreen').then((m) => m.UserProfileScreen) },
});
