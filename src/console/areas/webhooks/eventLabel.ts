import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from '../../../contract/webhooks/columns';

/** An event kind's label; a kind the console does not know shows as sent. */
export const eventLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type;
