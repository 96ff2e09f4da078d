import { Text, Textarea } from '@mantine/core';
import { rejectFreeTrialBodySchema, type FreeTrialRow, type RejectFreeTrialBody } from '../../../contract/free-trials';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';

/** Reject a pending request (the confirmation), with an optional reason the customer sees. */
export function RejectFreeTrialDialog({ row, ...props }: ActionDialogProps<FreeTrialRow, RejectFreeTrialBody>) {
  const form = useContractForm<{ admin_note: string }, RejectFreeTrialBody>({
    schema: rejectFreeTrialBodySchema,
    errors: props.errors,
    initialValues: { admin_note: '' },
    transform: (v) => ({ admin_note: v.admin_note.trim() ? v.admin_note : null }),
    draft: { key: `free-trial-reject:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Reject" color="red">
      <Text size="sm">
        Reject free trial {row.id}: {row.quantity} × {row.service?.name ?? 'a service'} for {row.user?.email ?? 'a user'}? This cannot be undone.
      </Text>
      <Textarea label="Reason (optional)" description="Shown to the customer" autosize minRows={2} data-autofocus {...form.getInputProps('admin_note')} />
    </FormDialog>
  );
}
