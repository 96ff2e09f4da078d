import { defineRecord } from '../../kit/records';
import { webhooks } from './schema';

export const webhookRecord = defineRecord({ table: webhooks, thing: 'Webhook', type: 'webhook', secret: ['secret'] });
