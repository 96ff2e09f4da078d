import { NumberInput, Text } from '@mantine/core';
import { orderChangeProviderBodySchema, type OrderRow } from '../../../contract/orders';
import type { ProviderOption } from '../../../contract/providers';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { ProviderPicker } from '../../ui/ProviderPicker';

/**
 * Change provider: one order (with an optional quantity to request there, at
 * most the order's quantity) or many (without). Field errors of providerId and quantity stay in
 * the dialog.
 */
export interface ChangeProviderInput {
  providerId: number;
  quantity: number | null;
}

interface Values {
  provider: ProviderOption | null;
  quantity: number | string;
}

// The dialog fills everything but the orders, which the action adds.
const schema = orderChangeProviderBodySchema.omit({ orderIds: true });

function ChangeProviderForm({ rows, bulk, ...props }: ActionDialogProps<OrderRow, ChangeProviderInput> & { bulk: boolean }) {
  const single = !bulk && rows.length === 1;
  const form = useContractForm<Values, ChangeProviderInput>({
    schema,
    errors: props.errors,
    fieldMap: { providerId: 'provider' },
    initialValues: { provider: null, quantity: single ? rows[0].quantity : '' },
    transform: (values) => ({
      // Missing until one is chosen: the schema then reports it on the picker.
      providerId: values.provider?.id as number,
      quantity: single && values.quantity !== '' ? Number(values.quantity) : null,
    }),
  });
  // Only one order narrows the list to providers of its service.
  const serviceId = single ? rows[0].service?.id : undefined;

  return (
    <FormDialog form={form} {...props} submitLabel="Change provider" cancelLabel="Close">
      <Text size="sm">{single ? `Send order ${rows[0].id} to another provider.` : `Send ${rows.length} orders to another provider.`}</Text>
      {/* A new choice clears the message about the previous one. */}
      <div data-path="provider">
        <ProviderPicker
          value={form.values.provider}
          serviceId={serviceId}
          onChange={(next) => form.setFieldValue('provider', next)}
          error={form.errors.provider as string | undefined}
        />
      </div>
      {single && <NumberInput label="Quantity" min={1} max={rows[0].quantity} allowDecimal={false} {...form.getInputProps('quantity')} />}
    </FormDialog>
  );
}

export function ChangeProviderDialog(props: ActionDialogProps<OrderRow, ChangeProviderInput>) {
  return <ChangeProviderForm {...props} bulk={false} />;
}
export function BulkChangeProviderDialog(props: ActionDialogProps<OrderRow, ChangeProviderInput>) {
  return <ChangeProviderForm {...props} bulk />;
}
