import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Alert, Anchor, Card, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '../../../contract/home';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../session/SessionContext';
import { formatMoney, formatNumber, humanize } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';

/**
 * The dashboard's charts (one statistics endpoint each, see contract/home/dashboard.ts). A chart
 * shows only when the member holds its permission, and money only with viewFinances. Every bar
 * opens the list behind it, filtered to what the bar counts; the "Table" view of each chart is its
 * text alternative and its keyboard path (every row is a link to the same list).
 */

/** A list the bar stands for: a path and its URL filters (the list's own search params). */
interface ListTarget {
  to: string;
  search: Record<string, string>;
}

/** A column of a chart's table view. */
interface TableColumn<Row> {
  header: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface ChartSpec<Row> {
  id: string;
  title: string;
  description: string;
  query: UseQueryResult<Row[]>;
  /** The category axis key of the rows. */
  dataKey: keyof Row & string;
  series: BarChartSeries[];
  /** Horizontal bars with category labels on the left (long names). */
  horizontal?: boolean;
  columns: TableColumn<Row>[];
  target: (row: Row) => ListTarget;
  /** The name of a row's link in the table ("Orders on 2026-11-20"). */
  linkLabel: (row: Row) => string;
  valueFormatter?: (value: number) => string;
  withRightAxis?: boolean;
  emptyText?: string;
}

const shortDate = (date: string) => date.slice(5); // MM-DD under the bars; the table has the full date.
const money = (value: string | number | null) => (value === null ? '—' : formatMoney(value));
const count = (value: number) => formatNumber(value);

/**
 * The tooltip of a chart whose series differ in kind (orders and revenue): each value in its own
 * format, the money series (on the right axis) as money. Mantine's own tooltip takes one formatter.
 */
function mixedTooltip(series: BarChartSeries[]) {
  return ({ label, payload }: { label?: ReactNode; payload?: readonly { dataKey?: unknown; name?: unknown; value?: unknown; color?: string }[] }) => {
    if (!payload?.length) return null;
    return (
      <Paper px="sm" py={6} withBorder shadow="md" radius="md">
        <Text size="sm" fw={600} mb={4}>
          {label}
        </Text>
        {payload.map((item) => {
          const s = series.find((x) => x.name === item.dataKey);
          const value = typeof item.value === 'number' || typeof item.value === 'string' ? item.value : null;
          return (
            <Text size="sm" key={String(item.dataKey)}>
              {s?.label ?? String(item.name)}: {value === null ? '—' : s?.yAxisId === 'right' ? formatMoney(value) : formatNumber(value)}
            </Text>
          );
        })}
      </Paper>
    );
  };
}

export function Dashboard() {
  const { can } = useSession();
  const [days, setDays] = useLocalStorage<DashboardPeriod>({ key: 'panel-console:dashboard-days', defaultValue: DEFAULT_DASHBOARD_PERIOD });
  const seesOrders = can('viewOrders');
  const seesMoney = can('viewFinances');
  const seesProviders = can('manageExternalPanels');
  const seesUsers = can('viewUsers');
  const period = { days };

  const orders = useQuery({
    queryKey: ['dashboard', 'orders', days],
    queryFn: ({ signal }) => api('ordersDailyStatistics', { query: period, signal }),
    enabled: seesOrders,
    staleTime: 60_000,
  });
  const refunds = useQuery({
    queryKey: ['dashboard', 'refunds', days],
    queryFn: ({ signal }) => api('dashboardRefunds', { query: period, signal }),
    enabled: seesOrders,
    staleTime: 60_000,
  });
  const statuses = useQuery({
    queryKey: ['dashboard', 'statuses'],
    queryFn: ({ signal }) => api('dashboardOrderStatuses', { signal }),
    enabled: seesOrders,
    staleTime: 60_000,
  });
  const services = useQuery({
    queryKey: ['dashboard', 'services', days],
    queryFn: ({ signal }) => api('dashboardTopServices', { query: period, signal }),
    enabled: seesOrders,
    staleTime: 60_000,
  });
  const providers = useQuery({
    queryKey: ['dashboard', 'providers', days],
    queryFn: ({ signal }) => api('dashboardProviderSpend', { query: period, signal }),
    enabled: seesProviders,
    staleTime: 60_000,
  });
  const users = useQuery({
    queryKey: ['dashboard', 'users', days],
    queryFn: ({ signal }) => api('dashboardNewUsers', { query: period, signal }),
    enabled: seesUsers,
    staleTime: 60_000,
  });

  if (!seesOrders && !seesProviders && !seesUsers) return null;
  const range = (q: { data?: { from: string; to: string } }) => (q.data ? `${q.data.from}..${q.data.to}` : '');
  const rowsOf = <T, R>(q: UseQueryResult<T>, pick: (data: T) => R[]): UseQueryResult<R[]> =>
    ({ ...q, data: q.data === undefined ? undefined : pick(q.data) }) as UseQueryResult<R[]>;

  type Day = { date: string; orders: number; revenue: string | null };
  const ordersChart: ChartSpec<Day & { revenueValue: number }> = {
    id: 'orders',
    title: seesMoney ? 'Orders and revenue per day' : 'Orders per day',
    description: seesMoney ? 'Orders placed each day, and what customers paid for them less refunds.' : 'Orders placed each day.',
    query: rowsOf(orders, (d) => d.days.map((x) => ({ ...x, revenueValue: Number(x.revenue ?? 0) }))),
    dataKey: 'date',
    series: [
      { name: 'orders', label: 'Orders', color: 'blue.6' },
      ...(seesMoney ? [{ name: 'revenueValue', label: 'Revenue', color: 'teal.6', yAxisId: 'right' } as BarChartSeries] : []),
    ],
    withRightAxis: seesMoney,
    columns: [
      { header: 'Day', value: (r) => r.date },
      { header: 'Orders', value: (r) => count(r.orders), numeric: true },
      ...(seesMoney ? [{ header: 'Revenue', value: (r: Day) => money(r.revenue), numeric: true }] : []),
    ],
    target: (r) => ({ to: '/orders', search: { createdAt: `${r.date}..${r.date}`, status: '' } }),
    linkLabel: (r) => `Orders placed on ${r.date}`,
  };

  type RefundDay = { date: string; canceled: number; refunded: string | null };
  const refundsChart: ChartSpec<RefundDay & { refundedValue: number }> = {
    id: 'refunds',
    title: seesMoney ? 'Cancellations and refunds' : 'Cancellations',
    description: 'Orders placed each day that are canceled now' + (seesMoney ? ', and what was refunded on the orders of that day.' : '.'),
    query: rowsOf(refunds, (d) => d.days.map((x) => ({ ...x, refundedValue: Number(x.refunded ?? 0) }))),
    dataKey: 'date',
    series: [
      { name: 'canceled', label: 'Canceled', color: 'red.6' },
      ...(seesMoney ? [{ name: 'refundedValue', label: 'Refunded', color: 'orange.6', yAxisId: 'right' } as BarChartSeries] : []),
    ],
    withRightAxis: seesMoney,
    columns: [
      { header: 'Day', value: (r) => r.date },
      { header: 'Canceled', value: (r) => count(r.canceled), numeric: true },
      ...(seesMoney ? [{ header: 'Refunded', value: (r: RefundDay) => money(r.refunded), numeric: true }] : []),
    ],
    target: (r) => ({ to: '/orders', search: { createdAt: `${r.date}..${r.date}`, status: 'canceled' } }),
    linkLabel: (r) => `Canceled orders placed on ${r.date}`,
  };

  type StatusRow = { status: string; label: string; orders: number };
  const statusChart: ChartSpec<StatusRow> = {
    id: 'statuses',
    title: 'Orders by status now',
    description: 'Every order, by its status at this moment.',
    query: rowsOf(statuses, (d) => d.statuses.map((s) => ({ ...s, label: humanize(s.status) }))),
    dataKey: 'label',
    series: [{ name: 'orders', label: 'Orders', color: 'indigo.6' }],
    columns: [
      { header: 'Status', value: (r) => r.label },
      { header: 'Orders', value: (r) => count(r.orders), numeric: true },
    ],
    target: (r) => ({ to: '/orders', search: { status: r.status } }),
    linkLabel: (r) => `${r.label} orders`,
  };

  type ServiceRow = { serviceId: number; name: string; orders: number; revenue: string | null; value: number };
  const servicesChart: ChartSpec<ServiceRow> = {
    id: 'services',
    title: seesMoney ? 'Top 10 services by revenue' : 'Top 10 services by orders',
    description: 'The services that brought the most in the period.',
    query: rowsOf(services, (d) => d.services.map((s) => ({ ...s, value: seesMoney ? Number(s.revenue ?? 0) : s.orders }))),
    dataKey: 'name',
    horizontal: true,
    series: [{ name: 'value', label: seesMoney ? 'Revenue' : 'Orders', color: 'teal.6' }],
    valueFormatter: seesMoney ? (v) => formatMoney(v) : count,
    columns: [
      { header: 'Service', value: (r) => r.name },
      { header: 'Orders', value: (r) => count(r.orders), numeric: true },
      ...(seesMoney ? [{ header: 'Revenue', value: (r: ServiceRow) => money(r.revenue), numeric: true }] : []),
    ],
    target: (r) => ({ to: '/orders', search: { 'service.name': String(r.serviceId), createdAt: range(services), status: '' } }),
    linkLabel: (r) => `Orders of ${r.name} in the period`,
    emptyText: 'No orders in the period.',
  };

  type ProviderRow = { providerId: number; name: string; orders: number; spend: string; value: number };
  const providersChart: ChartSpec<ProviderRow> = {
    id: 'providers',
    title: 'Spend per provider',
    description: 'What the orders placed in the period cost at each provider.',
    query: rowsOf(providers, (d) => d.providers.map((p) => ({ ...p, value: Number(p.spend) }))),
    dataKey: 'name',
    horizontal: true,
    series: [{ name: 'value', label: 'Spend', color: 'grape.6' }],
    valueFormatter: (v) => formatMoney(v),
    columns: [
      { header: 'Provider', value: (r) => r.name },
      { header: 'Orders', value: (r) => count(r.orders), numeric: true },
      { header: 'Spend', value: (r) => money(r.spend), numeric: true },
    ],
    target: (r) => ({ to: '/external-panel-orders', search: { 'provider.name': String(r.providerId), createdAt: range(providers) } }),
    linkLabel: (r) => `Orders sent to ${r.name} in the period`,
    emptyText: 'No orders sent to providers in the period.',
  };

  type UsersDay = { date: string; users: number };
  const usersChart: ChartSpec<UsersDay> = {
    id: 'users',
    title: 'New users per day',
    description: 'Users who registered each day.',
    query: rowsOf(users, (d) => d.days),
    dataKey: 'date',
    series: [{ name: 'users', label: 'New users', color: 'cyan.7' }],
    columns: [
      { header: 'Day', value: (r) => r.date },
      { header: 'New users', value: (r) => count(r.users), numeric: true },
    ],
    target: (r) => ({ to: '/users', search: { createdAt: `${r.date}..${r.date}`, status: '' } }),
    linkLabel: (r) => `Users registered on ${r.date}`,
  };

  return (
    <section aria-labelledby="home-dashboard">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5" id="home-dashboard">
          Dashboard
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Period of the charts"
          value={String(days)}
          onChange={(value) => setDays(Number(value) as DashboardPeriod)}
          data={DASHBOARD_PERIODS.map((d) => ({ value: String(d), label: `${d} days` }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {seesOrders && <ChartCard spec={ordersChart} />}
        {seesOrders && <ChartCard spec={refundsChart} />}
        {seesOrders && <ChartCard spec={statusChart} />}
        {seesOrders && <ChartCard spec={servicesChart} />}
        {seesProviders && <ChartCard spec={providersChart} />}
        {seesUsers && <ChartCard spec={usersChart} />}
      </SimpleGrid>
    </section>
  );
}

function ChartCard<Row>({ spec }: { spec: ChartSpec<Row> }) {
  const navigate = useNavigate();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const { query } = spec;
  const rows = query.data ?? [];
  const empty = !query.isPending && !query.isError && rows.every((r) => spec.series.every((s) => !Number((r as Record<string, unknown>)[s.name])));

  const open = (row: Row) => {
    const target = spec.target(row);
    void navigate({ to: target.to, search: target.search as never /* the list's search schema lives in its area */ });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-chart={spec.id}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <div>
          <Title order={4} size="h6" id={titleId}>
            {spec.title}
          </Title>
          <Text size="xs" c="dimmed">
            {spec.description}
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          aria-label={`Show ${spec.title} as`}
          style={{ flexShrink: 0 }}
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
        />
      </Group>
      {query.isError ? (
        <Alert color="red">The figures could not be loaded: {errorMessage(query.error)}</Alert>
      ) : query.isPending ? (
        <Skeleton h={220} />
      ) : empty ? (
        <Stack h={220} justify="center" align="center">
          <Text size="sm" c="dimmed">
            {spec.emptyText ?? 'Nothing in the period.'}
          </Text>
        </Stack>
      ) : view === 'table' ? (
        <ChartTable spec={spec} rows={rows} />
      ) : (
        <BarChart
          h={spec.horizontal ? Math.max(220, rows.length * 28 + 40) : 220}
          data={rows as Record<string, unknown>[]}
          dataKey={spec.dataKey}
          series={spec.series}
          orientation={spec.horizontal ? 'vertical' : 'horizontal'}
          withLegend={spec.series.length > 1}
          withRightYAxis={spec.withRightAxis}
          valueFormatter={spec.valueFormatter ?? count}
          tooltipProps={spec.withRightAxis ? { content: mixedTooltip(spec.series) } : undefined}
          rightYAxisProps={spec.withRightAxis ? { tickFormatter: (v: number) => formatMoney(v, { whole: true }) } : undefined}
          xAxisProps={spec.horizontal ? undefined : { tickFormatter: (v: string) => (/^\d{4}-/.test(v) ? shortDate(v) : v) }}
          yAxisProps={spec.horizontal ? { width: 170, tickFormatter: (v: string) => (v.length > 26 ? `${v.slice(0, 25)}…` : v) } : undefined}
          barProps={{
            cursor: 'pointer',
            onClick: (entry: unknown) => {
              const row = (entry as { payload?: Row }).payload ?? (entry as Row);
              if (row) open(row);
            },
          }}
          tooltipAnimationDuration={0}
          role="figure"
          aria-label={`${spec.title}: chart; choose Table for the figures as links`}
        />
      )}
    </Card>
  );
}

function ChartTable<Row>({ spec, rows }: { spec: ChartSpec<Row>; rows: Row[] }) {
  return (
    <Table.ScrollContainer minWidth={300} mah={320}>
      <SmallTable
        striped
        highlightOnHover
        fz="sm"
        label={spec.title}
        rows={rows}
        rowKey={(_, i) => i}
        columns={spec.columns.map((c, j) => ({
          header: c.header,
          align: c.numeric ? 'right' : undefined,
          render: (row: Row) => {
            if (j > 0) return c.value(row);
            const target = spec.target(row);
            return (
              <Anchor component={Link} to={target.to} search={target.search as never} aria-label={spec.linkLabel(row)}>
                {c.value(row)}
              </Anchor>
            );
          },
        }))}
      />
    </Table.ScrollContainer>
  );
}
