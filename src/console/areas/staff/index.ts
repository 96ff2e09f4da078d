import { defineArea } from '../../resource/area';
import { staffResource } from './resource';

/** Staff, roles and permissions (docs/configuration.md). */
export default defineArea({
  name: 'staff',
  rank: 91,
  resources: [staffResource],
  screens: {
    '/staff/:id': () => import('./StaffScreen').then((m) => m.StaffScreen),
    '/roles': () => import('./RolesScreen').then((m) => m.RolesScreen),
    // Public: the page of a one-time password link.
    '/set-password/:token': () => import('./SetPasswordScreen').then((m) => m.SetPasswordScreen),
  },
});
