import { Money } from '../../ui/Money';
import { Anchor, Code, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EXTERNAL_PANEL_ORDERS_TABLE, EXTERNAL_PANEL_ORDER_STATUS_LABELS } from '../../../contract/external-panel-orders/columns';
import type { ExternalPanelOrderRow } from '../../../contract/external-panel-orders';
import { EXTERNAL_PANEL_ORDER_ACTIONS } from '../../../contract/external-panel-orders/actions';
import { defineRowAction } from '../../resource/actions';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { lazyDialog } from '../../actions/lazyDialog';
import type { RecreateInput } from './RecreateDialog';

/** Orders placed at external panels: statuses Creating … Canceled; recreate. */

export const externalPanelOrdersResource = defineResource({
  name: 'external-panel-orders',
  path: '/external-panel-orders',
  title: 'External panel orders',
  nouns: ['external panel order', 'external panel orders', 'epo'],
  endpoint: 'externalPanelOrdersList',
  table: EXTERNAL_PANEL_ORDERS_TABLE,
  state: (e) => EXTERNAL_PANEL_ORDER_STATUS_LABELS[e.status].toLowerCase(),
  columns: [
    { key: 'id', header: 'ID', hideable: false },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: EXTERNAL_PANEL_ORDER_STATUS_LABELS },
      render: (e) => <StatusLabel value={e.status} text={EXTERNAL_PANEL_ORDER_STATUS_LABELS[e.status]} />,
    },
    {
      key: 'provider.name',
      header: 'Provider',
      filterUi: { placeholder: 'Provider id' },
      render: (e) => (
        <Anchor component={Link} to={`/external-panels/${e.provider.id}`} size="sm">
          {e.provider.name}
        </Anchor>
      ),
    },
    {
      key: 'order.id',
      header: 'Order',
      filterUi: { placeholder: 'Order id' },
      render: (e) => (
        <Anchor component={Link} to={`/orders/${e.order.id}`} size="sm">
          {e.order.id}
        </Anchor>
      ),
    },
    { key: 'externalId', visible: false, header: 'External id' },
    { key: 'quantity', header: 'Quantity', align: 'right', render: (e) => formatNumber(e.quantity) },
    {
      key: 'url',
      header: 'URL',
      width: 150,
      render: (e) => (
        <Anchor href={e.url} target="_blank" rel="noreferrer noopener" size="sm">
          {e.url}
        </Anchor>
      ),
    },
    { key: 'charge', header: 'Charge', align: 'right', render: (e) => <Money value={e.charge} currency={e.provider.currency} maxDecimals={4} /> },
    { key: 'remains', visible: false, header: 'Remains', align: 'right', render: (e) => (e.remains === null ? '—' : formatNumber(e.remains)) },
    {
      key: 'error',
      visible: false,
      header: 'Error',
      filterUi: { trueLabel: 'Failed to send', falseLabel: 'Sent' },
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
    {
      key: 'held',
      header: 'Held',
      filterUi: { trueLabel: 'Held for a member', falseLabel: 'Followed' },
      render: (e) => (e.heldAt ? <HeldAnswer attempt={e} /> : '—'),
    },
    { key: 'createdAt', header: 'Created', render: (e) => <DateTime value={e.createdAt} /> },
    { key: 'updatedAt', header: 'Updated', visible: false, render: (e) => <DateTime value={e.updatedAt} /> },
  ],
  rowActions: [
    defineRowAction<ExternalPanelOrderRow, RecreateInput>({
      id: 'recreate',
      label: EXTERNAL_PANEL_ORDER_ACTIONS.recreate.label,
      past: EXTERNAL_PANEL_ORDER_ACTIONS.recreate.past,
      flag: EXTERNAL_PANEL_ORDER_ACTIONS.recreate.flag,
      dialog: lazyDialog(() => import('./RecreateDialog').then((m) => m.RecreateDialog)),
      mutation: { endpoint: 'externalPanelOrdersRecreate', params: (e) => ({ id: e.id }), body: (_e, input) => input },
      invalidates: ['orders'],
    }),
    defineRowAction<ExternalPanelOrderRow>({
      id: 'follow',
      label: EXTERNAL_PANEL_ORDER_ACTIONS.follow.label,
      past: EXTERNAL_PANEL_ORDER_ACTIONS.follow.past,
      flag: EXTERNAL_PANEL_ORDER_ACTIONS.follow.flag,
      confirm: {
        text: (e) => `Follow external-panel order ${e.id} again? Its order goes back to processing and takes the provider's next readable status.`,
        undoable: false,
      },
      mutation: { endpoint: 'externalPanelOrdersFollow', params: (e) => ({ id: e.id }) },
      invalidates: ['orders'],
    }),
  ],
});

/**
 * A held attempt: why (the error), when, and the provider's answer exactly as it came, so a member
 * can judge it before following it again, recreating it or settling the order.
 */
function HeldAnswer({ attempt }: { attempt: ExternalPanelOrderRow }) {
  const label = (
    <Stack gap={4} maw={420}>
      <Text size="xs">{attempt.error ?? 'Held for a member.'}</Text>
      {attempt.answerRaw ? (
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 240, overflow: 'auto' }}>
          {attempt.answerRaw}
        </Code>
      ) : null}
    </Stack>
  );
  return (
    <Tooltip label={label} multiline openDelay={100}>
      <Text size="sm" c="orange" tabIndex={0}>
        Held <DateTime value={attempt.heldAt} />
      </Text>
    </Tooltip>
  );
}
