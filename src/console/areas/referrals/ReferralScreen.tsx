import { Alert, Badge, Card, Group, Loader, Pagination, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { REFERRAL_SORTS, type ReferralSort } from '../../../contract/referrals';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { DateField } from '../../forms/fields/DateFields';
import { AppLink, Dash } from '../../table/cells';
import { CostLabel } from '../../ui/CostLabel';
import { formatNumber, percentText } from '../../ui/format';

/**
 * Referral program statistics: per affiliate over a date range — referrals,
 * new and paying referrals, what they spent, the commission credited and the commission the
 * default percent (shown ×100) gives. Sorted by a column header, paged by 30. The range, sort
 * and page live in the URL (?from=&to=&sort=spent:desc&page=2), so a view is shared by its link.
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

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

interface ReferralSearch {
  from?: string;
  to?: string;
  sort?: string;
  page?: number;
}

/** A day from the URL: absent is the default, '' is cleared by the member, anything else ignored. */
const dayParam = (raw: unknown, fallback: string): string | null => (raw === '' ? null : typeof raw === 'string' && DAY_RE.test(raw) ? raw : fallback);

function sortParam(raw: unknown): { by: ReferralSort; desc: boolean } {
  const [by, direction] = typeof raw === 'string' ? raw.split(':') : [];
  return (REFERRAL_SORTS as readonly string[]).includes(by) ? { by: by as ReferralSort, desc: direction !== 'asc' } : { by: 'spent', desc: true };
}

export function ReferralScreen() {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const navigate = useNavigate();
  const startDate = dayParam(search.from, daysAgo(30));
  const endDate = dayParam(search.to, day(new Date()));
  const sort = sortParam(search.sort);
  const page = typeof search.page === 'number' && Number.isSafeInteger(search.page) && search.page > 0 ? search.page : 1;
  const update = (patch: ReferralSearch) =>
    void navigate({ to: '/referral-program', search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never });
  const setStartDate = (v: string | null) => update({ from: v ?? '', page: undefined });
  const setEndDate = (v: string | null) => update({ to: v ?? '', page: undefined });
  const setPage = (p: number) => update({ page: p > 1 ? p : undefined });
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
    const desc = sort.by === by ? !sort.desc : by !== 'affiliate';
    update({ sort: `${by}:${desc ? 'desc' : 'asc'}`, page: undefined });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Referral program</Title>
        {data && (
          <Badge variant="light" size="lg">
            Default referral percent: {percentText(data.defaultPercent)}
          </Badge>
        )}
      </Group>
      <Group align="flex-start">
        <DateField label="From" value={startDate} onChange={setStartDate} error={fieldErrors.startDate?.[0]} required />
        <DateField label="To" value={endDate} onChange={setEndDate} error={fieldErrors.endDate?.[0]} required />
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
                    <Table.Th key={c.label} ta={c.align} aria-sort={c.key && sort.by === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}>
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
              <Pagination
                total={Math.ceil(data.totalItemsCount / PER_PAGE)}
                value={page}
                onChange={setPage}
                aria-label="Pages"
                getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
