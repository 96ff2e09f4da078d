import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { markInvoicePaidBodySchema, type InvoiceRow } from '../../../contract/finance';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { useContractForm } from '../../forms/useContractForm';
import { CostLabel } from '../../ui/CostLabel';
import { formatMoney, subtractDecimals } from '../../ui/format';

/**
 * Mark an invoice as paid: the amount, prefilled with the invoice's; a 422 stays on `amount`. An
 * amount other than the invoice's is credited only when Mark as paid is pressed again, after the
 * dialog has said by how much it differs.
 */
export function MarkInvoicePaidDialog({ row, ...props }: ActionDialogProps<InvoiceRow, { amount: string }>) {
  const form = useContractForm<{ amount: string }>({
    schema: markInvoicePaidBodySchema,
    errors: props.errors,
    initialValues: { amount: row.amount },
    draft: { key: `invoice-paid:${row.id}` },
  });
  const [confirmedAmount, setConfirmedAmount] = useState<string | null>(null);
  const difference = subtractDecimals(form.values.amount, row.amount);
  const differs = difference !== '' && !/^-?0*$/.test(difference.replace('.', ''));
  const asking = differs && confirmedAmount === form.values.amount;
  const onSubmit = async (body: { amount: string }) => {
    if (differs && confirmedAmount !== body.amount) {
      setConfirmedAmount(body.amount);
      return false;
    }
    return props.onSubmit(body);
  };
  return (
    <FormDialog form={form} {...props} onSubmit={onSubmit} submitLabel={asking ? `Credit ${formatMoney(form.values.amount)}` : 'Mark as paid'}>
      <Text size="sm">
        Invoice {row.id} ({row.shortName}) of <CostLabel value={row.amount} /> from {row.user.email}. The amount below is credited to the balance, with the
        method's bonus when one applies.
      </Text>
      <MoneyInput label="Amount" required data-autofocus {...form.getInputProps('amount')} />
      {asking && (
        <Alert color="yellow" role="alert" title="Not the invoice's amount">
          {formatMoney(form.values.amount)} is {formatMoney(difference.replace(/^-/, ''))} {difference.startsWith('-') ? 'less' : 'more'} than the invoice's{' '}
          {formatMoney(row.amount)}. Press “Credit {formatMoney(form.values.amount)}” to credit it anyway.
        </Alert>
      )}
    </FormDialog>
  );
}
