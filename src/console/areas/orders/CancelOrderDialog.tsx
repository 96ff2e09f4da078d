import { Checkbox, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OrderRow } from '../../../contract/orders';
import { DialogActions } from '../../actions/DialogActions';
import type { ActionDialogProps } from '../../actions/types';
import { useActionForm } from '../../actions/useActionForm';
import { cancelReasonsQuery, refundAmountQuery } from './queries';

/**
 * The cancel dialog (operations.md §4–§5), for one order or many: a cancel reason, a description,
 * "Send email notification" (on by default) and "Return money" (off by default; on in the
 * cancel-and-return-money variant). For one order the refund amount starts at the server's default
 * refund. Server field errors (cancelReason, cancelDescription, amount) show on their fields and
 * keep the dialog open.
 */
export interface CancelOrderInput {
  cancelReason: string;
  cancelDescription: string | null;
  returnMoney: boolean;
  sendEmailNotification: boolean;
  /** Single order only; null means the server's default refund. */
  amount?: number | null;
}

interface CancelFormValues {
  cancelReason: string;
  cancelDescription: string;
  returnMoney: boolean;
  sendEmailNotification: boolean;
  amount: number | string;
}

interface CancelDialogOptions {
  bulk: boolean;
  returnMoney: boolean;
}

function CancelOrderForm({ rows, onSubmit, onCancel, errors, errorMessage, submitting, bulk, returnMoney }: ActionDialogProps<OrderRow, CancelOrderInput> & CancelDialogOptions) {
  const reasons = useQuery(cancelReasonsQuery());
  const single = !bulk && rows.length === 1;
  const refund = useQuery({ ...refundAmountQuery(rows[0]?.id ?? 0), enabled: single });
  const form = useActionForm<CancelFormValues>({
    errors,
    initialValues: { cancelReason: '', cancelDescription: '', returnMoney, sendEmailNotification: true, amount: '' },
    validate: { cancelReason: (value) => (value ? null : 'Choose a cancel reason.') },
  });

  // The fetched default fills the amount once, unless the member typed one already.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || refund.data === undefined || refund.data === null) return;
    filled.current = true;
    if (form.getValues().amount === '') form.setFieldValue('amount', refund.data);
  }, [refund.data, form]);

  const submit = (values: CancelFormValues) => {
    const input: CancelOrderInput = {
      cancelReason: values.cancelReason,
      cancelDescription: values.cancelDescription.trim() || null,
      returnMoney: values.returnMoney,
      sendEmailNotification: values.sendEmailNotification,
    };
    if (single) input.amount = values.returnMoney && values.amount !== '' ? Number(values.amount) : null;
    void onSubmit(input);
  };

  const options = (reasons.data ?? []).map((r) => ({ value: r.value, label: r.text }));
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {single ? `Order ${rows[0].id} will be canceled.` : `${rows.length} orders will be canceled.`} This cannot be undone.
        </Text>
        <Select
          label="Cancel reason"
          placeholder={reasons.isLoading ? 'Loading reasons…' : 'Choose a reason'}
          data={options}
          required
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('cancelReason')}
        />
        {reasons.isError && (
          <Text size="sm" c="red" role="alert">
            The cancel reasons could not be loaded.
          </Text>
        )}
        <Textarea label="Cancel description" rows={3} {...form.getInputProps('cancelDescription')} />
        <Checkbox label="Send email notification" {...form.getInputProps('sendEmailNotification', { type: 'checkbox' })} />
        <Checkbox label="Return money" {...form.getInputProps('returnMoney', { type: 'checkbox' })} />
        {single && form.getValues().returnMoney && (
          <NumberInput
            label="Refund amount"
            description={refund.isLoading ? 'Loading the default refund…' : 'Defaults to the unused part of what was paid.'}
            min={0}
            decimalScale={4}
            prefix="$"
            {...form.getInputProps('amount')}
          />
        )}
        {!single && form.getValues().returnMoney && (
          <Text size="sm" c="dimmed">
            Each order refunds its own default amount.
          </Text>
        )}
        <DialogActions
          submitLabel={returnMoney ? 'Cancel and return money' : single ? 'Cancel order' : 'Cancel orders'}
          cancelLabel="Close"
          onCancel={onCancel}
          submitting={submitting}
          errorMessage={errorMessage}
          color="red"
        />
      </Stack>
    </form>
  );
}

export function CancelOrderDialog(props: ActionDialogProps<OrderRow, CancelOrderInput>) {
  return <CancelOrderForm {...props} bulk={false} returnMoney={false} />;
}
export function CancelAndRefundOrderDialog(props: ActionDialogProps<OrderRow, CancelOrderInput>) {
  return <CancelOrderForm {...props} bulk={false} returnMoney />;
}
export function BulkCancelOrdersDialog(props: ActionDialogProps<OrderRow, CancelOrderInput>) {
  return <CancelOrderForm {...props} bulk returnMoney={false} />;
}
export function BulkCancelAndRefundOrdersDialog(props: ActionDialogProps<OrderRow, CancelOrderInput>) {
  return <CancelOrderForm {...props} bulk returnMoney />;
}
