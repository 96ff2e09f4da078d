import { Checkbox, Select, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { orderBulkCancelBodySchema, orderCancelBodySchema, type OrderRow } from '../../../contract/orders';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { useContractForm } from '../../forms/useContractForm';
import { cancelReasonsQuery, refundAmountQuery } from './queries';

/**
 * The cancel dialog, for one order or many: a cancel reason, a description,
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

// The dialog fills everything but the orders, which the action adds.
const singleSchema = orderCancelBodySchema.omit({ orderId: true });
const bulkSchema = orderBulkCancelBodySchema.omit({ ordersIds: true });

interface CancelDialogOptions {
  bulk: boolean;
  returnMoney: boolean;
}

function CancelOrderForm({ rows, bulk, returnMoney, ...props }: ActionDialogProps<OrderRow, CancelOrderInput> & CancelDialogOptions) {
  const reasons = useQuery(cancelReasonsQuery());
  const single = !bulk && rows.length === 1;
  const refund = useQuery({ ...refundAmountQuery(rows[0]?.id ?? 0), enabled: single });
  const form = useContractForm<CancelFormValues, CancelOrderInput>({
    schema: single ? singleSchema : bulkSchema,
    errors: props.errors,
    initialValues: { cancelReason: '', cancelDescription: '', returnMoney, sendEmailNotification: true, amount: '' },
    transform: (values) => {
      const input: CancelOrderInput = {
        cancelReason: values.cancelReason,
        cancelDescription: values.cancelDescription.trim() || null,
        returnMoney: values.returnMoney,
        sendEmailNotification: values.sendEmailNotification,
      };
      if (single) input.amount = values.returnMoney && values.amount !== '' ? Number(values.amount) : null;
      return input;
    },
  });

  // The fetched default fills the amount once, as part of the order's values (not a change).
  const filled = useRef(false);
  const { setDefault } = form;
  useEffect(() => {
    if (filled.current || refund.data === undefined || refund.data === null) return;
    filled.current = true;
    setDefault('amount', refund.data);
  }, [refund.data, setDefault]);

  const options = (reasons.data ?? []).map((r) => ({ value: r.value, label: r.text }));
  return (
    <FormDialog
      form={form}
      {...props}
      submitLabel={returnMoney ? 'Cancel and return money' : single ? 'Cancel order' : 'Cancel orders'}
      cancelLabel="Close"
      color="red"
    >
      <Text size="sm">{single ? `Order ${rows[0].id} will be canceled.` : `${rows.length} orders will be canceled.`} This cannot be undone.</Text>
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
      {single && form.values.returnMoney && (
        <MoneyInput
          label="Refund amount"
          description={refund.isLoading ? 'Loading the default refund…' : 'Defaults to the unused part of what was paid.'}
          currency="$"
          {...form.getInputProps('amount')}
        />
      )}
      {!single && form.values.returnMoney && (
        <Text size="sm" c="dimmed">
          Each order refunds its own default amount.
        </Text>
      )}
    </FormDialog>
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
