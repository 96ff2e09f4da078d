import { Text } from '@mantine/core';
import type { CancelRequestRow, RejectCancelRequestBody } from '../../../contract/cancel-requests';
import { CANCEL_REQUEST_STATUS_LABELS, CANCEL_REQUESTS_TABLE } from '../../../contract/cancel-requests/columns';
import { CANCEL_REQUEST_ACTIONS } from '../../../contract/cancel-requests/actions';
import { lazyDialog } from '../../actions/lazyDialog';
import { defineRowAction } from '../../resource/actions';
import { defineResource } from '../../resource/resource';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';

/**
 * Customers' cancel requests: default filter pending. Forward asks the provider (accepted is not
 * canceled: the row becomes forwarded, and canceled once the provider's status says so); Reject
 * asks for a note; Cancel here and refund is the orders' cancel with the undelivered share refunded.
 */

const dialogs = {
  reject: lazyDialog(() => import('./RejectCancelRequestDialog').then((m) => m.RejectCancelRequestDialog)),
};

export const cancelRequestsResource = defineResource({
  name: 'cancel-requests',
  path: '/cancel-requests',
  title: 'Cancel requests',
  nouns: ['cancel request', 'cancel requests', 'cancel', 'cr'],
  endpoint: 'cancelRequestsTable',
  table: CANCEL_REQUESTS_TABLE,
  state: (r: CancelRequestRow) => CANCEL_REQUEST_STATUS_LABELS[r.status].toLowerCase(),
  subtitle: (r) => `order ${r.order.id} · ${r.user.email} · ${CANCEL_REQUEST_STATUS_LABELS[r.status].toLowerCase()}`,
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 80 },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: CANCEL_REQUEST_STATUS_LABELS },
      render: (r) => <StatusLabel value={r.status} text={CANCEL_REQUEST_STATUS_LABELS[r.status]} />,
    },
    {
      key: 'order.id',
      header: 'Order',
      filterUi: { placeholder: 'Order id' },
      render: (r) => (
        <span>
          <AppLink to={`/orders/${r.order.id}`}>{r.order.id}</AppLink>{' '}
          <Text span size="xs" c="dimmed">
            {r.order.status.replace('_', ' ')} · {formatNumber(r.order.currentQuantity)} of {formatNumber(r.order.quantity)}
          </Text>
        </span>
      ),
    },
    { key: 'user.email', header: 'User', render: (r) => <UserLink user={r.user} /> },
    { key: 'provider', header: 'Provider', render: (r) => (r.provider ? `${r.provider}${r.externalId ? ` #${r.externalId}` : ''}` : <Dash />) },
    {
      key: 'note',
      header: 'Note',
      render: (r) =>
        r.error ? (
          <Text span size="sm" c="red" title={r.error}>
            Provider refused: {r.error}
          </Text>
        ) : (
          (r.note ?? <Dash />)
        ),
    },
    { key: 'createdAt', header: 'Asked', render: (r) => <DateTime value={r.createdAt} /> },
  ],
  defaultFilters: { status: ['pending'] },
  rowActions: [
    {
      id: 'forward',
      label: CANCEL_REQUEST_ACTIONS.forward.label,
      past: CANCEL_REQUEST_ACTIONS.forward.past,
      flag: CANCEL_REQUEST_ACTIONS.forward.flag,
      shortcut: 'f',
      mutation: { endpoint: 'cancelRequestsForward', params: (r: CancelRequestRow) => ({ cancelRequestId: r.id }) },
      invalidates: ['orders'],
    },
    defineRowAction<CancelRequestRow, RejectCancelRequestBody>({
      id: 'reject',
      label: CANCEL_REQUEST_ACTIONS.reject.label,
      past: CANCEL_REQUEST_ACTIONS.reject.past,
      flag: CANCEL_REQUEST_ACTIONS.reject.flag,
      color: 'red',
      shortcut: 'r',
      dialog: dialogs.reject,
      mutation: { endpoint: 'cancelRequestsReject', params: (r) => ({ cancelRequestId: r.id }), body: (_r, input) => input },
    }),
    {
      id: 'cancel',
      label: CANCEL_REQUEST_ACTIONS.cancel.label,
      past: CANCEL_REQUEST_ACTIONS.cancel.past,
      flag: CANCEL_REQUEST_ACTIONS.cancel.flag,
      color: 'red',
      shortcut: 'c',
      confirm: {
        text: (r: CancelRequestRow) => `Cancel order ${r.order.id} here and refund its undelivered share to ${r.user.email}?`,
        undoable: false,
      },
      mutation: { endpoint: 'cancelRequestsCancel', params: (r: CancelRequestRow) => ({ cancelRequestId: r.id }) },
      invalidates: ['orders', 'transactions', 'users'],
    },
  ],
});
