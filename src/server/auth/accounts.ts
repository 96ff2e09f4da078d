import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { roles, staffMembers, staffRoles } from '../db/schema/staff';
import { hashPassword } from './password';
import { normalizeEmail } from './staff';

export interface NewStaffMember {
  email: string;
  name: string;
  password: string;
  /** Role names; every one must exist. */
  roles?: readonly string[];
}

/** Creates a staff member with a hashed password and their roles; returns the new id. */
export async function createStaffMember(q: Queryable, input: NewStaffMember): Promise<number> {
  const roleNames = [...new Set(input.roles ?? [])];
  const found = roleNames.length ? await q.select().from(roles).where(inArray(roles.name, roleNames)) : [];
  const missing = roleNames.filter((n) => !found.some((r) => r.name === n));
  if (missing.length) throw new Error(`Unknown role(s): ${missing.join(', ')}`);
  const [member] = await q
    .insert(staffMembers)
    .values({ email: normalizeEmail(input.email), name: input.name, passwordHash: await hashPassword(input.password) })
    .returning({ id: staffMembers.id });
  if (found.length) await q.insert(staffRoles).values(found.map((r) => ({ staffId: member.id, roleId: r.id })));
  return member.id;
}
