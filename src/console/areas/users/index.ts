import { defineArea, groups } from '../../resource/area';
import { usersResource } from './resource';

/** Customers: the list and the profile (docs/users.md). */
export default defineArea({
  name: 'users',
  rank: 20,
  resources: [usersResource],
  screens: {
    '/users': { source: 'operations', nav: { label: 'Users', section: 'operations', order: 50 }, go: 'u' },
    '/users/:id': { access: groups('Users'), source: 'operations', component: () => import('./UserProfileScreen').then((m) => m.UserProfileScreen) },
  },
});
