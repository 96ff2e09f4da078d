import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { defineRecurringTask } from '../../jobs';
import { enqueueDeliveries } from './delivery';

/**
 * The outbox pump: takes captured events from webhook_outbox (SKIP LOCKED, so several server
 * processes share the work), stores each as a webhook event with one delivery per active webhook
 * subscribed to its type, and queues the delivery jobs — all in one transaction, so an event is
 * either still in the outbox or fully handed to the job queue.
 */

const BATCH = 500;
export const OUTBOX_TASK = 'webhook-outbox';

export async function pumpOutbox(q: Db, limit = BATCH): Promise<{ events: number; deliveries: number }> {
  return q.transaction(async (tx) => {
    const created = await rows<{ delivery_id: number | null; events: number }>(
      tx,
      sql`WITH taken AS (
            DELETE FROM webhook_outbox WHERE id IN (SELECT id FROM webhook_outbox ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
            RETURNING type, payload, created_at
          ), events AS (
            INSERT INTO webhook_events (id, type, payload, created_at)
            SELECT gen_random_uuid(), type, payload, created_at FROM taken RETURNING id, type
          ), deliveries AS (
            INSERT INTO webhook_deliveries (webhook_id, event_id)
            SELECT w.id, e.id FROM events e
              JOIN webhook_types t ON t.type = e.type
              JOIN webhook_subscriptions s ON s.webhook_type_id = t.id
              JOIN webhooks w ON w.id = s.webhook_id AND w.is_active
            RETURNING id
          )
          SELECT d.id AS delivery_id, (SELECT count(*) FROM events)::int AS events FROM deliveries d
          UNION ALL SELECT NULL, (SELECT count(*) FROM events)::int WHERE NOT EXISTS (SELECT 1 FROM deliveries)`,
    );
    const ids = created
      .map((r) => r.delivery_id)
      .filter((id): id is number => id !== null)
      .map(Number);
    await enqueueDeliveries(tx, ids);
    return { events: created[0]?.events ?? 0, deliveries: ids.length };
  });
}

export const webhookOutboxTask = defineRecurringTask({
  name: OUTBOX_TASK,
  everyMs: 500,
  async run(deps) {
    const { events } = await pumpOutbox(deps.database.db);
    return events >= BATCH;
  },
});
