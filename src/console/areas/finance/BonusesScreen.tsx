import { detailFallback } from '../../ui/DetailFallback';
import { ActionIcon, Button, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { storeBonusesBodySchema, type PaymentMethodBonus, type PaymentMethodDetail, type StoreBonusesBody } from '../../../contract/finance';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { FormScreen } from '../../forms/FormScreen';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { PercentInput } from '../../forms/fields/PercentInput';
import { useContractForm } from '../../forms/useContractForm';
import { confirm } from '../../ui/confirm';
import { RecordHeader } from '../../ui/RecordHeader';
import { SmallTable } from '../../ui/SmallTable';

/**
 * The bonuses of one payment method (/payment-method-bonuses/:id): a list of bonus
 * percent, from amount and enabled, stored together; a new row starts at 0, 0, off; a stored row is
 * deleted on its own (asked first). Errors land on their row's field (`bonuses.2.fromAmount`).
 */

interface Row {
  id: number | null;
  bonusPercent: string;
  fromAmount: string;
  isEnabled: boolean;
}
interface Values {
  bonuses: Row[];
}

const toRows = (bonuses: PaymentMethodBonus[]): Row[] =>
  bonuses.map((b) => ({ id: b.id, bonusPercent: b.bonusPercent, fromAmount: b.fromAmount, isEnabled: b.isEnabled }));
const NEW_BONUS: Row = { id: null, bonusPercent: '0', fromAmount: '0', isEnabled: false };

export function BonusesScreen({ id }: RecordScreenProps) {
  const method = useQuery({
    queryKey: ['detail', 'payment-methods', id],
    queryFn: ({ signal }) => api('paymentMethodsShow', { params: { paymentMethodId: id }, signal }),
  });
  const fallback = detailFallback(method, { loading: 'Loading the payment method', title: 'Payment method bonuses' });
  if (fallback || !method.data) return fallback;
  return <BonusesForm key={method.data.updatedAt + method.data.paymentMethodBonuses.map((b) => b.id).join()} method={method.data} />;
}

function BonusesForm({ method }: { method: PaymentMethodDetail }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<number | null>(null);
  const form = useContractForm<Values, StoreBonusesBody>({
    schema: storeBonusesBodySchema,
    initialValues: { bonuses: toRows(method.paymentMethodBonuses) },
    draft: { key: `payment-method-bonuses:${method.id}`, updatedAt: method.updatedAt },
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['detail', 'payment-methods', method.id] });

  const save = async (body: StoreBonusesBody) => {
    const answer = await api('paymentMethodBonusesStore', { params: { paymentMethodId: method.id }, body });
    notifications.show({ color: 'teal', title: 'Bonuses saved', message: answer.message });
    form.setValues({ bonuses: toRows(answer.paymentMethodBonuses) });
    form.resetDirty({ bonuses: toRows(answer.paymentMethodBonuses) });
    await queryClient.invalidateQueries({ queryKey: ['list', 'payment-methods'] });
  };

  const remove = async (index: number) => {
    const row = form.values.bonuses[index];
    if (row.id === null) {
      form.removeListItem('bonuses', index);
      return;
    }
    const ok = await confirm({
      title: 'Delete bonus',
      body: `Delete the bonus from ${row.fromAmount}?`,
      undoable: false,
      agree: 'Delete',
      disagree: 'Cancel',
      agreeColor: 'red',
    });
    if (!ok) return;
    setDeleting(row.id);
    try {
      const answer = await api('paymentMethodBonusesDelete', { params: { bonusId: row.id } });
      notifications.show({ color: 'teal', title: 'Bonus deleted', message: answer.message });
      form.removeListItem('bonuses', index);
      await reload();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(error) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack>
      <RecordHeader
        back={{ to: '/payment-methods', label: 'Payment methods' }}
        title={`Bonuses of ${method.name}`}
        description={
          <Text size="sm" c="dimmed">
            A paid invoice gets the enabled bonus with the highest "from amount" not above what was paid.
          </Text>
        }
      />
      <FormScreen form={form} onSubmit={save} submitLabel="Save bonuses">
        <Paper withBorder p="sm">
          <SmallTable
            rows={form.values.bonuses}
            rowKey={(_, i) => form.key(`bonuses.${i}`)}
            columns={[
              {
                header: 'Bonus percent',
                render: (_, i) => <PercentInput aria-label={`Bonus percent, row ${i + 1}`} decimals={4} {...form.getInputProps(`bonuses.${i}.bonusPercent`)} />,
              },
              {
                header: 'From amount',
                render: (_, i) => <MoneyInput aria-label={`From amount, row ${i + 1}`} {...form.getInputProps(`bonuses.${i}.fromAmount`)} />,
              },
              {
                header: 'Enabled',
                render: (_, i) => <Switch aria-label={`Enabled, row ${i + 1}`} {...form.getInputProps(`bonuses.${i}.isEnabled`, { type: 'checkbox' })} />,
              },
              {
                header: null,
                headerLabel: 'Delete',
                render: (row, i) => (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete bonus, row ${i + 1}`}
                    loading={deleting !== null && deleting === row.id}
                    onClick={() => void remove(i)}
                  >
                    ×
                  </ActionIcon>
                ),
              },
            ]}
          />
          {form.values.bonuses.length === 0 && (
            <Text size="sm" c="dimmed" py="sm">
              No bonuses yet.
            </Text>
          )}
          <Button mt="sm" variant="light" onClick={() => form.insertListItem('bonuses', { ...NEW_BONUS })}>
            Add bonus
          </Button>
        </Paper>
      </FormScreen>
      <RecordHistory type="payment_method" id={method.id} />
    </Stack>
  );
}
