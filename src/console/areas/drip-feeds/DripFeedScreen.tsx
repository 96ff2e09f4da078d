import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DRIP_FEED_STATUS_LABELS } from '../../../contract/drip-feeds/columns';
import type { DripFeedDetail } from '../../../contract/drip-feeds';
import { RecordActions } from '../../actions/RecordActions';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { detailKeyPrefix } from '../../list/listQuery';
import type { RecordScreenProps } from '../../resource/area';
import { AppLink, UserLink } from '../../table/cells';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { Field } from '../../ui/Field';
import { RecordHeader } from '../../ui/RecordHeader';
import { SmallTable } from '../../ui/SmallTable';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { formatRunInterval } from './interval';
import { dripFeedsResource } from './resource';
import { Section } from '../../ui/Section';

/** One drip feed (/drip-feed/:id): its fields, its runs (the orders it placed), cancel, history. */

// Under the list's detail prefix, so cancel (from here, the list or the palette) reloads it.
const dripFeedDetailQuery = (dripFeedId: number) =>
  queryOptions({
    queryKey: [...detailKeyPrefix(dripFeedsResource.name), dripFeedId] as const,
    queryFn: ({ signal }) => api('dripFeedsShow', { params: { dripFeedId }, signal }),
  });

function Runs({ dripFeed }: { dripFeed: DripFeedDetail }) {
  return (
    <Section title="Runs" order={2}>
      <SmallTable
        striped
        label="Runs"
        rows={dripFeed.orders}
        rowKey={(o) => o.id}
        empty={
          <Text size="sm" c="dimmed">
            No runs placed yet
          </Text>
        }
        columns={[
          { header: 'Run', render: (_o, index) => formatNumber(index + 1) },
          { header: 'Order', render: (o) => <AppLink to={`/orders/${o.id}`}>Order {o.id}</AppLink> },
          { header: 'Status', render: (o) => <StatusLabel value={o.status} /> },
          { header: 'Quantity', align: 'right', render: (o) => formatNumber(o.quantity) },
          { header: 'Delivered', align: 'right', render: (o) => formatNumber(o.currentQuantity) },
          { header: 'Placed', render: (o) => <DateTime value={o.createdAt} /> },
        ]}
      />
      <Text size="sm" mt="sm">
        <AppLink to={`/orders?sourceType=drip_feed&sourceId=${dripFeed.id}&status=`}>Its orders in the orders list</AppLink>
      </Text>
    </Section>
  );
}

export function DripFeedScreen({ id: dripFeedId }: RecordScreenProps) {
  const query = useQuery(dripFeedDetailQuery(dripFeedId));
  const fallback = detailFallback(query, { loading: 'Loading drip feed', title: `Drip feed ${dripFeedId}` });
  if (fallback || !query.data) return fallback;
  const d = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/drip-feed', label: 'Drip-feed' }}
        title={`Drip feed ${d.id}`}
        status={<StatusLabel value={d.status} text={DRIP_FEED_STATUS_LABELS[d.status]} />}
        description={
          <Text size="sm" c="dimmed">
            {d.name}
          </Text>
        }
        updating={query.isFetching}
        actions={<RecordActions resource={dripFeedsResource} row={d} label="Drip feed actions" />}
      />
      <Card withBorder component="section" aria-label="Drip feed details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="ID">{d.id}</Field>
          <Field label="Name">{d.name}</Field>
          <Field label="User">
            <UserLink user={d.user} />
          </Field>
          <Field label="Service">{d.service.name}</Field>
          <Field label="URL">
            <Anchor href={d.url} target="_blank" rel="noreferrer noopener" size="sm">
              {d.url}
            </Anchor>
          </Field>
          <Field label="Total quantity">{formatNumber(d.totalQuantity)}</Field>
          <Field label="Quantity per run">{formatNumber(d.quantity)}</Field>
          <Field label="Runs">
            {formatNumber(d.orders.length)} of {formatNumber(d.ordersCount)} placed, {formatNumber(d.completedRunsCount)} completed
          </Field>
          <Field label="Interval between runs">{formatRunInterval(d.minutesBetweenRuns)}</Field>
          <Field label="Next run">
            <DateTime value={d.nextRunAt} />
          </Field>
          <Field label="Price">
            <CostLabel value={d.price} />
          </Field>
          <Field label="Countries">{d.countries.length ? d.countries.join(', ') : 'Worldwide'}</Field>
          <Field label="Promotable">{d.promotable ? 'Yes' : 'No'}</Field>
          <Field label="Created">
            <DateTime value={d.createdAt} />
          </Field>
          <Field label="Updated">
            <DateTime value={d.updatedAt} />
          </Field>
          {d.completedAt && (
            <Field label="Completed">
              <DateTime value={d.completedAt} />
            </Field>
          )}
          {d.canceledAt && (
            <Field label="Canceled">
              <DateTime value={d.canceledAt} />
            </Field>
          )}
        </SimpleGrid>
      </Card>
      <Runs dripFeed={d} />
      <RecordHistory type="drip_feed" id={d.id} />
    </Stack>
  );
}
