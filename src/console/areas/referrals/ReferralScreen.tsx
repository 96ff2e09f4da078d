import { Alert, Badge, Card, Group, Loader, Pagination, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReferralSort } from '../../../contract/referrals';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { DateField } from '../../forms/fields/DateFields';
import { fractionToPercent } from '../../forms/fields/percent';
import { AppLink, Dash } from '../../table/cells';
import { CostLabel } from '../../ui/CostLabel';
import { formatNumber } from '../../ui/format';

/**
 * Referral program statistics (catalogue.md §2): per affiliate over a date range — referrals,
 * new and paying referrals, what they spent, the commission credited and the commission the
 * default percent (shown ×100) gives. Sorted by a column header, paged by 30.
 */

const PER_PAGE = 30;
const day = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));

const COLUMNS: { key: ReferralSort | null; label: string; align?: 'right' }[] = [
  { key: 'affiliate', label: 'Affiliate' },
  { key: null, label: 'Affiliate code' },
  { key: 'referrals', label: 'Referrals', align: 'right' },
  { key: 'newReferrals', label: 'New in range', align: 'right' },
  { key: 'payingReferrals', label: 'Paying', align: 'right' },
  { key: 'spent', label: 'Spent', align: 'right' },
  { key: 'commission', label: 'Commission paid', align: 'right' },
  { key: null, label: 'Commission at default %', align: 'right' },
];

export function ReferralScreen() {
  const [startDate, setStartDate] = useState<string | null>(daysAgo(30));
  const [endDate, setEndDate] = useState<string | null>(day(new Date()));
  const [sort, setSort] = useState<{ by: ReferralSort; desc: boolean }>({ by: 'spent', desc: true });
  const [page, setPage] = useState(1);
  const ready = !!startDate && !!endDate;
  const query = useQuery({
    queryKey: ['referral-statistics', startDate, endDate, sort, page],
    queryFn: ({ signal }) =>
      api('referralStatistics', {
        query: { startDate: startDate!, endDate: endDate!, page, perPage: PER_PAGE, sortBy: sort.by, sortDesc: sort.desc ? 'true' : 'false' },
        signal,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const fieldErrors = query.error instanceof ValidationError ? query.error.errors : {};
  const data = query.data;
  const sortBy = (by: ReferralSort) => {
    setSort((s) => ({ by, desc: s.by === by ? !s.desc : by !== 'affiliate' }));
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Referral program</Title>
        {data && (
          <Badge variant="light" size="lg">
            Default referral percent: {fractionToPercent(data.defaultPercent)} %
          </Badge>
        )}
      </Group>
      <Group align="flex-start">
        <DateField label="From" value={startDate} onChange={(v) => (setStartDate(v), setPage(1))} error={fieldErrors.startDate?.[0]} required />
        <DateField label="To" value={endDate} onChange={(v) => (setEndDate(v), setPage(1))} error={fieldErrors.endDate?.[0]} required />
        {query.isFetching && <Loader size="sm" mt="xl" aria-label="Loading the statistics" />}
      </Group>
      {!ready && <Text c="dimmed">Choose both dates.</Text>}
      {query.isError && !(query.error instanceof ValidationError) && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            {[
              ['Affiliates', formatNumber(data.totals.affiliates)],
              ['New referrals', formatNumber(data.totals.newReferrals)],
              ['Paying referrals', formatNumber(data.totals.payingReferrals)],
            ].map(([label, value]) => (
              <Card withBorder key={label} padding="sm">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value}</Text>
              </Card>
            ))}
            <Card withBorder padding="sm">
              <Text size="xs" c="dimmed">
                Spent by referrals
              </Text>
              <Text fw={600}>
                <CostLabel value={data.totals.spent} />
              </Text>
            </Card>
            <Card withBorder padding="sm">
              <Text size="xs" c="dimmed">
                Commission paid
              </Text>
              <Text fw={600}>
                <CostLabel value={data.totals.commission} />
              </Text>
            </Card>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label="Referral statistics per affiliate">
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th
                      key={c.label}
                      ta={c.align}
                      aria-sort={c.key && sort.by === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                    >
                      {c.key ? (
                        <UnstyledButton onClick={() => sortBy(c.key!)} fw={600} fz="sm">
                          {c.label}
                          {sort.by === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}
                        </UnstyledButton>
                      ) : (
                        c.label
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length}>
                      <Text c="dimmed" ta="center" size="sm">
                        No data found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.items.map((r) => (
                    <Table.Tr key={r.affiliate.id}>
                      <Table.Td>
                        <AppLink to={`/users/${r.affiliate.id}`}>{r.affiliate.email}</AppLink>
                      </Table.Td>
                      <Table.Td>{r.affiliate.affiliateCode ?? <Dash />}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.referrals)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.newReferrals)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(r.payingReferrals)}</Table.Td>
                      <Table.Td ta="right">
                        <CostLabel value={r.spent} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <CostLabel value={r.commission} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <CostLabel value={r.expectedCommission} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.totalItemsCount > PER_PAGE && (
            <Group justify="flex-end">
              <Pagination total={Math.ceil(data.totalItemsCount / PER_PAGE)} value={page} onChange={setPage} aria-label="Pages" />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
