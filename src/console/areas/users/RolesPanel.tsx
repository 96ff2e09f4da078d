import { MultiSelect, SimpleGrid } from '@mantine/core';
import type { UserDetail } from '../../../contract/users';
import { api } from '../../api/client';
import { PanelFormFooter, ProfilePanel } from './ProfilePanel';
import { useProfileForm } from './useProfileForm';

const withCurrent = (available: string[], current: string[]) => [...new Set([...available, ...current])].sort();

/** The user's customer roles and direct permissions (replaced as a whole). */
export function RolesPanel({ user, canEdit }: { user: UserDetail; canEdit: boolean }) {
  const { form, submit, submitting, error } = useProfileForm<{ roles: string[]; permissions: string[] }>({
    userId: user.id,
    successTitle: 'Roles and permissions saved',
    initialValues: { roles: user.roles, permissions: user.permissions },
    send: (v) => api('usersSyncRolesAndPermissions', { body: { userId: user.id, roles: v.roles, permissions: v.permissions } }),
  });
  return (
    <ProfilePanel title="Roles and permissions">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
          <MultiSelect
            label="Roles"
            data={withCurrent(user.availableRoles, user.roles)}
            searchable
            clearable
            disabled={!canEdit}
            nothingFoundMessage="No roles"
            {...form.getInputProps('roles')}
          />
          <MultiSelect
            label="Permissions"
            data={withCurrent(user.availablePermissions, user.permissions)}
            searchable
            clearable
            disabled={!canEdit}
            nothingFoundMessage="No permissions"
            {...form.getInputProps('permissions')}
          />
        </SimpleGrid>
        {canEdit && <PanelFormFooter error={error} submitting={submitting} label="Save roles" />}
      </form>
    </ProfilePanel>
  );
}
