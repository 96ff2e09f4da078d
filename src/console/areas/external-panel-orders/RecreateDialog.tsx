import { NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ExternalPanelOrderRow } from '../../../contract/external-panel-orders';
import type { ProviderOption } from '../../../contract/providers';
import { DialogActions } from '../../actions/DialogActions';
import type { ActionDialogProps } from '../../actions/types';
import { useActionForm } from '../../actions/useActionForm';
// The picker is shared with the orders' change-provider dialog; it belongs in ui/ (see report).
import { ProviderPicker } from '../../ui/ProviderPicker';

/** Recreate an external-panel order: quantity and provider; server errors on either stay in the dialog. */
export interface RecreateInput {
  quantity: number;
  providerId: number;
}

interface Values {
  quantity: number | string;
}

export function RecreateDialog({ row, onSubmit, onCancel, errors, errorMessage, submitting }: ActionDialogProps<ExternalPanelOrderRow, RecreateInput>) {
  const [provider, setProvider] = useState<ProviderOption | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [seenErrors, setSeenErrors] = useState<Record<string, string[]> | null>(null);
  const form = useActionForm<Values>({
    errors,
    initialValues: { quantity: row.remains !== null && row.remains > 0 ? row.remains : row.quantity },
    validate: { quantity: (v) => (v === '' || Number(v) < 1 ? 'The quantity must be at least 1.' : null) },
  });
  const serverProviderError = errors !== seenErrors ? (errors?.providerId?.[0] ?? null) : null;

  const submit = (values: Values) => {
    if (!provider) {
      setProviderError('Choose a provider.');
      return;
    }
    void onSubmit({ quantity: Number(values.quantity), providerId: provider.id });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Place order {row.order.id} again (attempt {row.id} at {row.provider.name}).
        </Text>
        <NumberInput label="Quantity" min={1} allowDecimal={false} {...form.getInputProps('quantity')} />
        <ProviderPicker
          value={provider}
          onChange={(next) => {
            setProvider(next);
            setProviderError(null);
            setSeenErrors(errors);
          }}
          error={providerError ?? serverProviderError}
        />
        <DialogActions submitLabel="Recreate" cancelLabel="Close" onCancel={onCancel} submitting={submitting} errorMessage={errorMessage} />
      </Stack>
    </form>
  );
}
