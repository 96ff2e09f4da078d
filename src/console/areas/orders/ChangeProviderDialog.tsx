import { NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderRow } from '../../../contract/orders';
import type { ProviderOption } from '../../../contract/providers';
import { DialogActions } from '../../actions/DialogActions';
import type { ActionDialogProps } from '../../actions/types';
import { useActionForm } from '../../actions/useActionForm';
import { ProviderPicker } from '../../ui/ProviderPicker';

/**
 * Change provider (operations.md §4): one order (with an optional quantity to request there, at
 * most the order's quantity) or many (without). Field errors of providerId and quantity stay in
 * the dialog.
 */
export interface ChangeProviderInput {
  providerId: number;
  quantity: number | null;
}

interface Values {
  quantity: number | string;
}

function ChangeProviderForm({ rows, onSubmit, onCancel, errors, errorMessage, submitting, bulk }: ActionDialogProps<OrderRow, ChangeProviderInput> & { bulk: boolean }) {
  const single = !bulk && rows.length === 1;
  const [provider, setProvider] = useState<ProviderOption | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  // A new choice hides the server's message about the previous one.
  const [seenErrors, setSeenErrors] = useState<Record<string, string[]> | null>(null);
  const form = useActionForm<Values>({ errors, initialValues: { quantity: single ? rows[0].quantity : '' } });
  const serverProviderError = errors !== seenErrors ? (errors?.providerId?.[0] ?? null) : null;
  // Only one order narrows the list to providers of its service.
  const serviceId = single ? rows[0].service?.id : undefined;

  const submit = (values: Values) => {
    if (!provider) {
      setProviderError('Choose a provider.');
      return;
    }
    void onSubmit({ providerId: provider.id, quantity: single && values.quantity !== '' ? Number(values.quantity) : null });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{single ? `Send order ${rows[0].id} to another provider.` : `Send ${rows.length} orders to another provider.`}</Text>
        <ProviderPicker
          value={provider}
          serviceId={serviceId}
          onChange={(next) => {
            setProvider(next);
            setProviderError(null);
            setSeenErrors(errors);
          }}
          error={providerError ?? serverProviderError}
        />
        {single && <NumberInput label="Quantity" min={1} max={rows[0].quantity} allowDecimal={false} {...form.getInputProps('quantity')} />}
        <DialogActions submitLabel="Change provider" cancelLabel="Close" onCancel={onCancel} submitting={submitting} errorMessage={errorMessage} />
      </Stack>
    </form>
  );
}

export function ChangeProviderDialog(props: ActionDialogProps<OrderRow, ChangeProviderInput>) {
  return <ChangeProviderForm {...props} bulk={false} />;
}
export function BulkChangeProviderDialog(props: ActionDialogProps<OrderRow, ChangeProviderInput>) {
  return <ChangeProviderForm {...props} bulk />;
}
