import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../../db/client';
import { defineJobKind, enqueue, enqueueMany } from '../../jobs';
import { WEBHOOK_HEADERS } from '../../../contract/webhooks';
import { outboundPolicy, postJson } from './outbound';
import { signWebhook } from './signing';

/**
 * One delivery = one event to one webhook, as a durable job: each run is one attempt, recorded in
 * webhook_delivery_attempts and summed up on the delivery. A 2xx answer delivers it; anything else
 * (an error status, a timeout, a refused connection) fails the run and pg-boss retries it with
 * exponential backoff until the retry limit, after which the delivery is 'failed'. A destination the
 * SSRF rules refuse fails at once (a retry would be refused too). The event id stays the same on
 * every attempt and redelivery, so receivers de-duplicate on it.
 */

export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
}

/** WEBHOOK_RETRY_LIMIT retries (default 5) after the first attempt, the first after WEBHOOK_RETRY_DELAY_SECONDS (default 10), doubling. */
export function webhookRetryPolicy(env: NodeJS.ProcessEnv = process.env): RetryPolicy {
  const limit = Number(env.WEBHOOK_RETRY_LIMIT ?? 5);
  const delay = Number(env.WEBHOOK_RETRY_DELAY_SECONDS ?? 10);
  return {
    retryLimit: Number.isInteger(limit) && limit >= 0 && limit <= 20 ? limit : 5,
    retryDelaySeconds: Number.isInteger(delay) && delay >= 1 && delay <= 3600 ? delay : 10,
  };
}

interface DeliveryJob {
  deliveryId: number;
}

interface DeliveryTarget {
  id: number;
  status: string;
  url: string;
  secret: string;
  is_active: boolean;
  event_id: string;
  type: string;
  payload: unknown;
  event_created_at: string;
}

/** The body every receiver gets. */
export const deliveryBody = (t: { event_id: string; type: string; payload: unknown; event_created_at: string }): string =>
  JSON.stringify({ id: t.event_id, type: t.type, created_at: t.event_created_at, data: t.payload });

export const webhookDeliveryJob = defineJobKind<DeliveryJob>({
  name: 'webhook-delivery',
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
  batchSize: 25,
  workers: 2,
  pollingIntervalSeconds: 1,
  async run({ deliveryId }, { deps, retryCount, retryLimit }) {
    const db = deps.database.db;
    const target = await one<DeliveryTarget>(
      db,
      sql`SELECT d.id, d.status, w.url, w.secret, w.is_active, e.id AS event_id, e.type, e.payload,
            to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS event_created_at
          FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN webhook_events e ON e.id = d.event_id
          WHERE d.id = ${deliveryId}`,
    );
    // Deleted with its webhook, or already delivered by an earlier run that was not marked complete.
    if (!target || target.status === 'delivered' || target.status === 'failed') return;
    if (!target.is_active && target.type !== 'webhook.test') {
      await db.execute(sql`UPDATE webhook_deliveries SET status = 'failed', error = 'The webhook was disabled before delivery.' WHERE id = ${deliveryId}`);
      return;
    }
    const counted = await one<{ attempts: number }>(
      db,
      sql`UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = now() WHERE id = ${deliveryId} RETURNING attempts`,
    );
    const attempt = counted!.attempts;
    const body = deliveryBody(target);
    const timestamp = Math.floor(Date.now() / 1000);
    const startedAt = new Date();
    const result = await postJson(
      target.url,
      body,
      {
        [WEBHOOK_HEADERS.signature]: signWebhook(target.secret, timestamp, body),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.eventId]: target.event_id,
        [WEBHOOK_HEADERS.event]: target.type,
        [WEBHOOK_HEADERS.delivery]: String(deliveryId),
      },
      outboundPolicy(),
    );
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const last = result.refused || retryCount >= retryLimit;
    const status = ok ? 'delivered' : last ? 'failed' : 'retrying';
    const error = ok ? null : (result.error ?? `The receiver answered ${result.statusCode}.`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, status_code, duration_ms, response_excerpt, error)
        VALUES (${deliveryId}, ${attempt}, ${startedAt.toISOString()}, ${result.statusCode}, ${result.durationMs}, ${result.excerpt}, ${error})
        ON CONFLICT (delivery_id, attempt) DO NOTHING`);
      await tx.execute(sql`UPDATE webhook_deliveries SET status = ${status}, status_code = ${result.statusCode}, duration_ms = ${result.durationMs},
        response_excerpt = ${result.excerpt}, error = ${error}, delivered_at = ${ok ? sql`now()` : sql`NULL`} WHERE id = ${deliveryId}`);
    });
    // Failing the run is what makes pg-boss retry it later.
    if (!ok && !last) throw new Error(error ?? 'Delivery failed.');
  },
});

/** Queues the delivery jobs of new delivery rows (in the caller's transaction). */
export async function enqueueDeliveries(q: Queryable, deliveryIds: readonly number[]): Promise<void> {
  const policy = webhookRetryPolicy();
  if (deliveryIds.length === 1) await enqueue(q, webhookDeliveryJob, { deliveryId: deliveryIds[0] }, policy);
  else
    await enqueueMany(
      q,
      webhookDeliveryJob,
      deliveryIds.map((deliveryId) => ({ deliveryId })),
      policy,
    );
}
