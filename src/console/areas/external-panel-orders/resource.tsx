import { Anchor, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  EXTERNAL_PANEL_ORDER_STATUSES,
  EXTERNAL_PANEL_ORDER_STATUS_LABELS,
  externalPanelOrderRowSchema,
  type ExternalPanelOrderRow,
} from '../../../contract/external-panel-orders';
import { defineRowAction } from '../../actions/types';
import { defineResource } from '../../table/resource';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { RecreateDialog, type RecreateInput } from './RecreateDialog';

/** Orders placed at external panels (catalogue.md §7): statuses Creating … Canceled; recreate. */

const STATUS_OPTIONS = EXTERNAL_PANEL_ORDER_STATUSES.map((value) => ({ value, label: EXTERNAL_PANEL_ORDER_STATUS_LABELS[value] }));

export const externalPanelOrdersResource = defineResource({
  name: 'external-panel-orders',
  path: '/external-panel-orders',
  title: 'External panel orders',
  nouns: ['external panel order', 'external panel orders', 'epo'],
  endpoint: 'externalPanelOrdersList',
  rowSchema: externalPanelOrderRowSchema,
  permission: 'manageExternalPanelOrders',
  state: (e) => EXTERNAL_PANEL_ORDER_STATUS_LABELS[e.status].toLowerCase(),
  columns: [
    { key: 'id', header: 'ID', sortable: true, filter: { kind: 'text' }, hideable: false },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      filter: { kind: 'multiSelect', options: STATUS_OPTIONS },
      render: (e) => <StatusLabel value={e.status} text={EXTERNAL_PANEL_ORDER_STATUS_LABELS[e.status]} />,
    },
    {
      key: 'provider.name',
      header: 'Provider',
      sortable: true,
      filter: { kind: 'text', placeholder: 'Provider id' },
      render: (e) => (
        <Anchor component={Link} to={`/external-panels/${e.provider.id}`} size="sm">
          {e.provider.name}
        </Anchor>
      ),
    },
    {
      key: 'order.id',
      header: 'Order',
      sortable: true,
      filter: { kind: 'text', placeholder: 'Order id' },
      render: (e) => (
        <Anchor component={Link} to={`/orders/${e.order.id}`} size="sm">
          {e.order.id}
        </Anchor>
      ),
    },
    { key: 'externalId', header: 'External id', sortable: true, filter: { kind: 'text' } },
    { key: 'quantity', header: 'Quantity', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (e) => formatNumber(e.quantity) },
    {
      key: 'url',
      header: 'URL',
      sortable: true,
      filter: { kind: 'text' },
      render: (e) => (
        <Anchor href={e.url} target="_blank" rel="noreferrer noopener" size="sm" style={{ wordBreak: 'break-all' }}>
          {e.url}
        </Anchor>
      ),
    },
    { key: 'charge', header: 'Charge', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (e) => (e.charge === null ? '—' : formatNumber(e.charge)) },
    { key: 'remains', header: 'Remains', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (e) => (e.remains === null ? '—' : formatNumber(e.remains)) },
    {
      key: 'error',
      header: 'Error',
      filter: { kind: 'boolean', trueLabel: 'Failed to send', falseLabel: 'Sent' },
      render: (e) =>
        e.error ? (
          <Tooltip label={e.error} multiline w={320} openDelay={100}>
            <Text size="sm" c="red" lineClamp={2} tabIndex={0}>
              {e.error}
            </Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { key: 'createdAt', header: 'Created', sortable: true, filter: { kind: 'dateRange' }, render: (e) => <DateTime value={e.createdAt} /> },
    { key: 'updatedAt', header: 'Updated', sortable: true, filter: { kind: 'dateRange' }, visible: false, render: (e) => <DateTime value={e.updatedAt} /> },
  ],
  rowActions: [
    defineRowAction<ExternalPanelOrderRow, RecreateInput>({
      id: 'recreate',
      label: 'Recreate',
      past: 'recreated',
      flag: 'recreatable',
      permission: 'manageExternalPanelOrders',
      dialog: RecreateDialog,
      mutation: { endpoint: 'externalPanelOrdersRecreate', params: (e) => ({ id: e.id }), body: (_e, input) => input },
      invalidates: ['orders'],
    }),
  ],
});
