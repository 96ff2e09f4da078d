import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Card, Group, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CouponStatisticsGroup, CouponStatisticsRow, CouponUsage } from '../../../contract/incentives';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { DateField } from '../../forms/fields/DateFields';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { DateTime } from '../../ui/DateTime';
import { Money } from '../../ui/Money';
import { formatMoney, formatNumber } from '../../ui/format';
import { DialogCloseAction } from '../../ui/DialogActions';
import { SmallTable, type SmallTableColumn } from '../../ui/SmallTable';

/**
 * Coupon statistics: date, name, code, received, spent, usages and referral
 * manager between a start and an end date, grouped by date (newest first; the default) or by
 * coupon (by name), with a chart per day. A day opens its usages (POST statistic-by-date).
 */

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function CouponStatisticsPanel() {
  const [groupBy, setGroupBy] = useState<CouponStatisticsGroup>('date');
  const [start, setStart] = useState<string | null>(isoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [end, setEnd] = useState<string | null>(isoDay(new Date()));
  const [day, setDay] = useState<string | null>(null);
  const valid = !!start && !!end && start <= end;
  const stats = useQuery({
    queryKey: ['coupons', 'statistics', groupBy, start, end],
    queryFn: ({ signal }) => api('couponsStatistics', { body: { group_by: groupBy, start_date: start!, end_date: end! }, signal }),
    enabled: valid,
  });
  const chart = (stats.data?.days ?? []).map((d) => ({ date: d.date, spent: Number(d.spent), received: Number(d.received), usages: d.usages }));
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <DateField label="Start date" value={start} onChange={setStart} />
        <DateField label="End date" value={end} onChange={setEnd} error={start && end && start > end ? 'The end is before the start.' : undefined} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="coupon-stats-group">
            Group by
          </Text>
          <SegmentedControl
            aria-labelledby="coupon-stats-group"
            value={groupBy}
            onChange={(v) => setGroupBy(v as CouponStatisticsGroup)}
            data={[
              { value: 'date', label: 'Date' },
              { value: 'coupon', label: 'Coupon' },
            ]}
          />
        </Stack>
      </Group>
      {stats.isError && <Alert color="red">{errorMessage(stats.error)}</Alert>}
      {stats.isPending && valid && <Loader size="sm" aria-label="Loading coupon statistics" />}
      {stats.data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Total label="Usages" value={formatNumber(stats.data.totals.usages)} />
            <Total label="Spent with coupons" value={formatMoney(stats.data.totals.spent)} />
            <Total label="Received by customers" value={formatMoney(stats.data.totals.received)} />
          </SimpleGrid>
          <Card withBorder component="section" aria-label="Coupon usage per day">
            <Text size="sm" fw={500} mb="xs">
              Spent and received per day — click a day for its usages
            </Text>
            <BarChart
              h={220}
              data={chart}
              dataKey="date"
              series={[
                { name: 'spent', label: 'Spent', color: 'blue.6' },
                { name: 'received', label: 'Received', color: 'teal.6' },
              ]}
              withLegend
              valueFormatter={(v) => formatMoney(v)}
              xAxisProps={{ tickFormatter: (v: string) => v.slice(5) }}
              barProps={{
                cursor: 'pointer',
                onClick: (entry: unknown) => setDay(((entry as { payload?: { date: string } }).payload ?? (entry as { date: string })).date),
              }}
            />
          </Card>
          <StatisticsTable rows={stats.data.items} groupBy={groupBy} onDay={setDay} />
        </>
      )}
      <DayUsages day={day} onClose={() => setDay(null)} />
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Card>
  );
}

function StatisticsTable({ rows, groupBy, onDay }: { rows: CouponStatisticsRow[]; groupBy: CouponStatisticsGroup; onDay: (day: string) => void }) {
  const dateColumn: SmallTableColumn<CouponStatisticsRow>[] =
    groupBy === 'date'
      ? [
          {
            header: 'Date',
            render: (r) => (
              <Anchor component="button" type="button" size="sm" onClick={() => onDay(r.date!)}>
                {r.date}
              </Anchor>
            ),
          },
        ]
      : [];
  return (
    <SmallTable
      minWidth={720}
      striped
      highlightOnHover
      label={groupBy === 'date' ? 'Coupon usage by date' : 'Coupon usage by coupon'}
      rows={rows}
      rowKey={(r) => `${r.date ?? ''}:${r.coupon.id}`}
      empty={
        <Text c="dimmed" size="sm">
          No coupon was used in these days.
        </Text>
      }
      columns={[
        ...dateColumn,
        { header: 'Name', render: (r) => <AppLink to={`/coupons/${r.coupon.id}`}>{r.coupon.name}</AppLink> },
        { header: 'Code', render: (r) => r.coupon.code, cellProps: () => ({ ff: 'monospace' }) },
        { header: 'Received', align: 'right', render: (r) => <Money value={r.received} /> },
        { header: 'Spent', align: 'right', render: (r) => <Money value={r.spent} /> },
        { header: 'Usages', align: 'right', render: (r) => formatNumber(r.usages) },
        { header: 'Referral manager', render: (r) => (r.referralManager ? <UserLink user={r.referralManager} /> : <Dash />) },
      ]}
    />
  );
}

function DayUsages({ day, onClose }: { day: string | null; onClose: () => void }) {
  const usages = useQuery({
    queryKey: ['coupons', 'statistic-by-date', day],
    queryFn: ({ signal }) => api('couponsStatisticByDate', { body: { statistic_date: day! }, signal }),
    enabled: !!day,
  });
  return (
    <Modal opened={!!day} onClose={onClose} title={`Coupon usages on ${day ?? ''} (UTC)`} size="xl">
      {usages.isPending && <Loader size="sm" aria-label="Loading the day's usages" />}
      {usages.isError && <Alert color="red">{errorMessage(usages.error)}</Alert>}
      {usages.data && <UsagesTable items={usages.data.items} total={usages.data.total} />}
      <DialogCloseAction onClose={onClose} mt="md" />
    </Modal>
  );
}

const COUPON_COLUMN: SmallTableColumn<CouponUsage> = {
  header: 'Coupon',
  render: (u) => <AppLink to={`/coupons/${u.coupon.id}`}>{u.coupon.code}</AppLink>,
};

export function UsagesTable({ items, total, withCoupon = true }: { items: CouponUsage[]; total: number; withCoupon?: boolean }) {
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No usages.
      </Text>
    );
  return (
    <Stack gap="xs">
      <SmallTable
        minWidth={640}
        striped
        label="Coupon usages"
        rows={items}
        rowKey={(u) => u.id}
        columns={[
          { header: 'Time', render: (u) => <DateTime value={u.createdAt} /> },
          ...(withCoupon ? [COUPON_COLUMN] : []),
          { header: 'Customer', render: (u) => (u.user ? <UserLink user={u.user} /> : <Dash />) },
          {
            header: 'On',
            render: (u) =>
              u.orderId ? <AppLink to={`/orders/${u.orderId}`}>Order #{u.orderId}</AppLink> : u.transactionId ? `Top-up #${u.transactionId}` : 'Top-up',
          },
          { header: 'Spent', align: 'right', render: (u) => <Money value={u.spent} /> },
          { header: 'Received', align: 'right', render: (u) => <Money value={u.received} /> },
        ]}
      />
      {total > items.length && (
        <Text size="xs" c="dimmed">
          Showing {formatNumber(items.length)} of {formatNumber(total)}.
        </Text>
      )}
    </Stack>
  );
}
