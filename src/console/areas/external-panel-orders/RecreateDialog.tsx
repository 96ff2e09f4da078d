import { NumberInput, Text } from '@mantine/core';
import { recreateExternalPanelOrderBodySchema, type ExternalPanelOrderRow } from '../../../contract/external-panel-orders';
import type { ProviderOption } from '../../../contract/providers';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
// The picker is shared with the orders' change-provider dialog.
import { ProviderPicker } from '../../ui/ProviderPicker';

/** Recreate an external-panel order: quantity and provider; server errors on either stay in the dialog. */
export interface RecreateInput {
  quantity: number;
  providerId: number;
}

interface Values {
  provider: ProviderOption | null;
  quantity: number | string;
}

export function RecreateDialog({ row, ...props }: ActionDialogProps<ExternalPanelOrderRow, RecreateInput>) {
  const form = useContractForm<Values, RecreateInput>({
    schema: recreateExternalPanelOrderBodySchema,
    errors: props.errors,
    fieldMap: { providerId: 'provider' },
    initialValues: { provider: null, quantity: row.remains !== null && row.remains > 0 ? row.remains : row.quantity },
    // Blank or unchosen values stay missing: the schema names them.
    transform: (values) => ({
      quantity: (values.quantity === '' ? undefined : Number(values.quantity)) as number,
      providerId: values.provider?.id as number,
    }),
  });

  return (
    <FormDialog form={form} {...props} submitLabel="Recreate" cancelLabel="Close">
      <Text size="sm">
        Place order {row.order.id} again (attempt {row.id} at {row.provider.name}).
      </Text>
      <NumberInput label="Quantity" min={1} allowDecimal={false} data-autofocus {...form.getInputProps('quantity')} />
      {/* A new choice clears the message about the previous one. */}
      <div data-path="provider">
        <ProviderPicker
          value={form.values.provider}
          onChange={(next) => form.setFieldValue('provider', next)}
          error={form.errors.provider as string | undefined}
        />
      </div>
    </FormDialog>
  );
}
