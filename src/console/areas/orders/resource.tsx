import { ORDERS_TABLE } from '../../../contract/orders/columns';
import { SOURCE_TYPE_LABELS } from './labels';
import type { OrderCancelResult, OrderRow } from '../../../contract/orders';
import { ORDER_ACTIONS, type OrderAction } from '../../../contract/orders/actions';
import { defineBulkAction, defineRowAction, type RowKey } from '../../resource/actions';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatMoney, formatNumber } from '../../ui/format';
import { lazyDialog } from '../../actions/lazyDialog';
import type { CancelOrderInput } from './CancelOrderDialog';
import type { ChangeProviderInput } from './ChangeProviderDialog';
import type { EditCountsInput, SetPartialInput } from './FixOrderDialogs';

// Dialogs load when first opened (their own chunks).
const cancelDialogs = () => import('./CancelOrderDialog');
const providerDialogs = () => import('./ChangeProviderDialog');
const fixDialogs = () => import('./FixOrderDialogs');
import { Dash, UserLink } from '../../table/cells';
import { Percent } from '../../ui/Percent';
import { PriceModifications, SourceCell, UrlCell } from './cells';

/** The orders list as one declaration: table, row menu, bulk bar, palette, shortcuts. */

const ids = (keys: RowKey[]) => keys.map(Number);

const state = (o: OrderRow) => o.status.replace(/_/g, ' ');

/**
 * What an action's one-order and many-orders forms share: its name (the palette's verb), label,
 * verb and flag, from the contract's order action table (the server's rules read it too).
 */
const fromTable = (id: string, action: OrderAction) => {
  const { label, past, flag } = ORDER_ACTIONS[action];
  return { id, label, past, flag };
};
const ACTIONS = {
  approve: fromTable('approve', 'approve'),
  activate: fromTable('activate', 'activate'),
  pause: fromTable('pause', 'pause'),
  reject: { ...fromTable('reject', 'reject'), color: 'red' },
  complete: fromTable('complete', 'complete'),
  cancel: { ...fromTable('cancel', 'cancel'), color: 'red' },
  cancelAndReturnMoney: { ...fromTable('cancel-and-return-money', 'cancel'), label: 'Cancel and return money', color: 'red', aliases: ['refund'] },
  changeProvider: { id: 'change-provider', label: 'Change provider', flag: ORDER_ACTIONS.edit.flag },
  setPartial: { ...fromTable('set-partial', 'setPartial'), color: 'orange', aliases: ['partial'] },
  editCounts: { ...fromTable('edit-counts', 'editCounts'), aliases: ['edit remains', 'edit start count'] },
} as const;

/** What a set partial moved: the refund of the undelivered share, when there was one. */
function partialNotice(o: OrderRow, answer: unknown): string {
  const refunded = (answer as Partial<OrderCancelResult> | undefined)?.refunded;
  return refunded !== undefined && /[1-9]/.test(refunded)
    ? `Order ${o.id} set partial: ${formatMoney(refunded)} went back to ${o.user ? `${o.user.email}'s` : 'the customer’s'} balance.`
    : `Order ${o.id} set partial, nothing refunded.`;
}

/** What a cancel moved: the refund to the customer's balance, when there was one. */
function cancelNotice(o: OrderRow, answer: unknown): string {
  const refunded = (answer as Partial<OrderCancelResult> | undefined)?.refunded;
  return refunded !== undefined && /[1-9]/.test(refunded)
    ? `Order ${o.id} canceled: ${formatMoney(refunded)} went back to ${o.user ? `${o.user.email}'s` : 'the customer’s'} balance.`
    : `Order ${o.id} canceled${refunded !== undefined ? ', nothing refunded' : ''}.`;
}

/** The bulk cancel request: the cancel dialog's fields for every selected order. */
const bulkCancelBody = (keys: RowKey[], input: CancelOrderInput) => ({
  ordersIds: ids(keys),
  cancelReason: input.cancelReason,
  cancelDescription: input.cancelDescription,
  returnMoney: input.returnMoney,
  sendEmailNotification: input.sendEmailNotification,
});

export const ordersResource = defineResource({
  name: 'orders',
  title: 'Orders',
  nouns: ['order', 'orders', 'o'],
  endpoint: 'ordersTable',
  table: ORDERS_TABLE,
  state,
  open: (o) => `/orders/${o.id}`,
  path: '/orders',
  lookup: { search: true },
  subtitle: (o) => [o.service?.name, o.user?.email, state(o)].filter(Boolean).join(' · '),
  searchPlaceholder: 'Search by id, url or e-mail',
  columns: [
    { key: 'id', header: 'ID', filterUi: { placeholder: 'Order id' }, hideable: false },
    {
      key: 'status',
      header: 'Status',
      render: (o) => <StatusLabel value={o.status} />,
    },
    { key: 'createdAt', header: 'Created', render: (o) => <DateTime value={o.createdAt} /> },
    { key: 'completedAt', header: 'Completed', visible: false, render: (o) => <DateTime value={o.completedAt} /> },
    { key: 'name', header: 'Name', visible: false },
    {
      key: 'service.name',
      header: 'Service',
      filterUi: { placeholder: 'Service id' },
      render: (o) => (o.service ? o.service.name : <Dash />),
    },
    { key: 'price', header: 'Price', align: 'right', visible: false, render: (o) => <CostLabel value={o.price} /> },
    { key: 'cost', header: 'Cost', visible: false, align: 'right', render: (o) => <CostLabel value={o.cost} /> },
    { key: 'revenue', header: 'Revenue', visible: false, align: 'right', render: (o) => <CostLabel value={o.revenue} /> },
    { key: 'marginPercent', header: 'Margin', visible: false, align: 'right', render: (o) => <Percent percent={o.marginPercent} decimals={2} /> },
    {
      key: 'user.email',
      header: 'User',
      filterUi: { placeholder: 'E-mail or user id' },
      render: (o) => <UserLink user={o.user} />,
    },
    { key: 'url', header: 'URL', width: 150, render: (o) => <UrlCell url={o.url} /> },
    { key: 'quantity', header: 'Quantity', align: 'right', render: (o) => formatNumber(o.quantity) },
    {
      key: 'currentQuantity',
      header: 'Delivered',
      align: 'right',
      visible: false,
      render: (o) => formatNumber(o.currentQuantity),
    },
    {
      key: 'percentOfExternalStatisticsFill',
      header: 'Statistics fill',
      align: 'right',
      visible: false,
      render: (o) => <Percent percent={o.percentOfExternalStatisticsFill} decimals={2} />,
    },
    {
      key: 'hasNoActiveProviders',
      header: 'No active providers',
      visible: false,
      filterUi: { trueLabel: 'No providers', falseLabel: 'Has providers' },
      render: (o) => (o.hasNoActiveProviders ? <StatusLabel value="error" text="No providers" /> : 'No'),
    },
    { key: 'isPaid', header: 'Paid', visible: false, render: (o) => <StatusLabel value={o.isPaid ? 'paid' : 'unpaid'} /> },
    {
      key: 'refundAmount',
      header: 'Refunded',
      align: 'right',
      visible: false,
      render: (o) => <CostLabel value={o.refundAmount} />,
    },
    {
      key: 'source',
      header: 'Source',
      visible: false,
      render: (o) => <SourceCell source={o.source} sourceType={o.sourceType} sourceId={o.sourceId} />,
    },
    { key: 'priceModifications', header: 'Price modifications', visible: false, render: (o) => <PriceModifications items={o.priceModifications} /> },
  ],
  defaultFilters: { status: ['in_processing'] },
  queries: {
    sourceType: { label: 'Source type', filterUi: { labels: SOURCE_TYPE_LABELS } },
    sourceId: { label: 'Source id' },
    userId: { label: 'User id' },
  },
  rowActions: [
    {
      ...ACTIONS.approve,
      shortcut: 'a',
      confirm: { text: (o) => `Approve order ${o.id}?`, undoable: false },
      mutation: { endpoint: 'ordersApprove', body: (o) => ({ orderId: o.id }) },
    },
    {
      ...ACTIONS.activate,
      confirm: { text: (o) => `Activate order ${o.id}?`, undoable: true, undo: 'pause' },
      mutation: { endpoint: 'ordersActivate', body: (o) => ({ orderId: o.id }) },
    },
    {
      ...ACTIONS.pause,
      shortcut: 'p',
      confirm: { text: (o) => `Pause order ${o.id}?`, undoable: true, undo: 'activate' },
      mutation: { endpoint: 'ordersPause', body: (o) => ({ orderId: o.id }) },
    },
    {
      ...ACTIONS.reject,
      shortcut: 'r',
      confirm: { text: (o) => `Reject order ${o.id}? What was paid goes back to the customer.`, undoable: false },
      mutation: { endpoint: 'ordersReject', body: (o) => ({ orderId: o.id }) },
    },
    {
      ...ACTIONS.complete,
      shortcut: 'c',
      confirm: { text: (o) => `Complete order ${o.id}?`, undoable: false },
      mutation: { endpoint: 'ordersComplete', body: (o) => ({ orderId: o.id }) },
    },
    defineRowAction<OrderRow, CancelOrderInput>({
      ...ACTIONS.cancel,
      dialog: lazyDialog(() => cancelDialogs().then((m) => m.CancelOrderDialog)),
      mutation: { endpoint: 'ordersCancel', body: (o, input) => ({ orderId: o.id, ...input }) },
      success: cancelNotice,
    }),
    defineRowAction<OrderRow, CancelOrderInput>({
      ...ACTIONS.cancelAndReturnMoney,
      dialog: lazyDialog(() => cancelDialogs().then((m) => m.CancelAndRefundOrderDialog)),
      mutation: { endpoint: 'ordersCancel', body: (o, input) => ({ orderId: o.id, ...input }) },
      success: cancelNotice,
    }),
    defineRowAction<OrderRow, ChangeProviderInput>({
      ...ACTIONS.changeProvider,
      dialog: lazyDialog(() => providerDialogs().then((m) => m.ChangeProviderDialog)),
      mutation: {
        endpoint: 'ordersChangeProvider',
        body: (o, input) => ({ orderIds: [o.id], providerId: input.providerId, quantity: input.quantity }),
      },
      success: (o) => `Order ${o.id} was sent to the new provider.`,
    }),
    defineRowAction<OrderRow, SetPartialInput>({
      ...ACTIONS.setPartial,
      dialog: lazyDialog(() => fixDialogs().then((m) => m.SetPartialDialog)),
      mutation: { endpoint: 'ordersSetPartial', body: (o, input) => ({ orderId: o.id, remains: input.remains }) },
      success: partialNotice,
    }),
    defineRowAction<OrderRow, EditCountsInput>({
      ...ACTIONS.editCounts,
      dialog: lazyDialog(() => fixDialogs().then((m) => m.EditCountsDialog)),
      mutation: { endpoint: 'ordersEditCounts', body: (o, input) => ({ orderId: o.id, startCount: input.startCount, remains: input.remains }) },
      success: (o) => `Order ${o.id}: start count and remains saved.`,
    }),
  ],
  bulkActions: [
    defineBulkAction<OrderRow, CancelOrderInput>({
      ...ACTIONS.cancel,
      dialog: lazyDialog(() => cancelDialogs().then((m) => m.BulkCancelOrdersDialog)),
      mutation: { endpoint: 'ordersBulkCancel', body: bulkCancelBody },
    }),
    defineBulkAction<OrderRow, CancelOrderInput>({
      ...ACTIONS.cancelAndReturnMoney,
      dialog: lazyDialog(() => cancelDialogs().then((m) => m.BulkCancelAndRefundOrdersDialog)),
      mutation: { endpoint: 'ordersBulkCancel', body: bulkCancelBody },
    }),
    {
      ...ACTIONS.complete,
      confirm: { text: (rows) => `Complete ${rows.length} orders?`, undoable: false },
      mutation: { endpoint: 'ordersBulkComplete', body: (keys) => ({ ordersIds: ids(keys) }) },
    },
    {
      ...ACTIONS.activate,
      confirm: { text: (rows) => `Activate ${rows.length} orders?`, undoable: true, undo: 'pause' },
      mutation: { endpoint: 'ordersBulkActivate', body: (keys) => ({ ordersIds: ids(keys) }) },
    },
    {
      ...ACTIONS.pause,
      confirm: { text: (rows) => `Pause ${rows.length} orders?`, undoable: true, undo: 'activate' },
      mutation: { endpoint: 'ordersBulkPause', body: (keys) => ({ ordersIds: ids(keys) }) },
    },
    defineBulkAction<OrderRow, ChangeProviderInput>({
      ...ACTIONS.changeProvider,
      dialog: lazyDialog(() => providerDialogs().then((m) => m.BulkChangeProviderDialog)),
      mutation: { endpoint: 'ordersChangeProvider', body: (keys, input) => ({ orderIds: ids(keys), providerId: input.providerId }) },
    }),
  ],
});
