import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DELIVERY_STATUS_LABELS, WEBHOOKS_TABLE } from '../../../contract/webhooks/columns';
import type { WebhookBody, WebhookRow } from '../../../contract/webhooks';
import { createAction, deleteAction, editAction } from '../../resource/actionFactories';
import { lazyDialog } from '../../actions/lazyDialog';
import { api } from '../../api/client';
import { AppLink, Dash } from '../../table/cells';
import { defineResource } from '../../resource/resource';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { keepOneTime } from '../../ui/OneTimeValue';
import { eventLabel } from './eventLabel';

/**
 * Webhooks: the list, one dialog for create and edit, a test event from the
 * row, delete (asked). Creating opens the webhook's screen, which shows the secret once.
 */

const dialog = lazyDialog(() => import('./WebhookDialog').then((m) => m.WebhookDialog));

export const webhookSecretKey = (id: number) => `webhook-secret:${id}`;

/** The event kinds, for the list's filter (fetched once). */
function useWebhookTypeOptions() {
  const types = useQuery({ queryKey: ['webhook-types'], queryFn: ({ signal }) => api('webhookTypes', { signal }), staleTime: 10 * 60_000 });
  return (types.data ?? []).map((t) => ({ value: String(t.id), label: eventLabel(t.type) }));
}

export const webhooksResource = defineResource({
  name: 'webhooks',
  path: '/webhooks',
  title: 'Webhooks',
  nouns: ['webhook', 'webhooks', 'hook'],
  endpoint: 'webhooksTable',
  table: WEBHOOKS_TABLE,
  describe: (w: WebhookRow) => `webhook ${w.id}`,
  open: (w) => `/webhooks/${w.id}`,
  columns: [
    { key: 'id', header: 'ID', width: 80 },
    { key: 'url', header: 'URL', hideable: false, render: (w) => <AppLink to={`/webhooks/${w.id}`}>{w.url}</AppLink> },
    {
      key: 'isActive',
      header: 'Active',
      filterUi: { trueLabel: 'Active', falseLabel: 'Inactive' },
      render: (w) => <StatusLabel value={w.isActive ? 'active' : 'disabled'} text={w.isActive ? 'Active' : 'Inactive'} />,
    },
    {
      key: 'webhookTypes',
      header: 'Events',
      filterUi: { useOptions: useWebhookTypeOptions },
      render: (w) => (
        <Group gap={4} wrap="nowrap">
          {w.webhookTypes.map((t) => (
            <Badge key={t.id} variant="light" color="gray" size="sm">
              {eventLabel(t.type)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'lastDeliveryStatus',
      header: 'Last delivery',
      filterUi: { labels: DELIVERY_STATUS_LABELS },
      render: (w) =>
        w.lastDeliveryStatus ? (
          <StatusLabel value={w.lastDeliveryStatus === 'delivered' ? 'completed' : w.lastDeliveryStatus} text={DELIVERY_STATUS_LABELS[w.lastDeliveryStatus]} />
        ) : (
          <Dash />
        ),
    },
    { key: 'createdAt', header: 'Created', render: (w) => <DateTime value={w.createdAt} /> },
  ],
  rowActions: [
    editAction<WebhookRow, 'webhooksUpdate', WebhookBody>({
      endpoint: 'webhooksUpdate',
      params: (w) => ({ webhookId: w.id }),
      dialog,
      body: (_w, input) => input,
    }),
    {
      id: 'test',
      label: 'Send test event',
      aliases: ['test', 'ping'],
      shortcut: 't',
      mutation: { endpoint: 'webhooksTest', params: (w: WebhookRow) => ({ webhookId: w.id }) },
      success: (w: WebhookRow) => `Test event queued for webhook ${w.id}: see its delivery log.`,
    },
    deleteAction<WebhookRow, 'webhooksDestroy'>({ endpoint: 'webhooksDestroy', params: (w) => ({ webhookId: w.id }) }),
  ],
  collectionActions: [
    {
      ...createAction<'webhooksStore', WebhookBody>({ noun: 'webhook', endpoint: 'webhooksStore', dialog, body: (input) => input }),
      // The secret is in this answer only: kept in memory for the webhook's screen, which shows it once.
      mutation: async (input: WebhookBody) => {
        const answer = await api('webhooksStore', { body: input });
        keepOneTime(webhookSecretKey(answer.webhook.id), answer.secret);
        return answer;
      },
      openCreated: (answer) => `/webhooks/${(answer as { webhook: { id: number } }).webhook.id}`,
    },
  ],
});
