import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../../db/client';
import { conflict, fieldError } from '../../http/errors';

/**
 * The panel must always keep someone who can manage staff: a change that leaves no active member
 * holding manageStaff (directly or through a role) is refused and rolled back. Every change that
 * could do so takes the same advisory lock first, so two administrators removing each other's
 * rights at the same moment cannot both succeed on PostgreSQL.
 */
export async function lockStaffManagers(tx: Queryable): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('panel:staff-managers'))`);
}

export async function countStaffManagers(q: Queryable): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    sql`SELECT count(*)::int AS n FROM staff_members m
        WHERE m.is_active AND m.deactivated_at IS NULL AND m.frozen_at IS NULL AND m.password_set_at IS NOT NULL
          AND EXISTS (
            SELECT 1 FROM permissions p WHERE p.name = 'manageStaff' AND p.id IN (
              SELECT sp.permission_id FROM staff_permissions sp WHERE sp.staff_id = m.id
              UNION SELECT rp.permission_id FROM role_permissions rp JOIN staff_roles sr ON sr.role_id = rp.role_id WHERE sr.staff_id = m.id))`,
  );
  return row!.n;
}

/** Call after the change, inside its transaction: throws (rolling it back) when nobody manages staff any more. */
export async function assertStaffManagerRemains(tx: Queryable, field?: string): Promise<void> {
  if ((await countStaffManagers(tx)) > 0) return;
  const message = 'This change would leave no active member who can manage staff: give manageStaff to another member first.';
  throw field ? fieldError(field, message) : conflict(message);
}
