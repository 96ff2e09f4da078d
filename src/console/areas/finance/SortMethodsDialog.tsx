import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentMethodRow } from '../../../contract/finance';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { SortableList } from '../../forms/fields/SortableList';
import { DialogCloseAction } from '../../ui/DialogActions';

/** The payment methods' positions: drag or use the keyboard, then save. */
export function SortMethodsDialog({ onSubmit, onCancel, submitting, errorMessage: failed }: ActionDialogProps<unknown, { ids: number[] }>) {
  const methods = useQuery({
    queryKey: ['payment-methods', 'sorting'],
    queryFn: ({ signal }) =>
      api('paymentMethodsTable', {
        body: { options: { page: 1, itemsPerPage: 0, sortBy: ['position'], sortDesc: [false] }, headers: [], search: '', draw: 0 },
        signal,
      }),
    staleTime: 0,
  });
  const [order, setOrder] = useState<PaymentMethodRow[] | null>(null);
  if (methods.isPending) return <Loader size="sm" aria-label="Loading the payment methods" />;
  if (methods.isError) return <Alert color="red">{errorMessage(methods.error)}</Alert>;
  const items = order ?? (methods.data.items as PaymentMethodRow[]);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        The storefront shows the methods in this order.
      </Text>
      {failed && <Alert color="red">{failed}</Alert>}
      <SortableList<PaymentMethodRow>
        label="Payment methods"
        value={items}
        onChange={setOrder}
        getLabel={(m) => m.name}
        renderItem={(m) => (
          <Text size="sm">
            {m.name}{' '}
            <Text span c="dimmed" size="xs">
              {m.type}
              {m.status === 'disabled' ? ' · disabled' : ''}
            </Text>
          </Text>
        )}
        onSave={(ids) => void onSubmit({ ids: ids.map(Number) })}
        saveLabel="Save positions"
        saving={submitting}
        emptyText="There are no payment methods yet."
      />
      <DialogCloseAction onClose={onCancel} disabled={submitting} />
    </Stack>
  );
}
