import type { Permission } from '../../../contract/permissions';

/** A permission as people read it: 'manageServicesAndProviders' -> 'Manage services and providers'. */
export function permissionLabel(name: Permission | string): string {
  const words = name
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Area names of the permission groups, as written in PERMISSION_GROUPS ('FreeTrials' -> 'Free trials'). */
export const groupLabel = (group: string): string => permissionLabel(group);
