import { detailFallback } from '../../ui/DetailFallback';
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/orders';
import { availableActions } from '../../actions/available';
import { useRunAction } from '../../actions/useRunAction';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { useListEngine } from '../../list/engineContext';
import { detailKeyPrefix, listKeyPrefix } from '../../list/listQuery';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber } from '../../ui/format';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { Percent } from '../../ui/Percent';
import { PriceModifications, SourceCell, UrlCell } from './cells';
import { orderDetailQuery } from './queries';
import { ordersResource } from './resource';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { Field } from '../../ui/Field';
import { RecordHeader } from '../../ui/RecordHeader';
import { SmallTable } from '../../ui/SmallTable';
import { Section } from '../../ui/Section';

/** One order (/orders/:id, the id passed as a prop): fields, actions, edits, history. */

function OrderActions({ order }: { order: OrderDetail }) {
  const { can } = useListEngine();
  const run = useRunAction();
  const actions = availableActions(ordersResource, order, can).filter((a) => a.enabled);
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Order actions" role="group">
      {actions.map(({ action }) => (
        <Button key={action.id} size="xs" variant="light" color={action.color} onClick={() => void run.row(ordersResource, action.id, order)}>
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** A one-field edit (url, comment) whose server errors show on the field. */
function useOrderEdit<Body>(orderId: number, call: (body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...detailKeyPrefix('orders'), orderId] });
      void queryClient.invalidateQueries({ queryKey: listKeyPrefix('orders') });
    },
  });
}

const fieldError = (error: unknown, field: string): string | null =>
  error instanceof ValidationError ? (error.errors[field]?.[0] ?? error.message) : error ? errorMessage(error) : null;

function ChangeUrlForm({ order }: { order: OrderDetail }) {
  const [url, setUrl] = useState(order.url);
  const edit = useOrderEdit(order.id, (body: { orderId: number; url: string }) => api('ordersChangeUrl', { body }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate({ orderId: order.id, url });
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput label="Order URL" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={fieldError(edit.error, 'url')} style={{ flex: 1 }} />
        <Button type="submit" loading={edit.isPending} disabled={url.trim() === order.url}>
          Change URL
        </Button>
      </Group>
    </form>
  );
}

function CommentForm({ order }: { order: OrderDetail }) {
  const [comment, setComment] = useState(order.comment ?? '');
  const edit = useOrderEdit(order.id, (body: { orderId: number; comment: string | null }) => api('ordersUpdateComment', { body }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate({ orderId: order.id, comment: comment.trim() || null });
      }}
    >
      <Stack gap="xs">
        <Textarea label="Comment" rows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} error={fieldError(edit.error, 'comment')} />
        <Group justify="flex-end">
          <Button type="submit" loading={edit.isPending} disabled={comment.trim() === (order.comment ?? '')}>
            Save comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function OrderFields({ order }: { order: OrderDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
      <Field label="Status">
        <StatusLabel value={order.status} />
      </Field>
      <Field label="Name">{order.name}</Field>
      <Field label="Service">{order.service?.name ?? <Dash />}</Field>
      <Field label="User">
        <UserLink user={order.user} />
      </Field>
      <Field label="URL">
        <UrlCell url={order.url} />
      </Field>
      <Field label="Source">
        <SourceCell source={order.source} sourceType={order.sourceType} sourceId={order.sourceId} />
      </Field>
      <Field label="Created">
        <DateTime value={order.createdAt} />
      </Field>
      <Field label="Completed">
        <DateTime value={order.completedAt} />
      </Field>
      <Field label="Updated">
        <DateTime value={order.updatedAt} />
      </Field>
      <Field label="Price">
        <CostLabel value={order.price} />
      </Field>
      <Field label="Cost">
        <CostLabel value={order.cost} />
      </Field>
      <Field label="Revenue">
        <CostLabel value={order.revenue} />
      </Field>
      <Field label="Margin">
        <Percent percent={order.marginPercent} decimals={2} />
      </Field>
      <Field label="Quantity">{formatNumber(order.quantity)}</Field>
      <Field label="Delivered">{formatNumber(order.currentQuantity)}</Field>
      <Field label="Statistics fill">
        <Percent percent={order.percentOfExternalStatisticsFill} decimals={2} />
      </Field>
      <Field label="Paid">
        <StatusLabel value={order.isPaid ? 'paid' : 'unpaid'} />
      </Field>
      <Field label="Paid amount">
        <CostLabel value={order.paidAmount} />
      </Field>
      <Field label="Refunded">
        <CostLabel value={order.refundAmount} />
      </Field>
      <Field label="Refundable">
        <CostLabel value={order.refundableAmount} />
      </Field>
      <Field label="Default refund">
        <CostLabel value={order.defaultRefundAmount} />
      </Field>
      <Field label="Active providers">{order.hasNoActiveProviders ? <StatusLabel value="error" text="No active providers" /> : 'Yes'}</Field>
      <Field label="Price modifications">
        <PriceModifications items={order.priceModifications} />
      </Field>
      <Field label="Provider">
        {order.provider ? (
          <Stack gap={0}>
            <AppLink to={`/external-panels/${order.provider.id}`}>{order.provider.name}</AppLink>
            <Text size="xs" c="dimmed">
              {order.provider.providerService?.name ?? 'No provider service'}
              {order.provider.externalId ? ` · external id ${order.provider.externalId}` : ''}
              {order.provider.quantity !== null ? ` · quantity ${formatNumber(order.provider.quantity)}` : ''}
            </Text>
          </Stack>
        ) : (
          <Dash />
        )}
      </Field>
      {order.status === 'canceled' && (
        <>
          <Field label="Canceled">
            <DateTime value={order.canceledAt} />
          </Field>
          <Field label="Cancel reason">{order.cancelReason ?? <Dash />}</Field>
          <Field label="Cancel description">{order.cancelDescription ?? <Dash />}</Field>
        </>
      )}
    </SimpleGrid>
  );
}

/**
 * The counters at the order's url (start, current, delivered, remains, their history). "Check again"
 * reads them alone (GET orders/{id}/statistics) and puts them into the order on screen, so a running
 * order's progress is seen without reloading its change log and history.
 */
function Statistics({ order }: { order: OrderDetail }) {
  const s = order.statistics;
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => api('ordersStatistics', { params: { orderId: order.id } }),
    onSuccess: (statistics) => queryClient.setQueryData(orderDetailQuery(order.id).queryKey, (stored) => (stored ? { ...stored, statistics } : stored)),
  });
  return (
    <Section
      title="Statistics"
      actions={
        <Button size="compact-xs" variant="subtle" loading={refresh.isPending} onClick={() => refresh.mutate()}>
          Check again
        </Button>
      }
    >
      {refresh.error && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {errorMessage(refresh.error)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 6 }}>
        <Field label="Start count">{s.startCount === null ? <Dash /> : formatNumber(s.startCount)}</Field>
        <Field label="Current count">{s.currentCount === null ? <Dash /> : formatNumber(s.currentCount)}</Field>
        <Field label="Quantity">{formatNumber(s.quantity)}</Field>
        <Field label="Delivered">{formatNumber(s.delivered)}</Field>
        <Field label="Remains">{formatNumber(s.remains)}</Field>
        <Field label="Last checked">
          <DateTime value={s.lastCheckedAt} />
        </Field>
      </SimpleGrid>
      {s.history.length > 0 && (
        <SmallTable
          mt="sm"
          striped
          label="Counter history"
          rows={s.history}
          rowKey={(p) => p.checkedAt}
          columns={[
            { header: 'Checked', render: (p) => <DateTime value={p.checkedAt} /> },
            { header: 'Count', render: (p) => formatNumber(p.count) },
          ]}
        />
      )}
    </Section>
  );
}

const describeInformation = (information: unknown): string =>
  information === null || information === undefined ? '' : typeof information === 'string' ? information : JSON.stringify(information);

function ChangeLog({ order }: { order: OrderDetail }) {
  return (
    <Section title="Change log">
      <SmallTable
        striped
        label="Change log"
        rows={order.changeLogs}
        rowKey={(entry) => entry.id}
        empty={
          <Text size="sm" c="dimmed">
            No changes recorded
          </Text>
        }
        columns={[
          { header: 'Date', render: (entry) => <DateTime value={entry.createdAt} /> },
          { header: 'Action', render: (entry) => entry.actionType },
          { header: 'Staff', render: (entry) => (entry.staff ? entry.staff.email : <Dash />) },
          { header: 'Information', render: (entry) => describeInformation(entry.information), cellProps: () => ({ style: { wordBreak: 'break-word' } }) },
        ]}
      />
    </Section>
  );
}

function RefillRequests({ order }: { order: OrderDetail }) {
  return (
    <Section title="Refill requests">
      <SmallTable
        striped
        label="Refill requests"
        rows={order.refillRequests}
        rowKey={(r) => r.id}
        empty={
          <Text size="sm" c="dimmed">
            No refill requests
          </Text>
        }
        columns={[
          { header: 'ID', render: (r) => r.id },
          { header: 'Status', render: (r) => <StatusLabel value={r.status} /> },
          { header: 'Quantity', render: (r) => (r.quantity === null ? 'What dropped' : formatNumber(r.quantity)) },
          { header: 'External id', render: (r) => r.externalRefillId ?? <Dash /> },
          { header: 'Created', render: (r) => <DateTime value={r.createdAt} /> },
          { header: 'Completed', render: (r) => <DateTime value={r.completedAt} /> },
        ]}
      />
    </Section>
  );
}

export function OrderScreen({ id: orderId }: RecordScreenProps) {
  const { can } = useListEngine();
  const query = useQuery(orderDetailQuery(orderId));
  const fallback = detailFallback(query, { loading: 'Loading order', title: `Order ${orderId}` });
  if (fallback || !query.data) return fallback;
  const order = query.data;
  const manage = can('manageOrders');
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/orders', label: 'Orders' }}
        title={`Order ${order.id}`}
        status={<StatusLabel value={order.status} />}
        updating={query.isFetching}
        actions={<OrderActions order={order} />}
      />
      <Card withBorder component="section" aria-label="Order details">
        <OrderFields order={order} />
      </Card>
      {manage && (
        <Card withBorder component="section" aria-label="Edit order">
          <Stack gap="md">
            {order.actions.editable && <ChangeUrlForm key={`url-${order.url}`} order={order} />}
            <CommentForm key={`comment-${order.comment ?? ''}`} order={order} />
          </Stack>
        </Card>
      )}
      {!manage && order.comment && (
        <Card withBorder>
          <Field label="Comment">{order.comment}</Field>
        </Card>
      )}
      <Statistics order={order} />
      <RefillRequests order={order} />
      <ChangeLog order={order} />
      <RecordHistory type="order" id={order.id} />
    </Stack>
  );
}
