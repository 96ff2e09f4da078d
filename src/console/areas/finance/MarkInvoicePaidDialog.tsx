import { Text } from '@mantine/core';
import { markInvoicePaidBodySchema, type InvoiceRow } from '../../../contract/finance';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { useContractForm } from '../../forms/useContractForm';
import { CostLabel } from '../../ui/CostLabel';

/** Mark an invoice as paid: the amount, prefilled with the invoice's; a 422 stays on `amount`. */
export function MarkInvoicePaidDialog({ row, ...props }: ActionDialogProps<InvoiceRow, { amount: string }>) {
  const form = useContractForm<{ amount: string }>({
    schema: markInvoicePaidBodySchema,
    errors: props.errors,
    initialValues: { amount: row.amount },
    draft: { key: `invoice-paid:${row.id}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Mark as paid">
      <Text size="sm">
        Invoice {row.id} ({row.shortName}) of <CostLabel value={row.amount} /> from {row.user.email}. The amount below is credited to the balance, with the
        method's bonus when one applies.
      </Text>
      <MoneyInput label="Amount" required data-autofocus {...form.getInputProps('amount')} />
    </FormDialog>
  );
}
