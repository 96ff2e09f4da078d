import { detailFallback } from '../../ui/DetailFallback';
import { Alert, Badge, Button, Code, Group, Modal, Pagination, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DELIVERY_STATUS_LABELS, type DeliveryRow, type WebhookBody, type WebhookDetail } from '../../../contract/webhooks';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { Dash } from '../../table/cells';
import { confirm } from '../../ui/confirm';
import { DateTime } from '../../ui/DateTime';
import { OneTimeValueAlert, useOneTime } from '../../ui/OneTimeValue';
import { SmallTable } from '../../ui/SmallTable';
import { StatusLabel } from '../../ui/StatusLabel';
import { WebhookDialog } from './WebhookDialog';
import { eventLabel } from './eventLabel';
import { webhookSecretKey } from './resource';
import { useDialogSubmit } from '../../forms/useDialogSubmit';
import { RecordHeader } from '../../ui/RecordHeader';

/**
 * One webhook: its settings, the signing secret (shown once after creation or rotation), a test
 * event, and the delivery log — time, event, status, status code, duration, attempts, the
 * response's start — with each delivery's attempts and a redeliver button. The log reads itself
 * again every two seconds while a delivery is still pending or retrying.
 */

const PER_PAGE = 20;

export function WebhookScreen({ id }: RecordScreenProps) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useOneTime(webhookSecretKey(id));
  const [editing, setEditing] = useState(false);
  const { state: editErrors, reset: resetEdit, submit } = useDialogSubmit();
  const [busy, setBusy] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['detail', 'webhooks', id], queryFn: ({ signal }) => api('webhooksShow', { params: { webhookId: id }, signal }) });

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['detail', 'webhooks', id] }),
      queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', id] }),
      queryClient.invalidateQueries({ queryKey: ['list', 'webhooks'] }),
    ]);

  const fallback = detailFallback(detail, { loading: 'Loading the webhook', title: 'Webhook' });
  if (fallback || !detail.data) return fallback;
  const webhook = detail.data;

  const run = async (what: string, call: () => Promise<{ message: string }>) => {
    setBusy(what);
    try {
      const answer = await call();
      notifications.show({ color: 'teal', message: answer.message });
      await reload();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not done', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const sendTest = () => run('test', () => api('webhooksTest', { params: { webhookId: id } }));
  const rotate = async () => {
    const ok = await confirm({
      title: 'Rotate the secret',
      body: `Webhook ${id} gets a new signing secret; the current one stops signing at once, so the receiver must be given the new one.`,
      undoable: false,
      agree: 'Rotate',
      disagree: 'Cancel',
      agreeColor: 'red',
    });
    if (!ok) return;
    await run('rotate', async () => {
      const answer = await api('webhooksRotateSecret', { params: { webhookId: id } });
      setSecret(answer.secret);
      return answer;
    });
  };
  const save = (body: WebhookBody) =>
    submit(
      () => api('webhooksUpdate', { params: { webhookId: id }, body }),
      async () => {
        setEditing(false);
        await reload();
      },
    );

  return (
    <Stack gap="lg">
      <RecordHeader
        back={{ to: '/webhooks', label: 'Webhooks' }}
        title={`Webhook ${webhook.id}`}
        description={<Text style={{ wordBreak: 'break-all' }}>{webhook.url}</Text>}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                resetEdit();
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button variant="default" onClick={rotate} loading={busy === 'rotate'}>
              Rotate secret
            </Button>
            <Button onClick={sendTest} loading={busy === 'test'}>
              Send test event
            </Button>
          </Group>
        }
      />
      {secret && (
        <OneTimeValueAlert title="Signing secret" value={secret} onDismiss={() => setSecret(null)}>
          <Text size="sm">The receiver checks the X-Webhook-Signature header with it (docs: configuration, webhooks).</Text>
        </OneTimeValueAlert>
      )}
      <WebhookFacts webhook={webhook} />
      <DeliveryLog webhookId={id} />
      <RecordHistory type="webhook" id={webhook.id} />
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Edit webhook ${id}`} size="lg">
        {editing && (
          <WebhookDialog
            row={webhook}
            rows={[webhook]}
            onSubmit={save}
            onCancel={() => setEditing(false)}
            errors={editErrors.errors}
            errorMessage={editErrors.message}
            submitting={editErrors.submitting}
          />
        )}
      </Modal>
    </Stack>
  );
}

function WebhookFacts({ webhook }: { webhook: WebhookDetail }) {
  return (
    <Paper withBorder p="md">
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>Status</Table.Th>
            <Table.Td>
              <StatusLabel value={webhook.isActive ? 'active' : 'disabled'} text={webhook.isActive ? 'Active' : 'Inactive'} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Events</Table.Th>
            <Table.Td>
              <Group gap={4}>
                {webhook.webhookTypes.map((t) => (
                  <Badge key={t.id} variant="light" color="gray">
                    {eventLabel(t.type)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Secret</Table.Th>
            <Table.Td>
              <Code>{webhook.secretHint}</Code>{' '}
              <Text span size="sm" c="dimmed">
                set <DateTime value={webhook.secretRotatedAt} />
              </Text>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Td>
              <DateTime value={webhook.createdAt} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const deliveryTone = (d: DeliveryRow) => (d.status === 'delivered' ? 'completed' : d.status);

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const [redelivering, setRedelivering] = useState<number | null>(null);
  const log = useQuery({
    queryKey: ['webhook-deliveries', webhookId, page],
    queryFn: ({ signal }) => api('webhooksDeliveries', { params: { webhookId }, query: { page, perPage: PER_PAGE }, signal }),
    // While a delivery is on its way, its outcome shows without a reload.
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'retrying') ? 2000 : false),
  });

  const redeliver = async (d: DeliveryRow) => {
    setRedelivering(d.id);
    try {
      const answer = await api('webhookDeliveriesRedeliver', { params: { deliveryId: d.id } });
      notifications.show({ color: 'teal', message: answer.message });
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', webhookId] });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not redelivered', message: errorMessage(error) });
    } finally {
      setRedelivering(null);
    }
  };

  const pages = Math.max(1, Math.ceil((log.data?.totalItemsCount ?? 0) / PER_PAGE));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="delivery-log-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="delivery-log-heading">
          Delivery log
        </Title>
        <Text size="sm" c="dimmed">
          {log.data ? `${log.data.totalItemsCount} deliver${log.data.totalItemsCount === 1 ? 'y' : 'ies'}` : ''}
        </Text>
      </Group>
      {log.isError && <Alert color="red">{errorMessage(log.error)}</Alert>}
      {log.isPending ? (
        <Skeleton h={120} />
      ) : log.data && log.data.items.length === 0 ? (
        <Text c="dimmed">No deliveries yet. Send a test event to see one here.</Text>
      ) : (
        <SmallTable
          minWidth={900}
          striped
          highlightOnHover
          label="Deliveries"
          rows={log.data?.items ?? []}
          rowKey={(d) => d.id}
          rowProps={(d) => ({ 'data-testid': `delivery-${d.id}` })}
          columns={[
            { header: 'Time', render: (d) => <DateTime value={d.lastAttemptAt ?? d.createdAt} /> },
            { header: 'Event', render: (d) => eventLabel(d.eventType) },
            { header: 'Status', render: (d) => <StatusLabel value={deliveryTone(d)} text={DELIVERY_STATUS_LABELS[d.status]} /> },
            { header: 'Code', render: (d) => d.statusCode ?? <Dash /> },
            { header: 'Duration', render: (d) => (d.durationMs !== null ? `${d.durationMs} ms` : <Dash />) },
            { header: 'Attempts', render: (d) => d.attempts },
            {
              header: 'Response',
              cellProps: () => ({ maw: 260 }),
              render: (d) => (
                <Text size="sm" truncate="end" title={d.error ?? d.responseExcerpt ?? ''}>
                  {d.error ?? d.responseExcerpt ?? '—'}
                </Text>
              ),
            },
            {
              header: <VisuallyHidden>Actions</VisuallyHidden>,
              render: (d) => (
                <Group gap={6} wrap="nowrap">
                  <Button size="compact-sm" variant="default" onClick={() => setOpened(d.id)} aria-label={`Details of delivery ${d.id}`}>
                    Details
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={redelivering === d.id}
                    onClick={() => redeliver(d)}
                    aria-label={`Redeliver delivery ${d.id}`}
                  >
                    Redeliver
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
      {pages > 1 && (
        <Pagination
          mt="sm"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': c === 'next' ? 'Next page' : c === 'previous' ? 'Previous page' : c })}
        />
      )}
      <Modal opened={opened !== null} onClose={() => setOpened(null)} title={`Delivery ${opened ?? ''}`} size="xl">
        {opened !== null && <DeliveryDetails deliveryId={opened} />}
      </Modal>
    </Paper>
  );
}

function DeliveryDetails({ deliveryId }: { deliveryId: number }) {
  const detail = useQuery({
    queryKey: ['webhook-delivery', deliveryId],
    queryFn: ({ signal }) => api('webhookDeliveriesShow', { params: { deliveryId }, signal }),
  });
  if (detail.isPending) return <Skeleton h={160} />;
  if (detail.isError) return <Alert color="red">{errorMessage(detail.error)}</Alert>;
  const d = detail.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        Event id <Code>{d.eventId}</Code>
        {d.redeliveryOf !== null && <> · a redelivery of delivery {d.redeliveryOf}</>}
      </Text>
      <Title order={3} size="h5">
        Attempts
      </Title>
      <SmallTable
        label="Attempts"
        rows={d.attemptsLog}
        rowKey={(a) => a.attempt}
        empty={
          <Text c="dimmed" size="sm">
            Not attempted yet.
          </Text>
        }
        columns={[
          { header: '#', render: (a) => a.attempt },
          { header: 'Started', render: (a) => <DateTime value={a.startedAt} /> },
          { header: 'Code', render: (a) => a.statusCode ?? <Dash /> },
          { header: 'Duration', render: (a) => `${a.durationMs} ms` },
          { header: 'Response or error', render: (a) => a.error ?? a.responseExcerpt ?? '—', cellProps: () => ({ style: { wordBreak: 'break-all' } }) },
        ]}
      />
      <Title order={3} size="h5">
        Payload
      </Title>
      <Code block>{JSON.stringify(d.payload, null, 2)}</Code>
    </Stack>
  );
}
