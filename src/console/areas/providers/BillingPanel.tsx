import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { billingBodySchema, PROVIDER_CURRENCIES, type BillingBody, type BillingRecord } from '../../../contract/providers';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { DateTimeField } from '../../forms/fields';
import { useContractForm } from '../../forms/useContractForm';
import { confirm } from '../../ui/confirm';
import { DateTime } from '../../ui/DateTime';
import { Money } from '../../ui/Money';
import { formatMoney } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';
import { useDialogSubmit } from '../../forms/useDialogSubmit';

/**
 * A provider's billing records (money sent to it, or refunded by it): amount, currency, date,
 * comment and who recorded it, with totals per currency; add, edit, delete (asked first).
 */

export const billingKey = (panelId: number | null) => ['external-panel-payments', panelId] as const;

/** The billing call needs a provider: without one it fails with the panel's own sentence. */
export async function fetchBilling(panelId: number | null | undefined, signal?: AbortSignal) {
  if (!panelId) throw new Error('External Panel ID is missing');
  return api('externalPanelPayments', { params: { externalPanelId: panelId }, signal });
}

const toInput = (utc: string) => utc.replace('T', ' ').slice(0, 19);
const nowUtc = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

export function BillingPanel({ panelId, currency }: { panelId: number | null; currency: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: billingKey(panelId), queryFn: ({ signal }) => fetchBilling(panelId, signal), retry: false });
  const [editing, setEditing] = useState<BillingRecord | 'new' | null>(null);
  const { state, reset, submit } = useDialogSubmit();

  const reload = () => queryClient.invalidateQueries({ queryKey: billingKey(panelId) });
  const save = (body: BillingBody) =>
    submit(
      () =>
        editing === 'new' || editing === null
          ? api('externalPanelPaymentsStore', { params: { externalPanelId: panelId! }, body })
          : api('externalPanelPaymentsUpdate', { params: { externalPanelId: panelId!, billingId: editing.id }, body }),
      async () => {
        setEditing(null);
        await reload();
      },
    );
  const remove = async (b: BillingRecord) => {
    const ok = await confirm({
      title: 'Delete billing record',
      body: `Delete the record of ${formatMoney(b.amount, { currency: b.currency })} from ${toInput(b.date)} UTC?`,
      undoable: false,
      agree: 'Delete',
      disagree: 'Cancel',
      agreeColor: 'red',
    });
    if (!ok) return;
    try {
      notifications.show({
        color: 'teal',
        message: (await api('externalPanelPaymentsDestroy', { params: { externalPanelId: panelId!, billingId: b.id } })).message,
      });
      await reload();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error) });
    }
  };

  if (list.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(list.error)}
      </Alert>
    );
  if (list.isPending) return <Skeleton h={120} />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          {list.data.total.length === 0 ? (
            <Text size="sm" c="dimmed">
              No billing records yet.
            </Text>
          ) : (
            list.data.total.map((t) => (
              <Text size="sm" key={t.currency}>
                Total {t.currency}: <Money value={t.amount} currency={t.currency} />
              </Text>
            ))
          )}
        </Group>
        <Button
          size="xs"
          onClick={() => {
            reset();
            setEditing('new');
          }}
        >
          Add billing record
        </Button>
      </Group>
      {list.data.items.length > 0 && (
        <SmallTable
          minWidth={560}
          striped
          verticalSpacing={4}
          label="Billing records"
          rows={list.data.items}
          rowKey={(b) => b.id}
          columns={[
            { header: 'Date', render: (b) => <DateTime value={b.date} /> },
            { header: 'Amount', align: 'right', render: (b) => <Money value={b.amount} currency={b.currency} /> },
            {
              header: 'Comment',
              render: (b) =>
                b.comment || (
                  <Text c="dimmed" span>
                    —
                  </Text>
                ),
            },
            {
              header: 'Who',
              render: (b) =>
                b.who?.name ?? (
                  <Text c="dimmed" span>
                    —
                  </Text>
                ),
            },
            {
              header: <VisuallyHidden>Actions</VisuallyHidden>,
              render: (b) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => {
                      reset();
                      setEditing(b);
                    }}
                    aria-label={`Edit billing record ${b.id}`}
                  >
                    Edit
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(b)} aria-label={`Delete billing record ${b.id}`}>
                    Delete
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New billing record' : 'Edit billing record'}>
        {editing !== null && (
          <BillingForm record={editing === 'new' ? null : editing} currency={currency} onSubmit={save} onCancel={() => setEditing(null)} {...state} />
        )}
      </Modal>
    </Stack>
  );
}

interface Values {
  amount: string;
  currency: string;
  date: string;
  comment: string;
}

function BillingForm({
  record,
  currency,
  onSubmit,
  onCancel,
  errors,
  message,
  submitting,
}: {
  record: BillingRecord | null;
  currency: string;
  onSubmit: (b: BillingBody) => Promise<boolean>;
  onCancel: () => void;
  errors: Record<string, string[]> | null;
  message: string | null;
  submitting: boolean;
}) {
  const form = useContractForm<Values, BillingBody>({
    schema: billingBodySchema,
    errors,
    initialValues: {
      amount: record?.amount.replace(/\.?0+$/, '') ?? '',
      currency: record?.currency ?? currency,
      date: record ? toInput(record.date) : nowUtc(),
      comment: record?.comment ?? '',
    },
    transform: (v) => ({ ...v, amount: v.amount.trim() }),
  });
  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={submitting}
      errors={errors}
      errorMessage={message}
      submitLabel={record ? 'Save' : 'Add'}
    >
      <Group grow align="flex-start">
        <TextInput
          label="Amount"
          description="Negative for a refund from the provider"
          required
          data-autofocus
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        <Select label="Currency" data={[...new Set([currency, ...PROVIDER_CURRENCIES])]} allowDeselect={false} {...form.getInputProps('currency')} />
      </Group>
      <DateTimeField label="Date (UTC)" required {...form.getInputProps('date')} />
      <Textarea label="Comment" autosize minRows={2} {...form.getInputProps('comment')} />
    </FormDialog>
  );
}
