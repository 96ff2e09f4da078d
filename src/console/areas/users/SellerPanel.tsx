import { Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SELLER_STATUSES, type SellerStatus, type UserDetail } from '../../../contract/users';
import { api } from '../../api/client';
import { humanize } from '../../ui/format';
import { availableSellersQueryOptions, contactStepsQueryOptions } from './queries';
import { PanelFormFooter, ProfilePanel } from './ProfilePanel';
import { useProfileForm } from './useProfileForm';

interface SellerValues {
  sellerId: string | null;
  sellerStatus: string | null;
  contactStepId: string | null;
}

const toId = (value: string | null): number | null => (value ? Number(value) : null);

/** The manager of the user, the seller status and the funnel's contact step. */
export function SellerPanel({ user, canEdit }: { user: UserDetail; canEdit: boolean }) {
  const sellers = useQuery(availableSellersQueryOptions());
  const steps = useQuery(contactStepsQueryOptions());
  const { form, submit, submitting, error } = useProfileForm<SellerValues>({
    userId: user.id,
    successTitle: 'Seller updated',
    initialValues: {
      sellerId: user.seller ? String(user.seller.id) : null,
      sellerStatus: user.sellerStatus,
      contactStepId: user.contactStep ? String(user.contactStep.id) : null,
    },
    send: (v) =>
      api('usersUpdateSeller', {
        body: {
          userId: user.id,
          sellerId: toId(v.sellerId),
          sellerStatus: (v.sellerStatus as SellerStatus | null) ?? null,
          contactStepId: toId(v.contactStepId),
        },
      }),
  });

  const sellerOptions = (sellers.data ?? []).map((s) => ({ value: String(s.id), label: `${s.email} (${s.name})` }));
  // The current manager stays selectable even when no longer offered (deactivated staff).
  if (user.seller && !sellerOptions.some((o) => o.value === String(user.seller!.id))) {
    sellerOptions.unshift({ value: String(user.seller.id), label: user.seller.email });
  }
  const stepOptions = (steps.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <ProfilePanel title="Seller">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <Select
            label="Manager"
            placeholder={sellers.isLoading ? 'Loading…' : 'No manager'}
            data={sellerOptions}
            clearable
            searchable
            disabled={!canEdit}
            nothingFoundMessage="No sellers"
            {...form.getInputProps('sellerId')}
          />
          <Select
            label="Seller status"
            placeholder="None"
            data={SELLER_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            clearable
            disabled={!canEdit}
            {...form.getInputProps('sellerStatus')}
          />
          <Select
            label="Contact step"
            placeholder={steps.isLoading ? 'Loading…' : 'None'}
            data={stepOptions}
            clearable
            disabled={!canEdit}
            nothingFoundMessage="No contact steps"
            {...form.getInputProps('contactStepId')}
          />
        </SimpleGrid>
        {canEdit && <PanelFormFooter error={error} submitting={submitting} label="Save seller" />}
      </form>
    </ProfilePanel>
  );
}
