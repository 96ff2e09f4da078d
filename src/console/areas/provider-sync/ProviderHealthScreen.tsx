import { detailFallback } from '../../ui/DetailFallback';
import { Anchor, Badge, Box, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import type { ProviderHealthRow } from '../../../contract/provider-sync';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { DateTime } from '../../ui/DateTime';
import { formatNumber, percentText } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';
import a11y from '../../ui/a11y.module.css';
import { priceIn, readable, RunStatus, seconds, SYNC_KEY } from './common';
import classes from './tables.module.css';

/**
 * Provider health (/provider-health): one row per provider from our own attempts there — shares of
 * partial and cancelled endings, average time to complete, and how long the balance lasts at the
 * last week's spend; a row opens its services.
 */

const PERIODS = ['7', '30', '90'] as const;

function runway(row: ProviderHealthRow): { text: string; color: string | undefined; strong: boolean } {
  if (row.runwayDays === null) return { text: 'No recent spend', color: undefined, strong: false };
  const days = Number(row.runwayDays);
  if (days < 1) return { text: 'Runs out today', color: readable('red'), strong: true };
  const text = `Runs out in ${formatNumber(days, { decimals: days < 10 ? 1 : 0, trimFractions: true })} day${days === 1 ? '' : 's'}`;
  return { text, color: days < 3 ? readable('red') : days < 7 ? undefined : readable('teal'), strong: days < 7 };
}

/** Red from `bad` up; bold from `warn` up. */
const shareColor = (share: string | null, _warn: number, bad: number) => (share !== null && Number(share) >= bad ? readable('red') : undefined);
const shareWeight = (share: string | null, warn: number) => (share !== null && Number(share) >= warn ? 600 : undefined);

/** A share of partial or cancelled orders: bold from 5 %, red from 15 %. */
function Share({ value }: { value: string | null }) {
  return (
    <Text size="sm" c={shareColor(value, 0.05, 0.15)} fw={shareWeight(value, 0.05)}>
      {percentText(value, { decimals: 1 })}
    </Text>
  );
}

export function ProviderHealthScreen() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>('30');
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [...SYNC_KEY, 'health', days],
    queryFn: ({ signal }) => api('providerHealth', { query: { days: Number(days) }, signal }),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Provider health</Title>
        <SegmentedControl
          aria-label="Period"
          value={days}
          onChange={(v) => setDays(v as (typeof PERIODS)[number])}
          data={PERIODS.map((d) => ({ value: d, label: `${d} days` }))}
        />
      </Group>
      {detailFallback(query, { loading: 'Loading provider health', title: 'Provider health' })}
      {query.data && (
        <Card withBorder p={0}>
          {/* Fits 1440 px with the navigation shown; narrower, it scrolls in its own box with the provider kept in view. */}
          <Box className={classes.scroll} tabIndex={0} role="region" aria-label="Provider health table">
            <Table highlightOnHover verticalSpacing="xs" aria-label="Provider health" className={classes.wrapHeaders} miw={880}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className={classes.pinned} miw={170}>
                    Provider
                  </Table.Th>
                  <Table.Th w={76} ta="right">
                    Orders
                  </Table.Th>
                  <Table.Th w={76} ta="right">
                    Partial
                  </Table.Th>
                  <Table.Th w={88} ta="right">
                    Cancelled
                  </Table.Th>
                  <Table.Th w={96} ta="right">
                    Time to complete
                  </Table.Th>
                  <Table.Th w={124} ta="right">
                    Balance
                  </Table.Th>
                  <Table.Th w={110} ta="right">
                    Spent a day
                  </Table.Th>
                  <Table.Th w={150}>Runway</Table.Th>
                  <Table.Th w={150}>Last sync</Table.Th>
                  <Table.Th w={96}>
                    <span className={a11y.visuallyHidden}>Services</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.rows.map((r) => {
                  const left = runway(r);
                  return (
                    <Fragment key={r.provider.id}>
                      <Table.Tr>
                        <Table.Td className={classes.pinned}>
                          <Anchor component={Link} to={`/external-panels/${r.provider.id}/sync`} size="sm">
                            {r.provider.name}
                          </Anchor>
                          {r.provider.status !== 'active' && (
                            <Badge ml="xs" size="xs" color="gray" variant="light">
                              {r.provider.status}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(r.orders)}</Table.Td>
                        <Table.Td ta="right">
                          <Share value={r.partialShare} />
                        </Table.Td>
                        <Table.Td ta="right">
                          <Share value={r.canceledShare} />
                        </Table.Td>
                        <Table.Td ta="right">{seconds(r.averageCompletionSeconds)}</Table.Td>
                        <Table.Td ta="right" className={classes.nowrap}>
                          {priceIn(r.provider.balance, r.provider.currency)}
                        </Table.Td>
                        <Table.Td ta="right" className={classes.nowrap}>
                          {priceIn(r.dailySpend, r.provider.currency)}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={left.color} fw={left.strong ? 600 : undefined}>
                            {left.text}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {r.lastSyncStatus ? (
                            <Stack gap={0}>
                              <RunStatus status={r.lastSyncStatus} />
                              <Text size="xs" c="dimmed">
                                <DateTime value={r.lastSyncAt} />
                              </Text>
                            </Stack>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Never
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            aria-expanded={open === r.provider.id}
                            aria-label={`${open === r.provider.id ? 'Hide' : 'Show'} the services of ${r.provider.name}`}
                            onClick={() => setOpen(open === r.provider.id ? null : r.provider.id)}
                            disabled={r.orders === 0}
                          >
                            {open === r.provider.id ? 'Hide' : 'Services'}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                      {open === r.provider.id && (
                        <Table.Tr>
                          <Table.Td colSpan={10} bg="var(--mantine-color-default-hover)">
                            <ServicesHealth providerId={r.provider.id} days={Number(days)} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
                {query.data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={10}>
                      <Text c="dimmed" ta="center" py="md">
                        No providers yet.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Box>
        </Card>
      )}
    </Stack>
  );
}

function ServicesHealth({ providerId, days }: { providerId: number; days: number }) {
  const query = useQuery({
    queryKey: [...SYNC_KEY, 'health', days, providerId],
    queryFn: ({ signal }) => api('providerHealthServices', { params: { providerId }, query: { days }, signal }),
  });
  if (query.isPending) return <Loader size="sm" aria-label="Loading the provider’s services" />;
  if (query.isError)
    return (
      <Text c={readable('red')} role="alert">
        {errorMessage(query.error)}
      </Text>
    );
  return (
    <SmallTable
      verticalSpacing={4}
      label={`Services of ${query.data.provider.name}`}
      rows={query.data.rows}
      rowKey={(s) => s.externalServiceId}
      columns={[
        {
          header: 'Service at the provider',
          render: (s) => `${s.externalServiceId || '—'}${s.providerService ? ` · ${s.providerService.name}` : ''}`,
        },
        { header: 'Orders', width: 90, render: (s) => formatNumber(s.orders) },
        { header: 'Partial', width: 90, render: (s) => <Share value={s.partialShare} /> },
        { header: 'Cancelled', width: 100, render: (s) => <Share value={s.canceledShare} /> },
        { header: 'Time to complete', width: 130, render: (s) => seconds(s.averageCompletionSeconds) },
      ]}
    />
  );
}
