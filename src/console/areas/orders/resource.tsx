import { orderRowSchema, type OrderBulkResult, type OrderRow } from '../../../contract/orders';
import { defineBulkAction, defineRowAction, type BulkResult, type RowKey } from '../../actions/types';
import { defineResource } from '../../table/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import {
  BulkCancelAndRefundOrdersDialog,
  BulkCancelOrdersDialog,
  CancelAndRefundOrderDialog,
  CancelOrderDialog,
  type CancelOrderInput,
} from './CancelOrderDialog';
import { BulkChangeProviderDialog, ChangeProviderDialog, type ChangeProviderInput } from './ChangeProviderDialog';
import { Dash, Percent, PriceModifications, SourceCell, UrlCell, UserCell } from './cells';
import { ORDER_SOURCE_OPTIONS, ORDER_SOURCE_TYPE_OPTIONS, ORDER_STATUS_OPTIONS } from './labels';

/** The orders list as one declaration (DESIGN.md §3): table, row menu, bulk bar, palette, shortcuts. */

const ids = (keys: RowKey[]) => keys.map(Number);

/** Per-order outcomes of a bulk answer ({done, failed}). */
export function bulkResults(response: unknown): BulkResult[] {
  const answer = response as OrderBulkResult;
  return [...answer.done.map((id) => ({ id, ok: true })), ...answer.failed.map((f) => ({ id: f.id, ok: false, message: f.message }))];
}

const state = (o: OrderRow) => o.status.replace(/_/g, ' ');

export const ordersResource = defineResource({
  name: 'orders',
  title: 'Orders',
  nouns: ['order', 'orders', 'o'],
  endpoint: 'ordersTable',
  rowSchema: orderRowSchema,
  permission: 'viewOrders',
  state,
  open: (o) => `/orders/${o.id}`,
  searchPlaceholder: 'Search by id, url or e-mail',
  columns: [
    { key: 'id', header: 'ID', sortable: true, filter: { kind: 'text', placeholder: 'Order id' }, hideable: false },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      filter: { kind: 'multiSelect', options: ORDER_STATUS_OPTIONS },
      render: (o) => <StatusLabel value={o.status} />,
    },
    { key: 'createdAt', header: 'Created', sortable: true, filter: { kind: 'dateRange' }, render: (o) => <DateTime value={o.createdAt} /> },
    { key: 'completedAt', header: 'Completed', sortable: true, filter: { kind: 'dateRange' }, render: (o) => <DateTime value={o.completedAt} /> },
    { key: 'name', header: 'Name', sortable: true, filter: { kind: 'text' } },
    {
      key: 'service.name',
      header: 'Service',
      sortable: true,
      filter: { kind: 'text', placeholder: 'Service id' },
      render: (o) => (o.service ? o.service.name : <Dash />),
    },
    { key: 'price', header: 'Price', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (o) => <CostLabel value={o.price} /> },
    { key: 'cost', header: 'Cost', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (o) => <CostLabel value={o.cost} /> },
    { key: 'revenue', header: 'Revenue', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (o) => <CostLabel value={o.revenue} /> },
    { key: 'marginPercent', header: 'Margin', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (o) => <Percent value={o.marginPercent} /> },
    {
      key: 'user.email',
      header: 'User',
      sortable: true,
      filter: { kind: 'text', placeholder: 'E-mail or user id' },
      render: (o) => <UserCell user={o.user} />,
    },
    { key: 'url', header: 'URL', sortable: true, filter: { kind: 'text' }, render: (o) => <UrlCell url={o.url} /> },
    { key: 'quantity', header: 'Quantity', sortable: true, filter: { kind: 'numberRange' }, align: 'right', render: (o) => formatNumber(o.quantity) },
    {
      key: 'currentQuantity',
      header: 'Delivered',
      sortable: true,
      filter: { kind: 'numberRange' },
      align: 'right',
      render: (o) => formatNumber(o.currentQuantity),
    },
    {
      key: 'percentOfExternalStatisticsFill',
      header: 'Statistics fill',
      sortable: true,
      filter: { kind: 'numberRange' },
      align: 'right',
      visible: false,
      render: (o) => <Percent value={o.percentOfExternalStatisticsFill} />,
    },
    {
      key: 'hasNoActiveProviders',
      header: 'No active providers',
      sortable: true,
      filter: { kind: 'boolean', trueLabel: 'No providers', falseLabel: 'Has providers' },
      render: (o) => (o.hasNoActiveProviders ? <StatusLabel value="error" text="No providers" /> : 'No'),
    },
    { key: 'isPaid', header: 'Paid', sortable: true, filter: { kind: 'boolean' }, render: (o) => <StatusLabel value={o.isPaid ? 'paid' : 'unpaid'} /> },
    {
      key: 'refundAmount',
      header: 'Refunded',
      sortable: true,
      filter: { kind: 'numberRange' },
      align: 'right',
      visible: false,
      render: (o) => <CostLabel value={o.refundAmount} />,
    },
    {
      key: 'source',
      header: 'Source',
      sortable: true,
      filter: { kind: 'multiSelect', options: ORDER_SOURCE_OPTIONS },
      render: (o) => <SourceCell source={o.source} sourceType={o.sourceType} sourceId={o.sourceId} />,
    },
    { key: 'priceModifications', header: 'Price modifications', render: (o) => <PriceModifications items={o.priceModifications} /> },
  ],
  defaultFilters: { status: ['in_processing'] },
  queries: {
    sourceType: { label: 'Source type', filter: { kind: 'select', options: ORDER_SOURCE_TYPE_OPTIONS } },
    sourceId: { label: 'Source id', filter: { kind: 'text' } },
    userId: { label: 'User id', filter: { kind: 'text' } },
  },
  rowActions: [
    {
      id: 'approve',
      label: 'Approve',
      past: 'approved',
      flag: 'approvable',
      permission: 'manageOrders',
      shortcut: 'a',
      confirm: { text: (o) => `Approve order ${o.id}?`, undoable: true },
      mutation: { endpoint: 'ordersApprove', body: (o) => ({ orderId: o.id }) },
    },
    {
      id: 'activate',
      label: 'Activate',
      past: 'activated',
      flag: 'activable',
      permission: 'manageOrders',
      confirm: { text: (o) => `Activate order ${o.id}?`, undoable: true },
      mutation: { endpoint: 'ordersActivate', body: (o) => ({ orderId: o.id }) },
    },
    {
      id: 'pause',
      label: 'Pause',
      past: 'paused',
      flag: 'pausable',
      permission: 'manageOrders',
      shortcut: 'p',
      confirm: { text: (o) => `Pause order ${o.id}?`, undoable: true },
      mutation: { endpoint: 'ordersPause', body: (o) => ({ orderId: o.id }) },
    },
    {
      id: 'reject',
      label: 'Reject',
      past: 'rejected',
      flag: 'rejectable',
      permission: 'manageOrders',
      shortcut: 'r',
      color: 'red',
      confirm: { text: (o) => `Reject order ${o.id}? What was paid goes back to the customer.`, undoable: true },
      mutation: { endpoint: 'ordersReject', body: (o) => ({ orderId: o.id }) },
    },
    {
      id: 'complete',
      label: 'Complete',
      past: 'completed',
      flag: 'completable',
      permission: 'manageOrders',
      shortcut: 'c',
      confirm: { text: (o) => `Complete order ${o.id}?`, undoable: false },
      mutation: { endpoint: 'ordersComplete', body: (o) => ({ orderId: o.id }) },
    },
    defineRowAction<OrderRow, CancelOrderInput>({
      id: 'cancel',
      label: 'Cancel',
      past: 'canceled',
      flag: 'cancelable',
      permission: 'manageOrders',
      color: 'red',
      dialog: CancelOrderDialog,
      mutation: { endpoint: 'ordersCancel', body: (o, input) => ({ orderId: o.id, ...input }) },
    }),
    defineRowAction<OrderRow, CancelOrderInput>({
      id: 'cancel-and-return-money',
      label: 'Cancel and return money',
      past: 'canceled',
      flag: 'cancelable',
      permission: 'manageOrders',
      color: 'red',
      aliases: ['refund'],
      dialog: CancelAndRefundOrderDialog,
      mutation: { endpoint: 'ordersCancel', body: (o, input) => ({ orderId: o.id, ...input }) },
    }),
    defineRowAction<OrderRow, ChangeProviderInput>({
      id: 'change-provider',
      label: 'Change provider',
      flag: 'editable',
      permission: 'manageOrders',
      dialog: ChangeProviderDialog,
      mutation: {
        endpoint: 'ordersChangeProvider',
        body: (o, input) => ({ orderIds: [o.id], providerId: input.providerId, quantity: input.quantity }),
      },
      success: (o) => `Order ${o.id} was sent to the new provider.`,
    }),
  ],
  bulkActions: [
    defineBulkAction<OrderRow, CancelOrderInput>({
      id: 'cancel',
      label: 'Cancel',
      past: 'canceled',
      flag: 'cancelable',
      permission: 'manageOrders',
      color: 'red',
      dialog: BulkCancelOrdersDialog,
      mutation: {
        endpoint: 'ordersBulkCancel',
        body: (keys, input) => ({ ordersIds: ids(keys), cancelReason: input.cancelReason, cancelDescription: input.cancelDescription, returnMoney: input.returnMoney, sendEmailNotification: input.sendEmailNotification }),
      },
      results: bulkResults,
    }),
    defineBulkAction<OrderRow, CancelOrderInput>({
      id: 'cancel-and-return-money',
      label: 'Cancel and return money',
      past: 'canceled',
      flag: 'cancelable',
      permission: 'manageOrders',
      color: 'red',
      dialog: BulkCancelAndRefundOrdersDialog,
      mutation: {
        endpoint: 'ordersBulkCancel',
        body: (keys, input) => ({ ordersIds: ids(keys), cancelReason: input.cancelReason, cancelDescription: input.cancelDescription, returnMoney: input.returnMoney, sendEmailNotification: input.sendEmailNotification }),
      },
      results: bulkResults,
    }),
    {
      id: 'complete',
      label: 'Complete',
      past: 'completed',
      flag: 'completable',
      permission: 'manageOrders',
      confirm: { text: (rows) => `Complete ${rows.length} orders?`, undoable: false },
      mutation: { endpoint: 'ordersBulkComplete', body: (keys) => ({ ordersIds: ids(keys) }) },
      results: bulkResults,
    },
    {
      id: 'activate',
      label: 'Activate',
      past: 'activated',
      flag: 'activable',
      permission: 'manageOrders',
      confirm: { text: (rows) => `Activate ${rows.length} orders?`, undoable: true },
      mutation: { endpoint: 'ordersBulkActivate', body: (keys) => ({ ordersIds: ids(keys) }) },
      results: bulkResults,
    },
    {
      id: 'pause',
      label: 'Pause',
      past: 'paused',
      flag: 'pausable',
      permission: 'manageOrders',
      confirm: { text: (rows) => `Pause ${rows.length} orders?`, undoable: true },
      mutation: { endpoint: 'ordersBulkPause', body: (keys) => ({ ordersIds: ids(keys) }) },
      results: bulkResults,
    },
    defineBulkAction<OrderRow, ChangeProviderInput>({
      id: 'change-provider',
      label: 'Change provider',
      flag: 'editable',
      permission: 'manageOrders',
      dialog: BulkChangeProviderDialog,
      mutation: { endpoint: 'ordersChangeProvider', body: (keys, input) => ({ orderIds: ids(keys), providerId: input.providerId }) },
      results: bulkResults,
    }),
  ],
});
