import { Stack, TextInput } from '@mantine/core';
import type { UserRow } from '../../../contract/users';
import { DialogActions } from '../../actions/DialogActions';
import type { ActionDialogProps } from '../../actions/types';
import { useActionForm } from '../../actions/useActionForm';

export interface EditUserInput {
  name: string;
  email: string;
  telegramUsername: string | null;
  marketingSubid: string | null;
}

/** Blank optional fields are sent as null (the server clears them). */
export function toEditUserInput(values: { name: string; email: string; telegramUsername: string; marketingSubid: string }): EditUserInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    telegramUsername: values.telegramUsername.trim() || null,
    marketingSubid: values.marketingSubid.trim() || null,
  };
}

/** The 'edit' row action's dialog: a 422 keeps it open with the server's messages under the fields. */
export function EditUserDialog({ row, onSubmit, onCancel, errors, errorMessage, submitting }: ActionDialogProps<UserRow, EditUserInput>) {
  const form = useActionForm({
    errors,
    initialValues: {
      name: row.name,
      email: row.email,
      telegramUsername: row.telegramUsername ?? '',
      marketingSubid: row.marketingSubid ?? '',
    },
    validate: {
      name: (v: string) => (v.trim() ? null : 'The name field is required.'),
      email: (v: string) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'The email must be a valid email address.'),
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => void onSubmit(toEditUserInput(values)))} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <TextInput label="Telegram username" {...form.getInputProps('telegramUsername')} />
        <TextInput label="Marketing subid" {...form.getInputProps('marketingSubid')} />
        <DialogActions onCancel={onCancel} submitting={submitting} errorMessage={errorMessage} submitLabel="Save" />
      </Stack>
    </form>
  );
}
