import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMBO_ORDER_STATUS_LABELS } from '../../../contract/combo-orders/columns';
import type { ComboOrderDetail } from '../../../contract/combo-orders';
import { RecordActions } from '../../actions/RecordActions';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { detailKeyPrefix } from '../../list/listQuery';
import type { RecordScreenProps } from '../../resource/area';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { Field } from '../../ui/Field';
import { RecordHeader } from '../../ui/RecordHeader';
import { SmallTable } from '../../ui/SmallTable';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber, humanize } from '../../ui/format';
import { comboOrdersResource } from './resource';
import { Section } from '../../ui/Section';

/** One combo order (/combo-orders/:id): its fields, its orders, approve / reject / complete, history. */

// Under the list's detail prefix, so an action (from here, the list or the palette) reloads it.
const comboOrderDetailQuery = (comboOrderId: number) =>
  queryOptions({
    queryKey: [...detailKeyPrefix(comboOrdersResource.name), comboOrderId] as const,
    queryFn: ({ signal }) => api('comboOrdersShow', { params: { comboOrderId }, signal }),
  });

function Orders({ combo }: { combo: ComboOrderDetail }) {
  return (
    <Section title="Orders" order={2}>
      <SmallTable
        striped
        label="Orders of the combo order"
        rows={combo.orders}
        rowKey={(o) => o.id}
        empty={
          <Text size="sm" c="dimmed">
            No orders placed
          </Text>
        }
        columns={[
          { header: 'Order', render: (o) => <AppLink to={`/orders/${o.id}`}>Order {o.id}</AppLink> },
          { header: 'Service', render: (o) => o.service?.name ?? <Dash /> },
          { header: 'Status', render: (o) => <StatusLabel value={o.status} /> },
          { header: 'Quantity', align: 'right', render: (o) => formatNumber(o.quantity) },
          { header: 'Delivered', align: 'right', render: (o) => formatNumber(o.currentQuantity) },
          { header: 'Price', align: 'right', render: (o) => <CostLabel value={o.price} /> },
          { header: 'Placed', render: (o) => <DateTime value={o.createdAt} /> },
        ]}
      />
      <Text size="sm" mt="sm">
        <AppLink to={`/orders?sourceType=combo_order&sourceId=${combo.id}&status=`}>Its orders in the orders list</AppLink>
      </Text>
    </Section>
  );
}

export function ComboOrderScreen({ id: comboOrderId }: RecordScreenProps) {
  const query = useQuery(comboOrderDetailQuery(comboOrderId));
  const fallback = detailFallback(query, { loading: 'Loading combo order', title: `Combo order ${comboOrderId}` });
  if (fallback || !query.data) return fallback;
  const c = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/combo-orders', label: 'Combo orders' }}
        title={`Combo order ${c.id}`}
        status={<StatusLabel value={c.status} text={COMBO_ORDER_STATUS_LABELS[c.status]} />}
        description={
          <Text size="sm" c="dimmed">
            {c.package.name}
          </Text>
        }
        updating={query.isFetching}
        actions={<RecordActions resource={comboOrdersResource} row={c} label="Combo order actions" />}
      />
      <Card withBorder component="section" aria-label="Combo order details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="ID">{c.id}</Field>
          <Field label="User">
            <UserLink user={c.user} />
          </Field>
          <Field label="Telegram">{c.user.telegramUsername ? `@${c.user.telegramUsername}` : <Dash />}</Field>
          <Field label="URL">
            <Anchor href={c.url} target="_blank" rel="noreferrer noopener" size="sm">
              {c.url}
            </Anchor>
          </Field>
          <Field label="Package">{c.package.name}</Field>
          <Field label="Package type">{humanize(c.package.type)}</Field>
          <Field label="Orders">{formatNumber(c.ordersCount)}</Field>
          <Field label="Price">
            <CostLabel value={c.price} />
          </Field>
          <Field label="Created">
            <DateTime value={c.createdAt} />
          </Field>
          <Field label="Approved">
            <DateTime value={c.approvedAt} />
          </Field>
          <Field label="Updated">
            <DateTime value={c.updatedAt} />
          </Field>
          {c.completedAt && (
            <Field label="Completed">
              <DateTime value={c.completedAt} />
            </Field>
          )}
          {c.canceledAt && (
            <Field label="Canceled">
              <DateTime value={c.canceledAt} />
            </Field>
          )}
        </SimpleGrid>
      </Card>
      <Orders combo={c} />
      <RecordHistory type="combo_order" id={c.id} />
    </Stack>
  );
}
