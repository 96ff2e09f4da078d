import { AppLink, UserLink } from '../../table/cells';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DRIP_FEEDS_TABLE, DRIP_FEED_STATUS_LABELS } from '../../../contract/drip-feeds/columns';
import type { DripFeedRow } from '../../../contract/drip-feeds';
import { DRIP_FEED_ACTIONS } from '../../../contract/drip-feeds/actions';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { formatRunInterval } from './interval';

/** The drip-feed list: default status in_processing; a row opens its record (/drip-feed/:id). */

function Runs({ row }: { row: DripFeedRow }) {
  if (row.orders.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No runs yet
      </Text>
    );
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
  table: DRIP_FEEDS_TABLE,
  state: (d) => DRIP_FEED_STATUS_LABELS[d.status].toLowerCase(),
  open: (d) => `/drip-feed/${d.id}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, render: (d) => <AppLink to={`/drip-feed/${d.id}`}>{d.id}</AppLink> },
    { key: 'name', visible: false, header: 'Name' },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: DRIP_FEED_STATUS_LABELS },
      render: (d) => <StatusLabel value={d.status} text={DRIP_FEED_STATUS_LABELS[d.status]} />,
    },
    {
      key: 'user.email',
      header: 'User',
      render: (d) => <UserLink user={d.user} />,
    },
    { key: 'service.name', header: 'Service', filterUi: { placeholder: 'Service id' }, render: (d) => d.service.name },
    {
      key: 'url',
      header: 'URL',
      width: 150,
      render: (d) => (
        <Anchor href={d.url} target="_blank" rel="noreferrer noopener" size="sm">
          {d.url}
        </Anchor>
      ),
    },
    { key: 'totalQuantity', header: 'Total quantity', align: 'right', render: (d) => formatNumber(d.totalQuantity) },
    { key: 'quantity', visible: false, header: 'Quantity per run', align: 'right', render: (d) => formatNumber(d.quantity) },
    { key: 'ordersCount', visible: false, header: 'Runs', align: 'right', render: (d) => formatNumber(d.ordersCount) },
    { key: 'orders', visible: false, header: 'Orders', render: (d) => <Runs row={d} /> },
    { key: 'price', visible: false, header: 'Price', align: 'right', render: (d) => <CostLabel value={d.price} /> },
    { key: 'countries', header: 'Countries', visible: false, render: (d) => (d.countries.length ? d.countries.join(', ') : 'Worldwide') },
    { key: 'promotable', header: 'Promotable', visible: false },
    {
      key: 'minutesBetweenRuns',
      visible: false,
      header: 'Interval',
      render: (d) => formatRunInterval(d.minutesBetweenRuns),
    },
    { key: 'createdAt', visible: false, header: 'Created', render: (d) => <DateTime value={d.createdAt} /> },
  ],
  defaultFilters: { status: ['in_processing'] },
  rowActions: [
    {
      id: 'cancel',
      label: DRIP_FEED_ACTIONS.cancel.label,
      past: DRIP_FEED_ACTIONS.cancel.past,
      flag: DRIP_FEED_ACTIONS.cancel.flag,
      color: 'red',
      confirm: { text: (d) => `Cancel drip feed ${d.id}? No further runs will be placed.`, undoable: false },
      mutation: { endpoint: 'dripFeedsCancel', params: (d) => ({ dripFeedId: d.id }) },
      invalidates: ['orders'],
    },
  ],
});
