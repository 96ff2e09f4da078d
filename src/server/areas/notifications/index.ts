import { defineServerArea } from '../../kit/area';
import { notificationsHandlers, seedPanelNotifications } from './handlers';

/** Notification settings and admin notifications. */
export default defineServerArea({
  name: 'notifications',
  handlers: notificationsHandlers,
  seed: [{ name: 'panel-notifications', kind: 'base', run: seedPanelNotifications }],
});
