import { Loader, NumberInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { fractionToPercent, percentToFraction } from '../../forms/fields/percent';
import { percentText } from '../../ui/format';
import { PanelFormFooter, ProfilePanel } from './ProfilePanel';
import { userDiscountQueryOptions } from './queries';
import { useProfileForm } from './useProfileForm';

/** The personal discount: fetched on its own (GET user-discount), edited as a percentage. */
export function DiscountPanel({ userId, canEdit }: { userId: number; canEdit: boolean }) {
  const discount = useQuery(userDiscountQueryOptions(userId));
  return (
    <ProfilePanel title="Personal discount">
      {discount.isLoading ? (
        <Loader size="sm" aria-label="Loading discount" />
      ) : discount.isError ? (
        <Text c="red" role="alert">
          {errorMessage(discount.error)}
        </Text>
      ) : discount.data ? (
        <DiscountForm key={discount.data.discountPercent} userId={userId} fraction={discount.data.discountPercent} canEdit={canEdit} />
      ) : null}
    </ProfilePanel>
  );
}

function DiscountForm({ userId, fraction, canEdit }: { userId: number; fraction: string; canEdit: boolean }) {
  const { form, submit, submitting, error } = useProfileForm<{ percent: number | string }>({
    userId,
    successTitle: 'Discount saved',
    initialValues: { percent: Number(fractionToPercent(fraction)) },
    fieldMap: { discountPercent: 'percent' },
    validate: {
      percent: (v) => (v === '' || Number(v) < 0 || Number(v) > 100 ? 'Enter a percentage from 0 to 100.' : null),
    },
    send: (v) => api('usersDiscountUpdate', { body: { userId, discountPercent: percentToFraction(v.percent, 4) } }),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Text size="sm" mb="xs">
        Current discount: {percentText(fraction)}
      </Text>
      <NumberInput label="Discount, %" min={0} max={100} decimalScale={2} step={0.5} disabled={!canEdit} mb="sm" {...form.getInputProps('percent')} />
      {canEdit && <PanelFormFooter error={error} submitting={submitting} label="Save discount" />}
    </form>
  );
}
