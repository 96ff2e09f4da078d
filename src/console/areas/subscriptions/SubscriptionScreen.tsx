import { detailFallback } from '../../ui/DetailFallback';
import { UserLink } from '../../table/cells';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BILLING_TYPE_LABELS, SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_TYPE_LABELS } from '../../../contract/subscriptions';
import { api } from '../../api/client';
import { detailKeyPrefix } from '../../list/listQuery';
import { DateTime } from '../../ui/DateTime';
import { SmallTable } from '../../ui/SmallTable';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { SubscriptionServices, subscriptionsResource } from './resource';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { Field } from '../../ui/Field';
import { RecordActions } from '../../actions/RecordActions';
import { RecordHeader } from '../../ui/RecordHeader';

/** One subscription (/subscriptions/:id): fields, services, contents, cancel. */

export const subscriptionDetailQuery = (subscriptionId: number) =>
  queryOptions({
    queryKey: [...detailKeyPrefix(subscriptionsResource.name), subscriptionId] as const,
    queryFn: ({ signal }) => api('subscriptionsShow', { params: { subscriptionId }, signal }),
  });

export function SubscriptionScreen({ id: subscriptionId }: RecordScreenProps) {
  const query = useQuery(subscriptionDetailQuery(subscriptionId));
  const fallback = detailFallback(query, { loading: 'Loading subscription', title: `Subscription ${subscriptionId}` });
  if (fallback || !query.data) return fallback;
  const s = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/subscriptions', label: 'Subscriptions' }}
        title={`Subscription ${s.id}`}
        status={<StatusLabel value={s.status} text={SUBSCRIPTION_STATUS_LABELS[s.status]} />}
        actions={<RecordActions resource={subscriptionsResource} row={s} label="Subscription actions" />}
      />
      <Card withBorder component="section" aria-label="Subscription details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label="Name">{s.name}</Field>
          <Field label="URL">
            <Anchor href={s.url} target="_blank" rel="noreferrer noopener" size="sm" style={{ wordBreak: 'break-all' }}>
              {s.url}
            </Anchor>
          </Field>
          <Field label="Type">{SUBSCRIPTION_TYPE_LABELS[s.type]}</Field>
          <Field label="User">
            <UserLink user={s.user} />
          </Field>
          <Field label="Billing">{BILLING_TYPE_LABELS[s.billingType]}</Field>
          <Field label="Contents">
            {formatNumber(s.subscriptionContentsCount)} of {formatNumber(s.contentsLimit)}
          </Field>
          <Field label="Recurring payment methods">{s.recurringPaymentMethods.map((m) => m.name).join(', ') || '—'}</Field>
          <Field label="Created">
            <DateTime value={s.createdAt} />
          </Field>
          <Field label="Expires">
            <DateTime value={s.expiredAt} />
          </Field>
          <Field label="Completed">
            <DateTime value={s.completedAt} />
          </Field>
          <Field label="Canceled">
            <DateTime value={s.canceledAt} />
          </Field>
          <Field label="Updated">
            <DateTime value={s.updatedAt} />
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder component="section" aria-label="Services">
        <Title order={3} size="h5" mb="sm">
          Services
        </Title>
        <SubscriptionServices row={s} />
      </Card>
      <Card withBorder component="section" aria-label="Contents">
        <Title order={3} size="h5" mb="sm">
          Contents
        </Title>
        {s.subscriptionContents.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contents served yet
          </Text>
        ) : (
          <SmallTable
            striped
            label="Subscription contents"
            rows={s.subscriptionContents}
            rowKey={(c) => c.id}
            columns={[
              { header: 'Content', render: (c) => c.url, cellProps: () => ({ style: { wordBreak: 'break-all' } }) },
              {
                header: 'Orders',
                render: (c) => (
                  <Group gap={4}>
                    {c.ordersIds.map((id) => (
                      <Anchor key={id} component={Link} to={`/orders/${id}`} size="xs">
                        #{id}
                      </Anchor>
                    ))}
                  </Group>
                ),
              },
              { header: 'Served', render: (c) => <DateTime value={c.createdAt} /> },
            ]}
          />
        )}
        <Anchor component={Link} to={`/orders?sourceType=subscription&sourceId=${s.id}&status=`} size="sm" mt="sm">
          All orders of this subscription
        </Anchor>
      </Card>
      <RecordHistory type="subscription" id={s.id} />
    </Stack>
  );
}
