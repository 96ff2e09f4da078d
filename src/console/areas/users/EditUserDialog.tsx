import { TextInput } from '@mantine/core';
import { userUpdateBodySchema, type UserRow } from '../../../contract/users';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';

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

/**
 * The 'edit' row action's dialog: checked by the update body's schema, a 422 keeps it open with
 * the server's messages under the fields, and unsaved edits are kept as a draft of the user.
 */
export function EditUserDialog({ row, ...props }: ActionDialogProps<UserRow, EditUserInput>) {
  const form = useContractForm({
    schema: userUpdateBodySchema,
    errors: props.errors,
    initialValues: {
      name: row.name,
      email: row.email,
      telegramUsername: row.telegramUsername ?? '',
      marketingSubid: row.marketingSubid ?? '',
    },
    transform: toEditUserInput,
    draft: { key: `user:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Save">
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
      <TextInput label="Telegram username" {...form.getInputProps('telegramUsername')} />
      <TextInput label="Marketing subid" {...form.getInputProps('marketingSubid')} />
    </FormDialog>
  );
}
