import { Text, Textarea, TextInput } from '@mantine/core';
import { payWithdrawalBodySchema, rejectWithdrawalBodySchema, type WithdrawalRow } from '../../../contract/finance';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { CostLabel } from '../../ui/CostLabel';

function Summary({ row }: { row: WithdrawalRow }) {
  return (
    <Text size="sm">
      Withdrawal {row.id} of <CostLabel value={row.amount} /> (fee <CostLabel value={row.fee} />) by {row.user.email} to {row.accountNumber}.
    </Text>
  );
}

/** Reject a withdrawal with a note for the customer; the held amount goes back to their balance. */
export function RejectWithdrawalDialog({ row, ...props }: ActionDialogProps<WithdrawalRow, { admin_note: string }>) {
  const form = useContractForm<{ admin_note: string }>({
    schema: rejectWithdrawalBodySchema,
    errors: props.errors,
    initialValues: { admin_note: '' },
    draft: { key: `withdrawal-reject:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Reject" color="red">
      <Summary row={row} />
      <Text size="sm" c="dimmed">
        The held amount returns to the customer's balance.
      </Text>
      <Textarea label="Admin note" required autosize minRows={3} data-autofocus {...form.getInputProps('admin_note')} />
    </FormDialog>
  );
}

/** Mark a withdrawal as paid with the payout's transaction id. */
export function PayWithdrawalDialog({ row, ...props }: ActionDialogProps<WithdrawalRow, { transaction_id: string }>) {
  const form = useContractForm<{ transaction_id: string }>({
    schema: payWithdrawalBodySchema,
    errors: props.errors,
    initialValues: { transaction_id: '' },
    draft: { key: `withdrawal-paid:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Mark as paid">
      <Summary row={row} />
      <TextInput label="Transaction id" required data-autofocus {...form.getInputProps('transaction_id')} />
    </FormDialog>
  );
}
