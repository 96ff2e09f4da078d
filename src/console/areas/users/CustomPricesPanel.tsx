import { Button, Group, Loader, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserService } from '../../../contract/users';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { confirm } from '../../ui/confirm';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Custom prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Network</Table.Th>
                <Table.Th>Default price</Table.Th>
                <Table.Th>Custom price</Table.Th>
                <Table.Th>Per</Table.Th>
                <Table.Th>Added</Table.Th>
                {canEdit && <Table.Th aria-label="Remove" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.data!.map((s) => (
                <ServiceRow key={s.id} userId={userId} service={s} canEdit={canEdit} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && <AddCustomPriceForm userId={userId} />}
    </ProfilePanel>
  );
}

function ServiceRow({ userId, service, canEdit }: { userId: number; service: UserService; canEdit: boolean }) {
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
    <Table.Tr>
      <Table.Td>
        {service.serviceName}{' '}
        <Text span c="dimmed" size="xs">
          #{service.serviceId}
        </Text>
      </Table.Td>
      <Table.Td>{service.network}</Table.Td>
      <Table.Td>
        <CostLabel value={service.defaultPrice} maxDecimals={4} />
      </Table.Td>
      <Table.Td>
        <CostLabel value={service.price} maxDecimals={4} />
      </Table.Td>
      <Table.Td>{service.pricingPer}</Table.Td>
      <Table.Td>
        <DateTime value={service.createdAt} />
      </Table.Td>
      {canEdit && (
        <Table.Td>
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
        </Table.Td>
      )}
    </Table.Tr>
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
      return { message: `${saved.serviceName}: $${saved.price}` };
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
