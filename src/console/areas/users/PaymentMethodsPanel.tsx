import { MultiSelect, Text } from '@mantine/core';
import type { UserDetail } from '../../../contract/users';
import { api } from '../../api/client';
import { PanelFormFooter, ProfilePanel } from './ProfilePanel';
import { useProfileForm } from './useProfileForm';

/** The payment methods the user may pay with (replaced as a whole). */
export function PaymentMethodsPanel({ user, canEdit }: { user: UserDetail; canEdit: boolean }) {
  const { form, submit, submitting, error } = useProfileForm<{ paymentMethodIds: string[] }>({
    userId: user.id,
    successTitle: 'Payment methods saved',
    initialValues: { paymentMethodIds: user.paymentMethods.filter((m) => m.allowed).map((m) => String(m.id)) },
    send: (v) => api('usersSyncPaymentMethods', { body: { userId: user.id, paymentMethodIds: v.paymentMethodIds.map(Number) } }),
  });
  const data = user.paymentMethods.map((m) => ({ value: String(m.id), label: `${m.name} (${m.type})${m.isEnabled ? '' : ' — disabled'}` }));
  return (
    <ProfilePanel title="Payment methods">
      {data.length === 0 ? (
        <Text c="dimmed">No payment methods exist.</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <MultiSelect
            label="Allowed payment methods"
            data={data}
            searchable
            clearable
            disabled={!canEdit}
            mb="sm"
            {...form.getInputProps('paymentMethodIds')}
          />
          {canEdit && <PanelFormFooter error={error} submitting={submitting} label="Save payment methods" />}
        </form>
      )}
    </ProfilePanel>
  );
}
