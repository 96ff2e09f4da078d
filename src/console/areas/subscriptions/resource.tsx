import { UserLink } from '../../table/cells';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BILLING_TYPE_LABELS, SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_TYPE_LABELS, SUBSCRIPTIONS_TABLE } from '../../../contract/subscriptions/columns';
import type { SubscriptionRow } from '../../../contract/subscriptions';
import { SUBSCRIPTION_ACTIONS } from '../../../contract/subscriptions/actions';
import { defineResource } from '../../resource/resource';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { useBillingTypeOptions, useSubscriptionStatusOptions, useSubscriptionTypeOptions } from './collections';

/** Subscriptions: cancel when cancelable, not undoable. */

export function SubscriptionServices({ row }: { row: Pick<SubscriptionRow, 'subscriptionServices'> }) {
  if (row.subscriptionServices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {row.subscriptionServices.map((s) => (
        <Text key={s.id} size="sm">
          {s.service.name} × {formatNumber(s.quantity)} · <CostLabel value={s.cost} />
          {s.countries.length > 0 ? ` · ${s.countries.join(', ')}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

export const subscriptionsResource = defineResource({
  name: 'subscriptions',
  title: 'Subscriptions',
  nouns: ['subscription', 'subscriptions', 'sub', 's'],
  endpoint: 'subscriptionsTable',
  table: SUBSCRIPTIONS_TABLE,
  state: (s) => SUBSCRIPTION_STATUS_LABELS[s.status].toLowerCase(),
  open: (s) => `/subscriptions/${s.id}`,
  path: '/subscriptions',
  columns: [
    {
      key: 'id',
      header: 'ID',
      hideable: false,
      render: (s) => (
        <Anchor component={Link} to={`/subscriptions/${s.id}`} size="sm">
          {s.id}
        </Anchor>
      ),
    },
    { key: 'name', header: 'Name' },
    {
      key: 'url',
      header: 'URL',
      width: 150,
      render: (s) => (
        <Anchor href={s.url} target="_blank" rel="noreferrer noopener" size="sm">
          {s.url}
        </Anchor>
      ),
    },
    { key: 'type', visible: false, header: 'Type', filterUi: { useOptions: useSubscriptionTypeOptions }, render: (s) => SUBSCRIPTION_TYPE_LABELS[s.type] },
    {
      key: 'status',
      header: 'Status',
      filterUi: { useOptions: useSubscriptionStatusOptions },
      render: (s) => <StatusLabel value={s.status} text={SUBSCRIPTION_STATUS_LABELS[s.status]} />,
    },
    {
      key: 'user.email',
      header: 'User',
      render: (s) => <UserLink user={s.user} />,
    },
    { key: 'contentsLimit', visible: false, header: 'Contents limit', align: 'right', render: (s) => formatNumber(s.contentsLimit) },
    {
      key: 'subscriptionContentsCount',
      visible: false,
      header: 'Contents served',
      align: 'right',
      render: (s) => formatNumber(s.subscriptionContentsCount),
    },
    {
      key: 'subscriptionServices',
      visible: false,
      header: 'Services',
      filterUi: { placeholder: 'Service id' },
      render: (s) => <SubscriptionServices row={s} />,
    },
    {
      key: 'subscriptionContents',
      header: 'Latest contents',
      visible: false,
      render: (s) => s.subscriptionContents.map((c) => c.url).join(', ') || '—',
    },
    {
      key: 'recurringPaymentMethods',
      header: 'Recurring payment methods',
      visible: false,
      render: (s) => s.recurringPaymentMethods.map((m) => m.name).join(', ') || '—',
    },
    {
      key: 'billingType',
      visible: false,
      header: 'Billing',
      filterUi: { useOptions: useBillingTypeOptions },
      render: (s) => BILLING_TYPE_LABELS[s.billingType],
    },
    { key: 'expiredAt', header: 'Expires', render: (s) => <DateTime value={s.expiredAt} /> },
    { key: 'createdAt', visible: false, header: 'Created', render: (s) => <DateTime value={s.createdAt} /> },
    { key: 'completedAt', header: 'Completed', visible: false, render: (s) => <DateTime value={s.completedAt} /> },
  ],
  rowActions: [
    {
      id: 'cancel',
      label: SUBSCRIPTION_ACTIONS.cancel.label,
      past: SUBSCRIPTION_ACTIONS.cancel.past,
      flag: SUBSCRIPTION_ACTIONS.cancel.flag,
      color: 'red',
      confirm: { text: (s) => `Cancel subscription ${s.id}? No new contents will be served.`, undoable: false },
      mutation: { endpoint: 'subscriptionsCancel', params: (s) => ({ subscriptionId: s.id }) },
    },
  ],
});
