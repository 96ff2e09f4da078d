import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { NetworkRow, ServiceTypeRow } from '../../../contract/catalogue';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { SortableList } from '../../forms/fields/SortableList';
import { DialogCloseAction } from '../../ui/DialogActions';

/**
 * Hand order of networks, service types and services: drag or use the keyboard, then save. Saving
 * an empty list does nothing.
 */

interface Item {
  id: number;
  name: string;
  note?: string;
}

function SortBody({
  label,
  intro,
  load,
  queryKey,
  props,
  empty,
}: {
  label: string;
  intro: ReactNode;
  load: (signal: AbortSignal) => Promise<Item[]>;
  queryKey: readonly unknown[];
  props: ActionDialogProps<unknown, { ids: number[] }>;
  empty: string;
}) {
  const items = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), staleTime: 0 });
  const [order, setOrder] = useState<Item[] | null>(null);
  if (items.isPending) return <Loader size="sm" aria-label={`Loading the ${label.toLowerCase()}`} />;
  if (items.isError) return <Alert color="red">{errorMessage(items.error)}</Alert>;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {props.errorMessage && <Alert color="red">{props.errorMessage}</Alert>}
      <SortableList<Item>
        label={label}
        value={order ?? items.data}
        onChange={setOrder}
        getLabel={(i) => i.name}
        renderItem={(i) => (
          <Text size="sm">
            {i.name}{' '}
            {i.note && (
              <Text span c="dimmed" size="xs">
                {i.note}
              </Text>
            )}
          </Text>
        )}
        onSave={(ids) => void props.onSubmit({ ids: ids.map(Number) })}
        saveLabel="Save positions"
        saving={props.submitting}
        emptyText={empty}
      />
      <DialogCloseAction onClose={props.onCancel} disabled={props.submitting} />
    </Stack>
  );
}

export function SortNetworksDialog(props: ActionDialogProps<unknown, { ids: number[] }>) {
  return (
    <SortBody
      label="Networks"
      intro="The storefront shows the networks in this order."
      queryKey={['networks', 'sorting']}
      load={async (signal) => {
        const answer = await api('networksTable', {
          query: {
            q: JSON.stringify({ options: { page: 1, itemsPerPage: 1000, sortBy: ['sorting'], sortDesc: [false] }, headers: [], search: '', draw: 0 }),
          } as never,
          signal,
        });
        return (answer.items as NetworkRow[]).map((n) => ({ id: n.id, name: n.name, note: n.network }));
      }}
      props={props}
      empty="There are no networks yet."
    />
  );
}

export function SortServiceTypesDialog(props: ActionDialogProps<NetworkRow, { ids: number[] }>) {
  const network = props.row;
  return (
    <SortBody
      label={`Service types of ${network.name}`}
      intro={`The storefront shows the service types of ${network.name} in this order.`}
      queryKey={['networks', network.id, 'service-types']}
      load={async (signal) => {
        const types = await api('networkServiceTypes', { params: { networkId: network.id }, signal });
        return types.map((t: ServiceTypeRow) => ({ id: t.id, name: t.name, note: `${t.servicesCount} services` }));
      }}
      props={props as ActionDialogProps<unknown, { ids: number[] }>}
      empty="This network has no service types yet."
    />
  );
}

export function SortServicesDialog(props: ActionDialogProps<ServiceTypeRow, { ids: number[] }>) {
  const type = props.row;
  return (
    <SortBody
      label={`Services of ${type.name}`}
      intro={`The storefront shows the services of ${type.name} (${type.network.name}) in this order.`}
      queryKey={['service-types', type.id, 'services']}
      load={async (signal) => {
        const services = await api('serviceTypeServices', { params: { serviceTypeId: type.id }, signal });
        return services.map((s) => ({ id: s.id, name: `${s.id} · ${s.name}`, note: s.isArchived ? 'archived' : s.isEnabled ? undefined : 'disabled' }));
      }}
      props={props as ActionDialogProps<unknown, { ids: number[] }>}
      empty="This service type has no services yet."
    />
  );
}
