import { z } from 'zod';
import { messageSchema } from '../fields';
import { endpoint } from '../endpoint';
import { ADMIN } from '../paths';

/**
 * Notifications (each setting has a name, a description and isEnabled; read with GET and saved
 * with PUT as panel_notifications of notification, description, is_enabled) and admin
 * notifications (GET and PUT of the staff users who receive them). The console saves both in one PUT /notifications
 * (`admin_notifications` beside `panel_notifications`), so they are never half messageSchema.
 */

export const panelNotificationSchema = z.object({
  notification: z.string(),
  name: z.string(),
  description: z.string(),
  is_enabled: z.boolean(),
});
export type PanelNotification = z.infer<typeof panelNotificationSchema>;

export const adminNotificationSchema = z.object({ notification: z.string(), name: z.string(), description: z.string(), users: z.array(z.number().int()) });
export const staffOptionSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), isActive: z.boolean() });

export const notificationsSchema = z.object({ panel_notifications: z.array(panelNotificationSchema) });
export const adminNotificationsSchema = z.object({ admin_notifications: z.array(adminNotificationSchema), staff: z.array(staffOptionSchema) });

const panelNotificationsInput = z
  .array(
    z.object({
      notification: z.string().max(100),
      description: z.string({ error: 'The description field is required.' }).trim().max(500, 'The description may not be greater than 500 characters.'),
      is_enabled: z.boolean({ error: 'The enabled field must be true or false.' }),
    }),
  )
  .max(200);
const adminNotificationsInput = z.array(z.object({ notification: z.string().max(100), users: z.array(z.number().int().positive()).max(1000) })).max(200);

export const notificationsUpdateBodySchema = z.object({
  panel_notifications: panelNotificationsInput,
  admin_notifications: adminNotificationsInput.optional(),
});
export type NotificationsUpdateBody = z.input<typeof notificationsUpdateBodySchema>;
export const adminNotificationsUpdateBodySchema = z.object({ admin_notifications: adminNotificationsInput });

export const notificationsEndpoints = {
  notificationsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/notifications`,
    permission: 'managePanelSettings',
    response: notificationsSchema,
    summary: "The panel's notification settings",
  }),
  notificationsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/notifications`,
    permission: 'managePanelSettings',
    body: notificationsUpdateBodySchema,
    response: messageSchema,
    summary: 'Save the notification settings (and, when sent, the admin notifications) in one transaction',
  }),
  adminNotificationsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/admin-notifications`,
    permission: 'managePanelSettings',
    response: adminNotificationsSchema,
    summary: 'Which staff members get which notification',
  }),
  adminNotificationsUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/admin-notifications`,
    permission: 'managePanelSettings',
    body: adminNotificationsUpdateBodySchema,
    response: messageSchema,
    summary: 'Set which staff members get which notification',
  }),
};
