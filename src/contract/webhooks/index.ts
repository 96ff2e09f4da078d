import { z } from 'zod';
import { httpUrl, messageSchema } from '../fields';
import { endpoint, pathBigId, pathId } from '../endpoint';
import { ADMIN } from '../paths';
import { tableEndpoint } from '../table';
import { DELIVERY_STATUSES, WEBHOOKS_TABLE } from './columns';

export * from './columns';

/**
 * Webhooks (GET list; GET /webhook-types; POST store and PUT {id} with url, webhook_types,
 * is_active), plus what delivering them for real needs: the secret (shown once, rotatable), a test
 * event, the delivery log with each attempt, and redelivery.
 */

export const webhookTypeSchema = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export type WebhookType = z.infer<typeof webhookTypeSchema>;

export const webhookRowSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  isActive: z.boolean(),
  webhookTypes: z.array(webhookTypeSchema),
  lastDeliveryStatus: z.enum(DELIVERY_STATUSES).nullable(),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookRow = z.infer<typeof webhookRowSchema>;

export const webhookDetailSchema = webhookRowSchema.extend({
  /** The secret's last four characters, so a receiver's copy can be matched (never the secret). */
  secretHint: z.string(),
  secretRotatedAt: z.string(),
});
export type WebhookDetail = z.infer<typeof webhookDetailSchema>;

export const webhookBodySchema = z.object({
  url: httpUrl('url'),
  webhook_types: z.array(z.number().int().positive(), { error: 'The webhook types must be a list.' }).min(1, 'Choose at least one event.').max(50),
  is_active: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof webhookBodySchema>;

/** The secret appears only in the answers to create and rotate. */
export const webhookSecretResultSchema = z.object({ message: z.string(), webhook: webhookDetailSchema, secret: z.string() });
export const webhookResultSchema = z.object({ message: z.string(), webhook: webhookDetailSchema });

export const deliveryRowSchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** Set on a redelivery: the delivery it repeats. */
  redeliveryOf: z.number().int().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRowSchema>;

export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});

export const deliveryDetailSchema = deliveryRowSchema.extend({ payload: z.unknown(), attemptsLog: z.array(deliveryAttemptSchema) });
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

export const deliveriesPageSchema = z.object({ items: z.array(deliveryRowSchema), totalItemsCount: z.number().int() });
export const deliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(30),
});

export const deliveryResultSchema = z.object({ message: z.string(), delivery: deliveryRowSchema });

const webhookParams = z.object({ webhookId: pathId('Webhook') });
const deliveryParams = z.object({ deliveryId: pathBigId('Delivery') });

export const webhooksEndpoints = {
  webhooksTable: tableEndpoint({
    method: 'GET',
    path: `${ADMIN}/webhooks`,
    permission: 'manageWebhooks',
    row: webhookRowSchema,
    table: WEBHOOKS_TABLE,
    summary: 'The webhook list',
  }),
  webhookTypes: endpoint({
    method: 'GET',
    path: `${ADMIN}/webhook-types`,
    permission: 'manageWebhooks',
    response: z.array(webhookTypeSchema),
    summary: 'The events a webhook can subscribe to',
  }),
  webhooksStore: endpoint({
    method: 'POST',
    path: `${ADMIN}/webhooks`,
    permission: 'manageWebhooks',
    body: webhookBodySchema,
    response: webhookSecretResultSchema,
    summary: 'Create a webhook; its signing secret is in this answer only',
  }),
  webhooksShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/webhooks/:webhookId`,
    permission: 'manageWebhooks',
    params: webhookParams,
    response: webhookDetailSchema,
    summary: 'One webhook',
  }),
  webhooksUpdate: endpoint({
    method: 'PUT',
    path: `${ADMIN}/webhooks/:webhookId`,
    permission: 'manageWebhooks',
    params: webhookParams,
    body: webhookBodySchema,
    response: webhookResultSchema,
    summary: 'Change url, events and whether it is active',
  }),
  webhooksDestroy: endpoint({
    method: 'DELETE',
    path: `${ADMIN}/webhooks/:webhookId`,
    permission: 'manageWebhooks',
    params: webhookParams,
    response: messageSchema,
    summary: 'Delete a webhook and its delivery log',
  }),
  webhooksRotateSecret: endpoint({
    method: 'POST',
    path: `${ADMIN}/webhooks/:webhookId/rotate-secret`,
    permission: 'manageWebhooks',
    params: webhookParams,
    response: webhookSecretResultSchema,
    summary: 'A new signing secret (shown once); the old one stops signing at once',
  }),
  webhooksTest: endpoint({
    method: 'POST',
    path: `${ADMIN}/webhooks/:webhookId/test`,
    permission: 'manageWebhooks',
    params: webhookParams,
    response: deliveryResultSchema,
    summary: 'Queue a test event to this webhook',
  }),
  webhooksDeliveries: endpoint({
    method: 'GET',
    path: `${ADMIN}/webhooks/:webhookId/deliveries`,
    permission: 'manageWebhooks',
    params: webhookParams,
    query: deliveriesQuerySchema,
    response: deliveriesPageSchema,
    summary: "A webhook's delivery log, newest first",
  }),
  webhookDeliveriesShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/webhook-deliveries/:deliveryId`,
    permission: 'manageWebhooks',
    params: deliveryParams,
    response: deliveryDetailSchema,
    summary: 'One delivery with its payload and every attempt',
  }),
  webhookDeliveriesRedeliver: endpoint({
    method: 'POST',
    path: `${ADMIN}/webhook-deliveries/:deliveryId/redeliver`,
    permission: 'manageWebhooks',
    params: deliveryParams,
    response: deliveryResultSchema,
    summary: 'Send the same event (same event id) again as a new delivery',
  }),
};
