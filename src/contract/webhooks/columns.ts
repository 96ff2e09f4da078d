import { defineTableSpec } from '../columns';

/**
 * Webhooks (each with id, url, secret, isActive and its webhook types): the event kinds
 * a webhook subscribes to, the delivery states and the list's column table. No zod here.
 */

/** The events the panel sends (webhook_types.type). */
export const WEBHOOK_EVENT_TYPES = ['order.status_changed', 'invoice.paid', 'withdrawal.requested', 'free_trial.requested'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | 'webhook.test', string> = {
  'order.status_changed': 'Order status changed',
  'invoice.paid': 'Invoice paid',
  'withdrawal.requested': 'Withdrawal requested',
  'free_trial.requested': 'Free trial requested',
  'webhook.test': 'Test event',
};

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Headers of every delivery (docs/configuration.md shows how a receiver checks them). */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<raw body>` with the webhook's secret. */
  signature: 'X-Webhook-Signature',
  /** Unix seconds when this attempt was signed; receivers refuse old ones (replays). */
  timestamp: 'X-Webhook-Timestamp',
  /** The event id: the same on every attempt and redelivery, so a receiver can de-duplicate. */
  eventId: 'X-Webhook-Id',
  event: 'X-Webhook-Event',
  delivery: 'X-Webhook-Delivery',
} as const;

export const WEBHOOKS_TABLE = defineTableSpec({
  search: 'id or URL',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    url: { filter: 'text', sortable: true },
    isActive: { filter: 'boolean', sortable: true },
    webhookTypes: { filter: 'select', valueType: 'int' },
    lastDeliveryStatus: { filter: 'multiSelect', options: DELIVERY_STATUSES },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});
