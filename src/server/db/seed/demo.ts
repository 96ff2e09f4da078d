import { eq, sql } from 'drizzle-orm';
import { createStaffMember } from '../../auth/accounts';
import type { Queryable } from '../client';
import { staffMembers } from '../schema/staff';

/** Demo sign-ins, printed at start in demo mode. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'password', name: 'Ada Admin', role: 'Administrator' },
  { email: 'manager@example.com', password: 'password', name: 'Max Manager', role: 'Manager' },
] as const;

export async function seedDemoStaff(db: Queryable): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, account.email));
    if (!existing) await createStaffMember(db, { email: account.email, name: account.name, password: account.password, roles: [account.role] });
  }
}

/**
 * 300 orders spread over the statuses and the last five weeks, some without an active
 * provider, so every counter and list starts non-empty. The pattern is fixed (not random) so
 * demo screens look the same on every machine.
 */
export async function seedDemoOrders(db: Queryable): Promise<void> {
  await db.execute(sql`
    INSERT INTO orders (status, has_no_active_providers, created_at)
    SELECT
      CASE
        WHEN i % 20 < 6 THEN 'in_processing'
        WHEN i % 20 < 9 THEN 'in_moderation'
        WHEN i % 20 < 15 THEN 'completed'
        WHEN i % 20 = 15 THEN 'stopped'
        WHEN i % 20 < 18 THEN 'canceled'
        WHEN i % 20 = 18 THEN 'unpaid'
        ELSE 'completed'
      END,
      i % 17 = 0,
      now() - (300 - i) * interval '2 hours 47 minutes'
    FROM generate_series(1, 300) AS i`);
}

export async function seedDemoFreeTrials(db: Queryable): Promise<void> {
  await db.execute(sql`
    INSERT INTO free_trial_requests (status, created_at)
    SELECT (ARRAY['pending', 'pending', 'approved', 'pending', 'rejected', 'pending', 'approved', 'pending'])[i],
           now() - (8 - i) * interval '9 hours'
    FROM generate_series(1, 8) AS i`);
}
