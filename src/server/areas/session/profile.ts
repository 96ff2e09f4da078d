import { eq } from 'drizzle-orm';
import { isPermission, type Permission } from '../../../contract/permissions';
import type { Profile } from '../../../contract/session';
import { rows, sql, type Queryable } from '../../db/client';
import { DEFAULT_NOTIFICATION_PREFERENCES, staffMembers } from '../../db/schema/staff';
import type { StaffContext } from '../../deps';
import { unauthenticated } from '../../http/errors';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The signed-in member's profile. */
export async function readProfile(q: Queryable, staff: StaffContext): Promise<Profile> {
  const [member] = await q.select().from(staffMembers).where(eq(staffMembers.id, staff.id));
  // The pipeline just loaded this member; gone now means deleted in between.
  if (!member) throw unauthenticated();
  const direct = await rows<{ name: string }>(
    q,
    sql`SELECT p.name FROM staff_permissions sp JOIN permissions p ON p.id = sp.permission_id
        WHERE sp.staff_id = ${staff.id} ORDER BY p.name`,
  );
  const roleRows = await rows<{ id: number; name: string }>(
    q,
    sql`SELECT r.id, r.name FROM staff_roles sr JOIN roles r ON r.id = sr.role_id WHERE sr.staff_id = ${staff.id} ORDER BY r.name`,
  );
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    balance: member.balance,
    accountType: member.accountType,
    companyName: member.companyName,
    companyAddress: member.companyAddress,
    companySite: member.companySite,
    vat: member.vat,
    permissions: direct.map((r) => r.name).filter(isPermission),
    allPermissions: [...staff.permissions].sort() as Permission[],
    roles: roleRows.map((r) => ({ id: Number(r.id), name: r.name })),
    referralProgramPercent: member.referralProgramPercent,
    affiliateCode: member.affiliateCode,
    notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...member.notificationPreferences },
    frozenAt: iso(member.frozenAt),
  };
}
