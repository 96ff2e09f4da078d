import { UserLink } from '../../table/cells';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DRIP_FEED_STATUSES, DRIP_FEED_STATUS_LABELS, dripFeedRowSchema, type DripFeedRow } from '../../../contract/drip-feeds';
import { defineResource } from '../../table/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { formatRunInterval } from './interval';

/** The drip-feed list (operations.md §3 "Drip-feed row", §4): default status in_processing. */

const STATUS_OPTIONS = DRIP_FEED_STATUSES.map((value) => ({ value, label: DRIP_FEED_STATUS_LABELS[value] }));

function Runs({ row }: { row: DripFeedRow }) {
  if (row.orders.length === 0) return <Text size="sm" c="dimmed">No runs yet</Text>;
  return (
    <Group gap={4}>
      {row.orders.map((o) => (
        <Anchor key={o.id} component={Link} to={`/orders/${o.id}`} size="xs" title={`Order ${o.id}: ${o.status}`}>
          #{o.id}
        </Anchor>
      ))}
    </Group>
  );
}

export const dripFeedsResource = defineResource({
  name: 'drip-feeds',
  path: '/drip-feed',
  title: 'Drip-feed',
  nouns: ['drip feed', 'drip feeds', 'drip', 'df'],
  endpoint: 'dripFeedsTable',
  rowSchema: dripFeedRowSchema,
  permission: 'viewOrders',
  state: (d) => DRIP_FEED_STATUS_LABELS[d.status].toLowerCase(),
  columns: [
    { key: 'id', header: 'ID', sortable: true, filter: { kind: 'text' }, hideable: false },
    { key: 'name', header: 'Name', sortable: true, filter: { kind: 'text' } },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      filter: { kind: 'multiSelect', options: STATUS_OPTIONS },
      render: (d) => <StatusLabel value={d.status} text={DRIP_FEED_STATUS_LABELS[d.status]} />,
    },
    {
      key: 'user.email',
      header: 'User',
      sortable: true,
      filter: { kind: 'text' },
      render: (d) => <UserLink user={d.user} />,
    },
    { key: 'service.name', header: 'Service', sortable: true, filter: { kind: 'text', placeholder: 'Service id' }, render: (d) => d.service.name },
    {
      key: 'url',
      header: 'URL',
      sortable: true,
      filter: { kind: 'text' },
      render: (d) => (
        <Anchor href={d.url} target="_blank" rel="noreferrer noopener" size="sm" style={{ wordBreak: 'break-all' }}>
          {d.url}
        </Anchor>
      ),
    },
    { key: 'totalQuantity', header: 'Total quantity', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (d) => formatNumber(d.totalQuantity) },
    { key: 'quantity', header: 'Quantity per run', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (d) => formatNumber(d.quantity) },
    { key: 'ordersCount', header: 'Runs', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (d) => formatNumber(d.ordersCount) },
    { key: 'orders', header: 'Orders', render: (d) => <Runs row={d} /> },
    { key: 'price', header: 'Price', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (d) => <CostLabel value={d.price} /> },
    { key: 'countries', header: 'Countries', visible: false, render: (d) => (d.countries.length ? d.countries.join(', ') : 'Worldwide') },
    { key: 'promotable', header: 'Promotable', sortable: true, filter: { kind: 'boolean' }, visible: false },
    {
      key: 'minutesBetweenRuns',
      header: 'Interval',
      sortable: true,
      filter: { kind: 'numberRange' },
      render: (d) => formatRunInterval(d.minutesBetweenRuns),
    },
    { key: 'createdAt', header: 'Created', sortable: true, filter: { kind: 'dateRange' }, render: (d) => <DateTime value={d.createdAt} /> },
  ],
  defaultFilters: { status: ['in_processing'] },
  rowActions: [
    {
      id: 'cancel',
      label: 'Cancel',
      past: 'canceled',
      flag: 'cancelable',
      permission: 'manageOrders',
      color: 'red',
      confirm: { text: (d) => `Cancel drip feed ${d.id}? No further runs will be placed.`, undoable: false },
      mutation: { endpoint: 'dripFeedsCancel', params: (d) => ({ dripFeedId: d.id }) },
      invalidates: ['orders'],
    },
  ],
});
