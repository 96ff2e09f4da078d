import { Button, Group, Loader, NumberInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserService } from '../../../contract/users';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { confirm } from '../../ui/confirm';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { formatMoney } from '../../ui/format';
import { SmallTable, type SmallTableColumn } from '../../ui/SmallTable';
import { PanelFormFooter, ProfilePanel } from './ProfilePanel';
import { userDetailKey, userServicesQueryOptions } from './queries';
import { useProfileForm } from './useProfileForm';

/** Custom prices (user services): the list, add or replace one, remove one. */
export function CustomPricesPanel({ userId, canEdit }: { userId: number; canEdit: boolean }) {
  const services = useQuery(userServicesQueryOptions(userId));
  return (
    <ProfilePanel title="Custom prices">
      {services.isLoading ? (
        <Loader size="sm" aria-label="Loading custom prices" />
      ) : services.isError ? (
        <Text c="red" role="alert">
          {errorMessage(services.error)}
        </Text>
      ) : (services.data ?? []).length === 0 ? (
        <Text c="dimmed">No custom prices.</Text>
      ) : (
        <SmallTable striped label="Custom prices" minWidth={560} columns={columns(userId, canEdit)} rows={services.data!} rowKey={(s) => s.id} />
      )}
      {canEdit && <AddCustomPriceForm userId={userId} />}
    </ProfilePanel>
  );
}

/** The table's columns; the last removes a price (with its own confirmation and progress). */
function columns(userId: number, canEdit: boolean): SmallTableColumn<UserService>[] {
  const list: SmallTableColumn<UserService>[] = [
    {
      header: 'Service',
      render: (s) => (
        <>
          {s.serviceName}{' '}
          <Text span c="dimmed" size="xs">
            #{s.serviceId}
          </Text>
        </>
      ),
    },
    { header: 'Network', render: (s) => s.network },
    { header: 'Default price', render: (s) => <CostLabel value={s.defaultPrice} maxDecimals={4} /> },
    { header: 'Custom price', render: (s) => <CostLabel value={s.price} maxDecimals={4} /> },
    { header: 'Per', render: (s) => s.pricingPer },
    { header: 'Added', render: (s) => <DateTime value={s.createdAt} /> },
  ];
  if (canEdit) list.push({ header: null, headerLabel: 'Remove', render: (s) => <RemoveButton userId={userId} service={s} /> });
  return list;
}

function RemoveButton({ userId, service }: { userId: number; service: UserService }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    const agreed = await confirm({
      title: 'Remove custom price',
      body: `Remove the custom price of ${service.serviceName} (service ${service.serviceId})?`,
      agree: 'Remove',
      disagree: 'Cancel',
      agreeColor: 'red',
    });
    if (!agreed) return;
    setRemoving(true);
    try {
      const answer = await api('usersUserServiceDestroy', { params: { userId, serviceId: service.serviceId } });
      notifications.show({ color: 'green', title: 'Custom price removed', message: answer.message });
      await queryClient.invalidateQueries({ queryKey: userDetailKey(userId) });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Removing the custom price failed', message: errorMessage(error) });
    } finally {
      setRemoving(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      loading={removing}
      onClick={() => void remove()}
      aria-label={`Remove custom price of ${service.serviceName}`}
    >
      Remove
    </Button>
  );
}

function AddCustomPriceForm({ userId }: { userId: number }) {
  const { form, submit, submitting, error } = useProfileForm<{ serviceId: number | string; price: string }>({
    userId,
    successTitle: 'Custom price saved',
    initialValues: { serviceId: '', price: '' },
    validate: {
      serviceId: (v) => (Number.isInteger(Number(v)) && Number(v) > 0 ? null : 'Enter a service id.'),
      price: (v) => (/^\d+(\.\d{1,4})?$/.test(v.trim()) && Number(v) > 0 ? null : 'Enter a price greater than 0 (up to 4 decimals).'),
    },
    send: async (v) => {
      const saved = await api('usersUserServiceStore', { params: { userId }, body: { serviceId: Number(v.serviceId), price: v.price.trim() } });
      form.reset();
      return { message: `${saved.serviceName}: ${formatMoney(saved.price, { maxDecimals: 4 })}` };
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add custom price">
      <Group align="flex-start" grow mb="sm">
        <NumberInput label="Service id" min={1} allowDecimal={false} {...form.getInputProps('serviceId')} />
        <TextInput label="Price" inputMode="decimal" placeholder="0.0000" {...form.getInputProps('price')} />
      </Group>
      <PanelFormFooter error={error} submitting={submitting} label="Add custom price" />
    </form>
  );
}
