import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  BALANCE_TYPE_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICES_TABLE,
  PAYMENT_METHOD_STATUS_LABELS,
  PAYMENT_METHOD_TYPES,
  PAYMENT_METHODS_TABLE,
  TRANSACTION_KIND_LABELS,
  TRANSACTIONS_TABLE,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWALS_TABLE,
} from '../../../contract/finance/columns';
import type { InvoiceRow, MarkInvoicePaidResult, PaymentMethodBody, PaymentMethodRow, TransactionRow, WithdrawalRow } from '../../../contract/finance';
import { INVOICE_ACTIONS, PAYMENT_METHOD_ACTIONS, WITHDRAWAL_ACTIONS } from '../../../contract/finance/actions';
import { createAction, editAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { defineCollectionAction, defineRowAction } from '../../resource/actions';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatMoney, percentText } from '../../ui/format';

/**
 * The finance lists: invoices, withdrawals, transactions and payment methods.
 * Payment-method columns of the first three need viewPaymentMethods (the contract's column tables
 * say so); every action carries its endpoint's permission and the row's flag, and its facts are the
 * contract's finance action tables.
 */

export const methodTypeLabels: Readonly<Record<string, string>> = Object.fromEntries(PAYMENT_METHOD_TYPES.map((t) => [t.type, t.label]));

/** An invoice's status in the tones of the one status label: pending waits for money, expired is dead. */
export function InvoiceStatusLabel({ invoice }: { invoice: Pick<InvoiceRow, 'status'> }) {
  const tone = invoice.status === 'pending' ? 'unpaid' : invoice.status === 'expired' ? 'canceled' : 'paid';
  return <StatusLabel value={tone} text={INVOICE_STATUS_LABELS[invoice.status]} />;
}

const dialogs = {
  markPaid: lazyDialog(() => import('./MarkInvoicePaidDialog').then((m) => m.MarkInvoicePaidDialog)),
  reject: lazyDialog(() => import('./WithdrawalDialogs').then((m) => m.RejectWithdrawalDialog)),
  pay: lazyDialog(() => import('./WithdrawalDialogs').then((m) => m.PayWithdrawalDialog)),
  method: lazyDialog(() => import('./PaymentMethodDialog').then((m) => m.PaymentMethodDialog)),
  sort: lazyDialog(() => import('./SortMethodsDialog').then((m) => m.SortMethodsDialog)),
};

export const invoicesResource = defineResource({
  name: 'invoices',
  path: '/invoices',
  title: 'Invoices',
  nouns: ['invoice', 'invoices', 'inv'],
  endpoint: 'invoicesTable',
  table: INVOICES_TABLE,
  state: (i: InvoiceRow) => i.status,
  open: (i) => `/invoices/${i.id}`,
  subtitle: (i) => `${i.user.email} · ${INVOICE_STATUS_LABELS[i.status].toLowerCase()}`,
  queries: { userId: { label: 'User id' } },
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 90, render: (i) => <AppLink to={`/invoices/${i.id}`}>{i.id}</AppLink> },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: INVOICE_STATUS_LABELS },
      render: (i) => <InvoiceStatusLabel invoice={i} />,
    },
    { key: 'user.email', header: 'User', render: (i) => <UserLink user={i.user} /> },
    { key: 'paymentMethod.name', header: 'Payment method', filterUi: { placeholder: 'Method id' }, render: (i) => i.paymentMethod?.name ?? <Dash /> },
    {
      key: 'paymentMethod.type',
      header: 'Method type',
      visible: false,
      filterUi: { labels: methodTypeLabels },
      render: (i) => (i.paymentMethod ? (methodTypeLabels[i.paymentMethod.type] ?? i.paymentMethod.type) : <Dash />),
    },
    { key: 'amount', header: 'Amount', align: 'right', filterUi: { decimals: 2 }, render: (i) => <CostLabel value={i.amount} /> },
    { key: 'shortName', header: 'Short name', visible: false },
    { key: 'paidAt', header: 'Paid', render: (i) => (i.paidAt ? <DateTime value={i.paidAt} /> : <Dash />) },
    { key: 'createdAt', header: 'Created', render: (i) => <DateTime value={i.createdAt} /> },
  ],
  rowActions: [
    defineRowAction<InvoiceRow, { amount: string }>({
      id: 'markAsPaid',
      label: INVOICE_ACTIONS.markAsPaid.label,
      past: INVOICE_ACTIONS.markAsPaid.past,
      aliases: ['pay', 'paid'],
      flag: INVOICE_ACTIONS.markAsPaid.flag,
      shortcut: 'p',
      dialog: dialogs.markPaid,
      mutation: { endpoint: 'invoicesMarkAsPaid', params: (i) => ({ id: i.id }), body: (_i, input) => input },
      success: (i, answer) => {
        const paid = answer as Partial<MarkInvoicePaidResult> | undefined;
        return paid?.credited !== undefined && paid.balance !== undefined
          ? `Invoice ${i.id} marked as paid: ${formatMoney(paid.credited)} credited${paid.bonus && Number(paid.bonus) > 0 ? ` (bonus ${formatMoney(paid.bonus)})` : ''}; ${i.user.email} now has ${formatMoney(paid.balance)}.`
          : `Invoice ${i.id} marked as paid.`;
      },
      invalidates: ['transactions', 'users'],
    }),
  ],
});

export const withdrawalsResource = defineResource({
  name: 'withdrawals',
  path: '/withdrawal',
  title: 'Withdrawals',
  nouns: ['withdrawal', 'withdrawals', 'wd'],
  endpoint: 'withdrawalsTable',
  table: WITHDRAWALS_TABLE,
  state: (w: WithdrawalRow) => w.status,
  open: (w) => `/withdrawal/${w.id}`,
  subtitle: (w) => `${w.user.email} · ${WITHDRAWAL_STATUS_LABELS[w.status].toLowerCase()}`,
  queries: { userId: { label: 'User id' } },
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 90, render: (w) => <AppLink to={`/withdrawal/${w.id}`}>{w.id}</AppLink> },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: WITHDRAWAL_STATUS_LABELS },
      render: (w) => <StatusLabel value={w.status} text={WITHDRAWAL_STATUS_LABELS[w.status]} />,
    },
    { key: 'user.email', header: 'User', render: (w) => <UserLink user={w.user} /> },
    { key: 'accountNumber', header: 'Account number', visible: false },
    { key: 'userComment', header: 'User comment', visible: false, render: (w) => w.userComment ?? <Dash /> },
    { key: 'withdrawalMethod.name', header: 'Withdrawal method', filterUi: { placeholder: 'Method id' }, render: (w) => w.withdrawalMethod?.name ?? <Dash /> },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      filterUi: { decimals: 2 },
      render: (w) => (
        <span title={`Fee ${formatMoney(w.fee)}`}>
          <CostLabel value={w.amount} />
        </span>
      ),
    },
    { key: 'createdAt', header: 'Created', render: (w) => <DateTime value={w.createdAt} /> },
    { key: 'adminNote', header: 'Admin note', visible: false, render: (w) => w.adminNote ?? <Dash /> },
    { key: 'transactionId', header: 'Transaction id', visible: false, render: (w) => w.transactionId ?? <Dash /> },
  ],
  defaultFilters: { status: ['pending', 'approved'] },
  rowActions: [
    {
      id: 'approve',
      label: WITHDRAWAL_ACTIONS.approve.label,
      past: WITHDRAWAL_ACTIONS.approve.past,
      flag: WITHDRAWAL_ACTIONS.approve.flag,
      shortcut: 'a',
      mutation: { endpoint: 'withdrawalsApprove', params: (w: WithdrawalRow) => ({ withdrawalId: w.id }) },
    },
    defineRowAction<WithdrawalRow, { admin_note: string }>({
      id: 'reject',
      label: WITHDRAWAL_ACTIONS.reject.label,
      past: WITHDRAWAL_ACTIONS.reject.past,
      flag: WITHDRAWAL_ACTIONS.reject.flag,
      color: 'red',
      shortcut: 'r',
      dialog: dialogs.reject,
      mutation: { endpoint: 'withdrawalsReject', params: (w) => ({ withdrawalId: w.id }), body: (_w, input) => input },
      success: (w) => `Withdrawal ${w.id} rejected: ${formatMoney(w.amount)} went back to ${w.user.email}'s balance.`,
      invalidates: ['transactions', 'users'],
    }),
    defineRowAction<WithdrawalRow, { transaction_id: string }>({
      id: 'markAsPaid',
      label: WITHDRAWAL_ACTIONS.markAsPaid.label,
      past: WITHDRAWAL_ACTIONS.markAsPaid.past,
      aliases: ['pay', 'paid'],
      flag: WITHDRAWAL_ACTIONS.markAsPaid.flag,
      shortcut: 'p',
      dialog: dialogs.pay,
      mutation: { endpoint: 'withdrawalsMarkAsPaid', params: (w) => ({ withdrawalId: w.id }), body: (_w, input) => input },
      success: (w) => `Withdrawal ${w.id} marked as paid: ${formatMoney(w.amount)} paid out to ${w.user.email}, no longer held.`,
      invalidates: ['transactions', 'users'],
    }),
  ],
});

/** A transaction's signed amount: credits green with '+', debits red with '−'. */
export function Amount({ value }: { value: string }) {
  const negative = value.startsWith('-');
  return (
    // Shade 9 reads at 4.5:1 or better on white; the dark theme's lighter shades do on dark.
    <Text component="span" size="sm" c={negative ? 'var(--panel-money-negative)' : 'var(--panel-money-positive)'} ff="monospace">
      {negative ? '−' : '+'}
      <CostLabel value={negative ? value.slice(1) : value} />
    </Text>
  );
}

export const transactionsResource = defineResource({
  name: 'transactions',
  path: '/transactions',
  title: 'Transactions',
  nouns: ['transaction', 'transactions', 'payment', 'payments', 'tx'],
  endpoint: 'paymentsTable',
  table: TRANSACTIONS_TABLE,
  open: (r) => `/transactions/${r.id}`,
  subtitle: (r) => `${r.user.email} · ${TRANSACTION_KIND_LABELS[r.transactionType] ?? r.transactionType}`,
  queries: { userId: { label: 'User id' } },
  columns: [
    { key: 'id', header: 'ID', hideable: false, width: 100, render: (r) => <AppLink to={`/transactions/${r.id}`}>{r.id}</AppLink> },
    { key: 'user.email', header: 'User', render: (r: TransactionRow) => <UserLink user={r.user} /> },
    { key: 'type', header: 'Balance', filterUi: { labels: BALANCE_TYPE_LABELS }, render: (r) => BALANCE_TYPE_LABELS[r.type] },
    {
      key: 'transactionType',
      header: 'Type',
      filterUi: { labels: TRANSACTION_KIND_LABELS },
      render: (r) => TRANSACTION_KIND_LABELS[r.transactionType] ?? r.transactionType,
    },
    { key: 'comment', header: 'Comment', visible: false, render: (r) => r.comment ?? <Dash /> },
    {
      key: 'paymentMethod.type',
      header: 'Payment method',
      filterUi: { labels: methodTypeLabels },
      render: (r) => (r.paymentMethod ? r.paymentMethod.name : <Dash />),
    },
    {
      key: 'orderId',
      header: 'Order',
      filterUi: { placeholder: 'Order id' },
      render: (r) =>
        r.orderId ? (
          <Anchor component={Link} to={`/orders/${r.orderId}`} size="sm">
            #{r.orderId}
          </Anchor>
        ) : (
          <Dash />
        ),
    },
    { key: 'amount', header: 'Amount', align: 'right', filterUi: { decimals: 2 }, render: (r) => <Amount value={r.amount} /> },
    { key: 'createdAt', header: 'Created', render: (r) => <DateTime value={r.createdAt} /> },
  ],
});

type MethodInput = PaymentMethodBody;

export const paymentMethodsResource = defineResource({
  name: 'payment-methods',
  path: '/payment-methods',
  title: 'Payment methods',
  nouns: ['payment method', 'payment methods', 'method', 'pm'],
  endpoint: 'paymentMethodsTable',
  table: PAYMENT_METHODS_TABLE,
  defaultSort: { key: 'position', desc: false },
  describe: (m: PaymentMethodRow) => `payment method ${m.name}`,
  state: (m) => m.status,
  columns: [
    { key: 'id', header: 'ID', width: 80 },
    { key: 'position', header: '#', width: 60 },
    { key: 'icon', header: 'Icon', visible: false, render: (m) => m.icon ?? <Dash /> },
    { key: 'name', header: 'Name', hideable: false },
    { key: 'type', header: 'Type', filterUi: { labels: methodTypeLabels }, render: (m) => methodTypeLabels[m.type] ?? m.type },
    {
      key: 'status',
      header: 'Status',
      filterUi: { labels: PAYMENT_METHOD_STATUS_LABELS },
      render: (m) => <StatusLabel value={m.status === 'enabled' ? 'active' : 'disabled'} text={PAYMENT_METHOD_STATUS_LABELS[m.status]} />,
    },
    {
      key: 'minAmount',
      header: 'Min',
      align: 'right',
      render: (m) => (m.minAmount ? <CostLabel value={m.minAmount} currency={m.chargeCurrency} /> : <Dash />),
    },
    {
      key: 'maxAmount',
      header: 'Max',
      align: 'right',
      render: (m) => (m.maxAmount ? <CostLabel value={m.maxAmount} currency={m.chargeCurrency} /> : <Dash />),
    },
    { key: 'feePercent', header: 'Fee', align: 'right', render: (m) => percentText(m.feePercent) },
    { key: 'chargeCurrency', header: 'Currency' },
    { key: 'isAllowedForNewUser', header: 'New users', visible: false },
    {
      key: 'paymentMethodBonuses',
      header: 'Bonuses',
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/payment-method-bonuses/${m.id}`} size="sm">
            {m.paymentMethodBonuses.length ? `${m.paymentMethodBonuses.length} bonus${m.paymentMethodBonuses.length === 1 ? '' : 'es'}` : 'Add bonus'}
          </Anchor>
        </Group>
      ),
    },
  ],
  rowActions: [
    editAction<PaymentMethodRow, 'paymentMethodsUpdate', MethodInput>({
      endpoint: 'paymentMethodsUpdate',
      flag: 'editable',
      params: (m) => ({ paymentMethodId: m.id }),
      dialog: dialogs.method,
      body: (_m, input) => input,
    }),
    {
      id: 'enable',
      label: PAYMENT_METHOD_ACTIONS.enable.label,
      past: PAYMENT_METHOD_ACTIONS.enable.past,
      flag: PAYMENT_METHOD_ACTIONS.enable.flag,
      hidden: (m: PaymentMethodRow) => !PAYMENT_METHOD_ACTIONS.enable.from.includes(m.status),
      mutation: { endpoint: 'paymentMethodsEnable', params: (m: PaymentMethodRow) => ({ paymentMethodId: m.id }) },
    },
    {
      id: 'disable',
      label: PAYMENT_METHOD_ACTIONS.disable.label,
      past: PAYMENT_METHOD_ACTIONS.disable.past,
      flag: PAYMENT_METHOD_ACTIONS.disable.flag,
      color: 'yellow',
      hidden: (m: PaymentMethodRow) => !PAYMENT_METHOD_ACTIONS.disable.from.includes(m.status),
      mutation: { endpoint: 'paymentMethodsDisable', params: (m: PaymentMethodRow) => ({ paymentMethodId: m.id }) },
    },
  ],
  collectionActions: [
    createAction<'paymentMethodsStore', MethodInput>({
      noun: 'payment method',
      endpoint: 'paymentMethodsStore',
      dialog: dialogs.method,
      body: (input) => input,
    }),
    defineCollectionAction<{ ids: number[] }>({
      id: 'sort',
      label: 'Edit positions',
      aliases: ['sort', 'reorder', 'positions'],
      shortcut: 's',
      dialog: dialogs.sort,
      mutation: { endpoint: 'paymentMethodsSort', body: (input) => input },
      success: 'Positions saved.',
    }),
  ],
});
