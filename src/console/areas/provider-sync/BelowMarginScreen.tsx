import { detailFallback } from '../../ui/DetailFallback';
import { Anchor, Badge, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { useListEngine } from '../../list/engineContext';
import { formatNumber, percentText } from '../../ui/format';
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
          <Table.ScrollContainer minWidth={1100}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Services below margin">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service</Table.Th>
                  <Table.Th w={200}>Provider</Table.Th>
                  <Table.Th w={200}>Provider price</Table.Th>
                  <Table.Th w={120}>Cost</Table.Th>
                  <Table.Th w={120}>Our price</Table.Th>
                  <Table.Th w={90}>Margin</Table.Th>
                  <Table.Th w={90}>Floor</Table.Th>
                  <Table.Th w={170}>Orders go there</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.service.id}:${r.providerService.id}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/services/${r.service.id}`} size="sm">
                        {r.service.id} · {r.service.name}
                      </Anchor>
                      {!r.service.isEnabled && (
                        <Badge ml="xs" size="xs" color="gray" variant="light">
                          Service off
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {priceIn(r.providerService.sourcePrice, r.providerService.currency)} / {formatNumber(r.providerService.pricingPer)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{priceIn(r.cost, query.data.currency)}</Table.Td>
                    <Table.Td>
                      {priceIn(r.service.price, query.data.currency)}
                      <Text size="xs" c="dimmed">
                        per {formatNumber(r.service.pricingPer)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={Number(r.margin) < 0 ? readable('red') : undefined} fw={600}>
                        {percentText(r.margin, { decimals: 1 })}
                      </Text>
                    </Table.Td>
                    <Table.Td>{percentText(r.floor, { decimals: 1 })}</Table.Td>
                    <Table.Td>
                      {r.disabledByGuard && !r.linkActive ? (
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
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text c="dimmed" ta="center" py="md">
                        {needle ? 'No below-margin service matches the search.' : 'Every service keeps at least its margin floor.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
