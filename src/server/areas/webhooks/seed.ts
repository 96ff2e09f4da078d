import { sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '../../../contract/webhooks';
import type { Queryable } from '../../db/client';
import { webhookTypes } from './schema';

/** The webhook types (base: every start, idempotent). */
export async function seedWebhookTypes(q: Queryable): Promise<void> {
  await q
    .insert(webhookTypes)
    .values(WEBHOOK_EVENT_TYPES.map((type) => ({ type, name: WEBHOOK_EVENT_LABELS[type] })))
    .onConflictDoUpdate({ target: webhookTypes.type, set: { name: sql`excluded.name` } });
}

/** One example webhook, inactive (it points at a documentation address and must not send). */
export async function seedDemoWebhooks(q: Queryable): Promise<void> {
  await q.execute(sql`WITH w AS (
      INSERT INTO webhooks (url, secret, is_active) VALUES ('https://example.com/panel-webhooks', ${`whsec_demo_${Math.random().toString(36).slice(2)}`}, false) RETURNING id
    )
    INSERT INTO webhook_subscriptions (webhook_id, webhook_type_id) SELECT w.id, t.id FROM w, webhook_types t`);
}
