import { MultiSelect, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PERMISSION_GROUPS, type Permission } from '../../../contract/permissions';
import { staffStoreBodySchema, staffUpdateBodySchema, type StaffRow, type StaffStoreBody, type StaffUpdateBody } from '../../../contract/staff';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { groupLabel, permissionLabel } from './permissionLabels';
import { useRoleOptions } from './staffOptions';

/**
 * Invite or create a staff member, and edit one. A password is never shown or mailed in clear:
 * either the member sets it through a one-time link, or an administrator types it twice here.
 */

export const permissionOptions = Object.entries(PERMISSION_GROUPS).map(([group, list]) => ({
  group: groupLabel(group),
  items: list.map((p) => ({ value: p, label: permissionLabel(p) })),
}));

interface CreateValues {
  name: string;
  email: string;
  password_mode: 'link' | 'typed';
  password: string;
  password_confirmation: string;
  roles: string[];
  permissions: string[];
}

export function StaffCreateDialog(props: ActionDialogProps<unknown, StaffStoreBody>) {
  const roleOptions = useRoleOptions();
  const form = useContractForm<CreateValues, StaffStoreBody>({
    schema: staffStoreBodySchema,
    errors: props.errors,
    initialValues: { name: '', email: '', password_mode: 'link', password: '', password_confirmation: '', roles: [], permissions: [] },
    transform: (v) => ({
      name: v.name,
      email: v.email,
      password_mode: v.password_mode,
      ...(v.password_mode === 'typed' ? { password: v.password, password_confirmation: v.password_confirmation } : {}),
      roles: v.roles.map(Number),
      permissions: v.permissions as Permission[],
    }),
    // A half-typed password is never kept as a draft.
    draft: null,
  });
  return (
    <FormDialog form={form} {...props} submitLabel={form.values.password_mode === 'link' ? 'Invite' : 'Create'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label="E-mail" required type="email" autoComplete="off" {...form.getInputProps('email')} />
      </SimpleGrid>
      <Radio.Group label="How the password is set" required {...form.getInputProps('password_mode')}>
        <Stack gap={6} mt={6}>
          <Radio value="link" label="The member sets it through a one-time link" />
          <Radio value="typed" label="Type it now (twice)" />
        </Stack>
      </Radio.Group>
      {form.values.password_mode === 'typed' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label="Repeat the password" required autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          The link is e-mailed when e-mail is configured, and shown to you once so you can pass it on. It works once, for 72 hours.
        </Text>
      )}
      <MultiSelect label="Roles" data={roleOptions} searchable clearable {...form.getInputProps('roles')} />
      <MultiSelect
        label="Direct permissions"
        description="Held besides the roles' permissions."
        data={permissionOptions}
        searchable
        clearable
        {...form.getInputProps('permissions')}
      />
    </FormDialog>
  );
}

interface EditValues {
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
}

export function StaffEditDialog({ row, ...props }: ActionDialogProps<StaffRow, StaffUpdateBody>) {
  const roleOptions = useRoleOptions();
  const form = useContractForm<EditValues, StaffUpdateBody>({
    schema: staffUpdateBodySchema,
    errors: props.errors,
    initialValues: { name: row.name, email: row.email, roles: row.roles.map((r) => String(r.id)), permissions: [...row.permissions] },
    transform: (v) => ({ name: v.name, email: v.email, roles: v.roles.map(Number), permissions: v.permissions as Permission[] }),
    draft: { key: `staff:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="E-mail" required type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <MultiSelect label="Roles" data={roleOptions} searchable clearable {...form.getInputProps('roles')} />
      <MultiSelect
        label="Direct permissions"
        description="Held besides the roles' permissions."
        data={permissionOptions}
        searchable
        clearable
        {...form.getInputProps('permissions')}
      />
      <Text size="sm" c="dimmed">
        A change takes effect on the member's next request.
      </Text>
    </FormDialog>
  );
}
