import { eq } from 'drizzle-orm';
import { createStaffMember } from './accounts';
import type { Queryable } from '../db/client';
import { staffMembers } from '../db/schema/staff';

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
