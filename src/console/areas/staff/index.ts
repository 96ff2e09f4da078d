import { defineArea, groups } from '../../resource/area';
import { staffResource } from './resource';

/** Staff, roles and permissions (docs/configuration.md). */
export default defineArea({
  name: 'staff',
  rank: 91,
  resources: [staffResource],
  screens: {
    '/staff': { source: 'both', nav: { label: 'Staff', section: 'configuration', order: 30 }, go: 'ys' },
    '/staff/:id': { access: groups('Staff'), source: 'console', component: () => import('./StaffScreen').then((m) => m.StaffScreen) },
    '/roles': {
      access: groups('Staff'),
      source: 'console',
      nav: { label: 'Roles and permissions', section: 'configuration', order: 40 },
      go: 'yr',
      component: () => import('./RolesScreen').then((m) => m.RolesScreen),
    },
  },
  coreComponents: {
    // Public: the page of a one-time password link.
    '/set-password/:token': () => import('./SetPasswordScreen').then((m) => m.SetPasswordScreen),
  },
});
