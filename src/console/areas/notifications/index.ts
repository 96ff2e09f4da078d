import { defineArea, groups } from '../../resource/area';

/** Notification settings and admin notifications, saved together (docs/configuration.md). */
export default defineArea({
  name: 'notifications',
  rank: 92,
  screens: {
    '/notifications': {
      access: groups('PanelSettings'),
      source: 'console',
      nav: { label: 'Notifications', section: 'configuration', order: 50 },
      go: 'yn',
      component: () => import('./NotificationsScreen').then((m) => m.NotificationsScreen),
    },
  },
});
