import { defineArea } from '../../resource/area';

/** Notification settings and admin notifications, saved together (docs/configuration.md). */
export default defineArea({
  name: 'notifications',
  rank: 92,
  screens: {
    '/notifications': () => import('./NotificationsScreen').then((m) => m.NotificationsScreen),
  },
});
