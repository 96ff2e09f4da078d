import type { Permission } from '../../../contract/permissions';

/** Permissions whose name alone does not say what they are about. */
const LABELS: Partial<Record<Permission, string>> = { adjustBalances: 'Adjust user balances' };

/** A permission as people read it: 'manageServicesAndProviders' -> 'Manage services and providers'. */
export function permissionLabel(name: Permission | string): string {
  if (Object.hasOwn(LABELS, name)) return LABELS[name as Permission]!;
  const words = name
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Area names of the permission groups, as written in PERMISSION_GROUPS ('FreeTrials' -> 'Free trials'). */
export const groupLabel = (group: string): string => permissionLabel(group);
