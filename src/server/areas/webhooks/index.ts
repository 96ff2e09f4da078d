import { defineServerArea } from '../../kit/area';
import { jobQueueSeedStep } from '../../jobs';
import { webhookDeliveryJob } from './delivery';
import { webhooksHandlers } from './handlers';
import { webhookOutboxTask } from './pump';
import { seedDemoWebhooks, seedWebhookTypes } from './seed';

/**
 * Webhooks: events captured in the database (migration 0011) go through the
 * outbox pump to one durable delivery job per webhook, signed, retried with backoff and logged per
 * attempt (docs/configuration.md).
 */
export default defineServerArea({
  name: 'webhooks',
  handlers: webhooksHandlers,
  jobs: [webhookDeliveryJob],
  tasks: [webhookOutboxTask],
  seed: [
    jobQueueSeedStep([webhookDeliveryJob]),
    { name: 'webhook-types', kind: 'base', run: seedWebhookTypes },
    { name: 'webhooks', kind: 'demo', run: seedDemoWebhooks },
  ],
});
