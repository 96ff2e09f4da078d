import { AppLink, UserLink } from '../../table/cells';
import { Anchor, Text } from '@mantine/core';
import { COMBO_ORDERS_TABLE, COMBO_ORDER_STATUS_LABELS } from '../../../contract/combo-orders/columns';
import { COMBO_ORDER_ACTIONS } from '../../../contract/combo-orders/actions';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber, humanize } from '../../ui/format';

/** Combo orders: default status in_processing; a row opens its record (/combo-orders/:id). */

export const comboOrdersResource = defineResource({
  name: 'combo-orders',
  path: '/combo-orders',
  title: 'Combo orders',
  nouns: ['combo order', 'combo orders', 'combo', 'co'],
  endpoint: 'comboOrdersTable',
  table: COMBO_ORDERS_TABLE,
  state: (c) => COMBO_ORDER_STATUS_LABELS[c.status].toLowerCase(),
  open: (c) => `/combo-orders/${c.id}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, render: (c) => <AppLink to={`/combo-orders/${c.id}`}>{c.id}</AppLink> },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: COMBO_ORDER_STATUS_LABELS },
      render: (c) => <StatusLabel value={c.status} text={COMBO_ORDER_STATUS_LABELS[c.status]} />,
    },
    {
      key: 'user.email',
      header: 'User',
      render: (c) => (
        <div>
          <UserLink user={c.user} />
          {c.user.telegramUsername && (
            <Text size="xs" c="dimmed">
              @{c.user.telegramUsername}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'url',
      header: 'URL',
      width: 150,
      render: (c) => (
        <Anchor href={c.url} target="_blank" rel="noreferrer noopener" size="sm">
          {c.url}
        </Anchor>
      ),
    },
    {
      key: 'package.type',
      visible: false,
      header: 'Package type',
      render: (c) => humanize(c.package.type),
    },
    { key: 'package.name', header: 'Package', filterUi: { placeholder: 'Package id' }, render: (c) => c.package.name },
    {
      key: 'ordersCount',
      header: 'Orders',
      align: 'right',
      render: (c) => <AppLink to={`/orders?sourceType=combo_order&sourceId=${c.id}&status=`}>{formatNumber(c.ordersCount)}</AppLink>,
    },
    { key: 'createdAt', header: 'Created', render: (c) => <DateTime value={c.createdAt} /> },
  ],
  defaultFilters: { status: ['in_processing'] },
  rowActions: [
    {
      id: 'approve',
      label: COMBO_ORDER_ACTIONS.approve.label,
      past: COMBO_ORDER_ACTIONS.approve.past,
      flag: COMBO_ORDER_ACTIONS.approve.flag,
      shortcut: 'a',
      confirm: { text: (c) => `Approve combo order ${c.id}? Its orders start processing.`, undoable: false },
      mutation: { endpoint: 'comboOrdersApprove', body: (c) => ({ comboOrderId: c.id }) },
      invalidates: ['orders'],
    },
    {
      id: 'reject',
      label: COMBO_ORDER_ACTIONS.reject.label,
      past: COMBO_ORDER_ACTIONS.reject.past,
      flag: COMBO_ORDER_ACTIONS.reject.flag,
      shortcut: 'r',
      color: 'red',
      confirm: { text: (c) => `Reject combo order ${c.id}? Its unstarted orders are canceled and refunded.`, undoable: false },
      mutation: { endpoint: 'comboOrdersReject', body: (c) => ({ comboOrderId: c.id }) },
      invalidates: ['orders'],
    },
    {
      id: 'complete',
      label: COMBO_ORDER_ACTIONS.complete.label,
      past: COMBO_ORDER_ACTIONS.complete.past,
      flag: COMBO_ORDER_ACTIONS.complete.flag,
      shortcut: 'c',
      confirm: { text: (c) => `Complete combo order ${c.id}?`, undoable: false },
      mutation: { endpoint: 'comboOrdersComplete', body: (c) => ({ comboOrderId: c.id }) },
      invalidates: ['orders'],
    },
  ],
});
