import { Text, Textarea } from '@mantine/core';
import { rejectCancelRequestBodySchema, type CancelRequestRow, type RejectCancelRequestBody } from '../../../contract/cancel-requests';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import type { ActionDialogProps } from '../../resource/actions';

/** Reject a customer's cancel request with a note they will read; the order goes on. */
export function RejectCancelRequestDialog({ row, ...props }: ActionDialogProps<CancelRequestRow, RejectCancelRequestBody>) {
  const form = useContractForm<RejectCancelRequestBody>({
    schema: rejectCancelRequestBodySchema,
    errors: props.errors,
    initialValues: { note: '' },
    draft: { key: `cancel-request-reject:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Reject" color="red">
      <Text size="sm">
        {row.user.email} asked to cancel order {row.order.id}. The order goes on.
      </Text>
      <Textarea label="Note" required rows={3} data-autofocus {...form.getInputProps('note')} />
    </FormDialog>
  );
}
