import { inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../audit';
import { rows, type Queryable } from '../../db/client';
import { staffMembers } from '../../db/schema/staff';
import type { Actor } from '../../deps';
import { validationFailed } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { PANEL_NOTIFICATIONS } from './catalogue';
import { adminNotificationRecipients, panelNotifications } from './schema';

/**
 * Notification settings and admin notifications (contract/notifications). Both saves validate
 * everything first and write in one transaction; an unknown notification or staff id is a 422 on
 * its row, and nothing is written.
 */

interface NotificationDbRow {
  id: number;
  notification: string;
  name: string;
  description: string;
  is_enabled: boolean;
  for_staff: boolean;
  users: number[] | null;
}

const readAll = (q: Queryable) =>
  rows<NotificationDbRow>(
    q,
    sql`SELECT n.id, n.notification, n.name, n.description, n.is_enabled, n.for_staff,
          (SELECT json_agg(r.staff_id ORDER BY r.staff_id) FROM admin_notification_recipients r WHERE r.notification_id = n.id) AS users
        FROM panel_notifications n ORDER BY n.position, n.id`,
  );

type PanelInput = { notification: string; description: string; is_enabled: boolean }[];
type AdminInput = { notification: string; users: number[] }[];

async function save(tx: Queryable, actor: Actor, panel: PanelInput | undefined, admin: AdminInput | undefined): Promise<void> {
  const current = await readAll(tx);
  const byKey = new Map(current.map((n) => [n.notification, n]));
  const errors: Record<string, string[]> = {};
  panel?.forEach((p, i) => {
    if (!byKey.has(p.notification)) errors[`panel_notifications.${i}.notification`] = ['The selected notification is invalid.'];
  });
  if (admin) {
    const ids = [...new Set(admin.flatMap((a) => a.users))];
    const found = ids.length ? await tx.select({ id: staffMembers.id }).from(staffMembers).where(inArray(staffMembers.id, ids)) : [];
    const known = new Set(found.map((s) => s.id));
    admin.forEach((a, i) => {
      const n = byKey.get(a.notification);
      if (!n || !n.for_staff) errors[`admin_notifications.${i}.notification`] = ['The selected notification is invalid.'];
      if (a.users.some((id) => !known.has(id))) errors[`admin_notifications.${i}.users`] = ['The selected staff member is invalid.'];
    });
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  for (const p of panel ?? []) {
    const before = byKey.get(p.notification)!;
    if (before.description === p.description && before.is_enabled === p.is_enabled) continue;
    await tx.execute(sql`UPDATE panel_notifications SET description = ${p.description}, is_enabled = ${p.is_enabled} WHERE id = ${before.id}`);
    await writeAudit(tx, actor, {
      event: 'updated',
      auditableType: 'panel_notification',
      auditableId: before.id,
      oldValues: { description: before.description, is_enabled: before.is_enabled },
      newValues: { description: p.description, is_enabled: p.is_enabled },
    });
  }
  for (const a of admin ?? []) {
    const before = byKey.get(a.notification)!;
    const users = [...new Set(a.users)].sort((x, y) => x - y);
    if (JSON.stringify(before.users ?? []) === JSON.stringify(users)) continue;
    await tx.execute(sql`DELETE FROM admin_notification_recipients WHERE notification_id = ${before.id}`);
    if (users.length) await tx.insert(adminNotificationRecipients).values(users.map((staffId) => ({ notificationId: before.id, staffId })));
    await writeAudit(tx, actor, {
      event: 'recipients_updated',
      auditableType: 'panel_notification',
      auditableId: before.id,
      oldValues: { users: before.users ?? [] },
      newValues: { users },
    });
  }
}

export const notificationsHandlers = defineHandlers({
  notificationsShow: async ({ deps }) => ({
    panel_notifications: (await readAll(deps.database.db)).map((n) => ({
      notification: n.notification,
      name: n.name,
      description: n.description,
      is_enabled: n.is_enabled,
    })),
  }),

  notificationsUpdate: async ({ body, actor, deps }) => {
    await deps.database.db.transaction((tx) => save(tx, actor, body.panel_notifications, body.admin_notifications));
    return { message: 'Notifications saved.' };
  },

  adminNotificationsShow: async ({ deps }) => {
    const db = deps.database.db;
    const staff = await rows<{ id: number; name: string; email: string; is_active: boolean }>(
      db,
      sql`SELECT id, name, email, (is_active AND deactivated_at IS NULL) AS is_active FROM staff_members ORDER BY name, id`,
    );
    return {
      admin_notifications: (await readAll(db))
        .filter((n) => n.for_staff)
        .map((n) => ({ notification: n.notification, name: n.name, description: n.description, users: n.users ?? [] })),
      staff: staff.map((s) => ({ id: s.id, name: s.name, email: s.email, isActive: s.is_active })),
    };
  },

  adminNotificationsUpdate: async ({ body, actor, deps }) => {
    await deps.database.db.transaction((tx) => save(tx, actor, undefined, body.admin_notifications));
    return { message: 'Admin notifications saved.' };
  },
});

/** The notification catalogue (base: every start; keeps descriptions and switches staff changed). */
export async function seedPanelNotifications(q: Queryable): Promise<void> {
  await q
    .insert(panelNotifications)
    .values(
      PANEL_NOTIFICATIONS.map((n, position) => ({ notification: n.notification, name: n.name, description: n.description, forStaff: n.forStaff, position })),
    )
    .onConflictDoUpdate({
      target: panelNotifications.notification,
      set: { name: sql`excluded.name`, forStaff: sql`excluded.for_staff`, position: sql`excluded.position` },
    });
}
