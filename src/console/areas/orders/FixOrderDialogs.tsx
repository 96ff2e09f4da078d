import { NumberInput, Text } from '@mantine/core';
import { orderEditCountsBodySchema, orderSetPartialBodySchema, type OrderRow } from '../../../contract/orders';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { formatNumber } from '../../ui/format';

/**
 * Manual fixes of an order at a provider (docs/upstream.md): Set partial (the remains the provider
 * did not deliver; the undelivered share goes back once) and Edit start count and remains. Server
 * errors on `remains` and `startCount` stay in the dialog.
 */
export interface SetPartialInput {
  remains: number;
}
export interface EditCountsInput {
  startCount: number | null;
  remains: number;
}

interface RemainsValues {
  remains: number | string;
}
interface CountsValues {
  startCount: number | string;
  remains: number | string;
}

const num = (v: number | string) => (v === '' ? undefined : Number(v)) as number;
const undelivered = (o: OrderRow) => Math.max(0, o.quantity - o.currentQuantity);

export function SetPartialDialog({ row, ...props }: ActionDialogProps<OrderRow, SetPartialInput>) {
  const form = useContractForm<RemainsValues, SetPartialInput>({
    schema: orderSetPartialBodySchema.omit({ orderId: true }),
    errors: props.errors,
    initialValues: { remains: undelivered(row) || '' },
    transform: (values) => ({ remains: num(values.remains) }),
  });
  const remains = Number(form.values.remains);
  const share = Number.isFinite(remains) && remains > 0 && remains < row.quantity ? remains / row.quantity : null;
  return (
    <FormDialog form={form} {...props} submitLabel="Set partial" cancelLabel="Close">
      <Text size="sm">
        Order {row.id} ends with {share === null ? 'what was delivered' : formatNumber(row.quantity - remains)} of {formatNumber(row.quantity)}; the undelivered
        share of what was paid goes back to the customer once. This cannot be undone.
      </Text>
      <NumberInput label="Remains" min={1} max={row.quantity - 1} allowDecimal={false} data-autofocus {...form.getInputProps('remains')} />
    </FormDialog>
  );
}

export function EditCountsDialog({ row, ...props }: ActionDialogProps<OrderRow, EditCountsInput>) {
  const form = useContractForm<CountsValues, EditCountsInput>({
    schema: orderEditCountsBodySchema.omit({ orderId: true }),
    errors: props.errors,
    initialValues: { startCount: '', remains: undelivered(row) },
    // A blank start count leaves it as it is.
    transform: (values) => ({ startCount: values.startCount === '' ? null : Number(values.startCount), remains: num(values.remains) }),
  });
  return (
    <FormDialog form={form} {...props} submitLabel="Save" cancelLabel="Close">
      <Text size="sm">
        Correct what the provider reported for order {row.id} ({formatNumber(row.currentQuantity)} of {formatNumber(row.quantity)} delivered). No money moves.
      </Text>
      <NumberInput label="Start count" description="Blank keeps the current one" min={0} allowDecimal={false} {...form.getInputProps('startCount')} />
      <NumberInput label="Remains" min={0} max={row.quantity} allowDecimal={false} {...form.getInputProps('remains')} />
    </FormDialog>
  );
}
