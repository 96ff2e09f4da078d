import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AutoPromotionNetwork } from '../../../contract/storefront';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { SortableList } from '../../forms/fields';
import { useListEngine } from '../../list/engineContext';
import { confirm } from '../../ui/confirm';
import { percentText } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';

/**
 * Auto-promotions: the networks in their hand order (dragged, moved by keyboard or with the arrows,
 * then saved) with each one's switch, and per network the services
 * offered for auto-promotion — added by service type, removed one by one — with their refill,
 * margin and state flags.
 */

const networksQuery = {
  queryKey: ['storefront', 'auto-promotion-networks'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api('autoPromotionsNetworks', { signal }),
};

export function AutoPromotionsScreen() {
  const queryClient = useQueryClient();
  const { can } = useListEngine();
  const editable = can('manageServicesAndProviders');
  const networks = useQuery(networksQuery);
  const [order, setOrder] = useState<AutoPromotionNetwork[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  if (networks.isPending) return <Skeleton h={320} aria-label="Loading auto-promotions" />;
  if (networks.isError) return <Alert color="red">{errorMessage(networks.error)}</Alert>;
  const list = order ?? networks.data;
  const current = selected ?? list[0]?.id ?? null;

  const toggle = async (network: AutoPromotionNetwork) => {
    try {
      const answer = await api('autoPromotionsNetworkToggle', { body: { network_id: network.id } });
      notifications.show({ color: 'teal', title: 'Auto-promotion', message: answer.message });
      setOrder((o) => o?.map((n) => (n.id === network.id ? answer.network : n)) ?? null);
      await queryClient.invalidateQueries({ queryKey: networksQuery.queryKey });
    } catch (caught) {
      notifications.show({ color: 'red', title: 'Not switched', message: errorMessage(caught) });
    }
  };
  const saveOrder = async (ids: (string | number)[]) => {
    setSaving(true);
    try {
      const answer = await api('autoPromotionsSort', { body: { networks: ids.map(Number) } });
      notifications.show({ color: 'teal', title: 'Networks sorted', message: answer.message });
      await queryClient.invalidateQueries({ queryKey: networksQuery.queryKey });
      setOrder(null);
    } catch (caught) {
      notifications.show({ color: 'red', title: 'Order not saved', message: errorMessage(caught) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>Auto-promotions</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder component="section" aria-labelledby="ap-networks">
            <Title order={3} size="h5" id="ap-networks" mb="xs">
              Networks
            </Title>
            <SortableList<AutoPromotionNetwork>
              label="Networks in the order buyers see them"
              value={list}
              onChange={setOrder}
              getId={(n) => n.id}
              getLabel={(n) => n.name}
              disabled={!editable}
              onSave={editable ? (ids) => void saveOrder(ids) : undefined}
              saveLabel="Save order"
              saving={saving}
              emptyText="No networks yet."
              renderItem={(n) => (
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <UnstyledButton onClick={() => setSelected(n.id)} aria-pressed={current === n.id} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={current === n.id ? 700 : 400} truncate>
                      {n.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {n.servicesCount} service{n.servicesCount === 1 ? '' : 's'}
                    </Text>
                  </UnstyledButton>
                  <Switch aria-label={`Auto-promotion for ${n.name}`} checked={n.isEnabled} disabled={!editable} onChange={() => void toggle(n)} />
                </Group>
              )}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {current !== null && <NetworkServices network={list.find((n) => n.id === current)!} editable={editable} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function NetworkServices({ network, editable }: { network: AutoPromotionNetwork; editable: boolean }) {
  const queryClient = useQueryClient();
  const listKey = ['storefront', 'auto-promotions', network.id];
  const promotions = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => api('autoPromotionsList', { query: { network_id: network.id } as never, signal }),
  });
  const typesKey = ['storefront', 'auto-promotion-types', network.id];
  const types = useQuery({
    queryKey: typesKey,
    queryFn: ({ signal }) => api('autoPromotionsServiceTypes', { query: { network_id: network.id } as never, signal }),
  });
  const [typeId, setTypeId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const type = types.data?.find((t) => String(t.id) === typeId);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: typesKey }),
      queryClient.invalidateQueries({ queryKey: networksQuery.queryKey }),
    ]);
  };
  const add = async () => {
    setAdding(true);
    setErrors(null);
    try {
      const answer = await api('autoPromotionsAdd', { body: { services: chosen.map(Number), network_id: network.id, service_type_id: Number(typeId) } });
      notifications.show({ color: 'teal', title: 'Services added', message: answer.message });
      setChosen([]);
      await refresh();
    } catch (caught) {
      setErrors(caught instanceof ValidationError ? Object.values(caught.errors).flat().join(' ') : errorMessage(caught));
    } finally {
      setAdding(false);
    }
  };
  const remove = async (id: number, name: string) => {
    await confirm({
      title: `Stop auto-promoting ${name}?`,
      agree: 'Remove',
      disagree: 'Cancel',
      agreeColor: 'red',
      undoable: 'Adding the service again brings it back.',
      onAgree: async () => {
        const answer = await api('autoPromotionsDelete', { params: { autoPromotionId: id } });
        notifications.show({ color: 'teal', title: 'Removed', message: answer.message });
        await refresh();
      },
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="ap-services">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5" id="ap-services">
          {network.name}: services offered for auto-promotion
        </Title>
        <Badge color={network.isEnabled ? 'teal' : 'gray'} variant="light">
          {network.isEnabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {editable && (
        <Stack gap="xs" mb="md">
          <Group align="flex-end" grow>
            <Select
              label="Service type"
              data={types.data?.map((t) => ({ value: String(t.id), label: t.name })) ?? []}
              value={typeId}
              onChange={(value) => {
                setTypeId(value);
                setChosen([]);
              }}
            />
            <MultiSelect
              label="Services"
              searchable
              disabled={!type}
              data={
                type?.services
                  .filter((s) => !s.added)
                  .map((s) => ({ value: String(s.id), label: `${s.name} (#${s.id})${s.isArchived ? ' · archived' : !s.isEnabled ? ' · disabled' : ''}` })) ?? []
              }
              value={chosen}
              onChange={setChosen}
              nothingFoundMessage="Every service of this type is added"
            />
          </Group>
          <Group>
            <Button size="xs" onClick={() => void add()} loading={adding} disabled={!type || chosen.length === 0}>
              Add {chosen.length || ''} service{chosen.length === 1 ? '' : 's'}
            </Button>
            {errors && (
              <Text size="sm" c="red" role="alert">
                {errors}
              </Text>
            )}
          </Group>
        </Stack>
      )}
      {promotions.isPending ? (
        <Skeleton h={120} />
      ) : promotions.isError ? (
        <Alert color="red">{errorMessage(promotions.error)}</Alert>
      ) : promotions.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No service of {network.name} is offered for auto-promotion yet.
        </Text>
      ) : (
        <SmallTable
          striped
          highlightOnHover
          label={`${network.name} auto-promoted services`}
          rows={promotions.data}
          rowKey={(p) => p.id}
          columns={[
            {
              header: 'Service',
              render: (p) => (
                <Anchor component={Link} to={`/services/${p.service.id}`} size="sm">
                  {p.service.name}
                </Anchor>
              ),
            },
            { header: 'Type', render: (p) => p.serviceType.name },
            { header: 'Refill', width: 70, render: (p) => (p.service.hasRefill ? 'Yes' : 'No') },
            { header: 'Margin', width: 80, render: (p) => percentText(p.service.resaleMarginPercent) },
            {
              header: 'State',
              width: 130,
              render: (p) => (
                <Group gap={4} wrap="nowrap">
                  {p.service.isArchived && (
                    <Badge size="sm" color="gray">
                      Archived
                    </Badge>
                  )}
                  {!p.service.isEnabled && (
                    <Badge size="sm" color="yellow">
                      Disabled
                    </Badge>
                  )}
                  {p.service.isDeactivated && (
                    <Badge size="sm" color="red">
                      Deactivated
                    </Badge>
                  )}
                  {!p.service.isArchived && p.service.isEnabled && !p.service.isDeactivated && (
                    <Badge size="sm" color="teal">
                      Enabled
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              header: null,
              headerLabel: 'Actions',
              width: 60,
              render: (p) =>
                editable && (
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${p.service.name}`} onClick={() => void remove(p.id, p.service.name)}>
                    ×
                  </ActionIcon>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
