import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { staffMembers } from '../../db/schema/staff';

/** The panel's notifications (name, description, isEnabled). */
export const panelNotifications = pgTable('panel_notifications', {
  id: serial('id').primaryKey(),
  notification: text('notification').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isEnabled: boolean('is_enabled').notNull().default(true),
  /** Whether staff can be told of it (the admin notifications). */
  forStaff: boolean('for_staff').notNull().default(false),
  position: integer('position').notNull().default(0),
});

/** Admin notifications: which staff member gets which notification. */
export const adminNotificationRecipients = pgTable(
  'admin_notification_recipients',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => panelNotifications.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.staffId] }), index('admin_notification_recipients_staff_idx').on(t.staffId)],
);
