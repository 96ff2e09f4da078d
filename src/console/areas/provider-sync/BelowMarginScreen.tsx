import { detailFallback } from '../../ui/DetailFallback';
import { Anchor, Badge, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { useListEngine } from '../../list/engineContext';
import { formatNumber, percentText } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';
import { priceIn, readable, SYNC_KEY } from './common';

/**
 * Below margin (/below-margin): links whose provider cost, in the panel's currency, leaves our
 * service less than the margin floor (the provider's own, else the panel's minimal margin),
 * including those the margin guard turned off. Worst margin first.
 */
export function BelowMarginScreen() {
  const { can } = useListEngine();
  const [search, setSearch] = useState('');
  const query = useQuery({ queryKey: [...SYNC_KEY, 'below-margin'], queryFn: ({ signal }) => api('providerSyncBelowMargin', { signal }) });
  const canSync = can('manageExternalPanels');
  const needle = search.trim().toLowerCase();
  const rows = (query.data?.rows ?? []).filter(
    (r) =>
      !needle ||
      `${r.service.id} ${r.service.name} ${r.provider.name} ${r.providerService.externalId} ${r.providerService.name}`.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Below margin</Title>
        <TextInput
          aria-label="Search below-margin services"
          placeholder="Service, provider or provider service id"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Services of ours whose provider cost leaves less than the margin floor: the provider’s own floor, else the panel’s minimal margin
        {query.data ? ` (${percentText(query.data.defaultFloor, { decimals: 1 })})` : ''}. Costs are converted to{' '}
        {query.data?.currency ?? 'the panel’s currency'} with the panel’s currency rates.
      </Text>
      {detailFallback(query, { loading: 'Loading below-margin services', title: 'Below margin' })}
      {query.data && (
        <Card withBorder p={0}>
          <SmallTable
            minWidth={1100}
            striped
            highlightOnHover
            verticalSpacing="xs"
            label="Services below margin"
            rows={rows}
            rowKey={(r) => `${r.service.id}:${r.providerService.id}`}
            emptyRow={
              <Text c="dimmed" ta="center" py="md">
                {needle ? 'No below-margin service matches the search.' : 'Every service keeps at least its margin floor.'}
              </Text>
            }
            columns={[
              {
                header: 'Service',
                render: (r) => (
                  <>
                    <Anchor component={Link} to={`/services/${r.service.id}`} size="sm">
                      {r.service.id} · {r.service.name}
                    </Anchor>
                    {!r.service.isEnabled && (
                      <Badge ml="xs" size="xs" color="gray" variant="light">
                        Service off
                      </Badge>
                    )}
                  </>
                ),
              },
              {
                header: 'Provider',
                width: 200,
                render: (r) => (
                  <>
                    {canSync ? (
                      <Anchor component={Link} to={`/external-panels/${r.provider.id}/sync`} size="sm">
                        {r.provider.name}
                      </Anchor>
                    ) : (
                      <Text size="sm">{r.provider.name}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      Service {r.providerService.externalId}
                    </Text>
                  </>
                ),
              },
              {
                header: 'Provider price',
                width: 200,
                render: (r) => (
                  <Text size="sm">
                    {priceIn(r.providerService.sourcePrice, r.providerService.currency)} / {formatNumber(r.providerService.pricingPer)}
                  </Text>
                ),
              },
              { header: 'Cost', width: 120, render: (r) => priceIn(r.cost, query.data.currency) },
              {
                header: 'Our price',
                width: 120,
                render: (r) => (
                  <>
                    {priceIn(r.service.price, query.data.currency)}
                    <Text size="xs" c="dimmed">
                      per {formatNumber(r.service.pricingPer)}
                    </Text>
                  </>
                ),
              },
              {
                header: 'Margin',
                width: 90,
                render: (r) => (
                  <Text size="sm" c={Number(r.margin) < 0 ? readable('red') : undefined} fw={600}>
                    {percentText(r.margin, { decimals: 1 })}
                  </Text>
                ),
              },
              { header: 'Floor', width: 90, render: (r) => percentText(r.floor, { decimals: 1 }) },
              {
                header: 'Orders go there',
                width: 170,
                render: (r) =>
                  r.disabledByGuard && !r.linkActive ? (
                    <Badge color="red" variant="light">
                      Turned off by the guard
                    </Badge>
                  ) : r.linkActive ? (
                    <Badge color="orange" variant="light">
                      Yes, below the floor
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      No
                    </Badge>
                  ),
              },
            ]}
          />
        </Card>
      )}
    </Stack>
  );
}
