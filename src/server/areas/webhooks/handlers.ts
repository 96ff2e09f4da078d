import { eq, inArray, sql } from 'drizzle-orm';
import type { DeliveryDetail, DeliveryRow } from '../../../contract/webhooks';
import { one, rows, type Queryable } from '../../db/client';
import { defineHandlers } from '../../http/handlers';
import { fieldError, notFound } from '../../http/errors';
import { createRecord, deleteRecord, updateRecord } from '../../kit/crud';
import { findById } from '../../kit/records';
import { utcText } from '../../table';
import { getSettings } from '../../db/settings';
import { enqueueDeliveries } from './delivery';
import { refuseAtSave } from './outbound';
import { webhookRecord } from './records';
import { webhookSubscriptions, webhookTypes } from './schema';
import { newWebhookSecret } from './signing';
import { findWebhookDetail, webhooksTable } from './table';

/** Webhooks (contract/webhooks): CRUD, the secret shown once, test events, the delivery log and redelivery. */

async function checkBody(q: Queryable, body: { url: string; webhook_types: number[] }): Promise<number[]> {
  const refusal = refuseAtSave(body.url);
  if (refusal) throw fieldError('url', refusal);
  const ids = [...new Set(body.webhook_types)];
  const found = await q.select({ id: webhookTypes.id }).from(webhookTypes).where(inArray(webhookTypes.id, ids));
  if (found.length !== ids.length) throw fieldError('webhook_types', 'The selected webhook type is invalid.');
  return ids;
}

async function setSubscriptions(q: Queryable, webhookId: number, typeIds: number[]): Promise<void> {
  await q.delete(webhookSubscriptions).where(eq(webhookSubscriptions.webhookId, webhookId));
  if (typeIds.length) await q.insert(webhookSubscriptions).values(typeIds.map((webhookTypeId) => ({ webhookId, webhookTypeId })));
}

const deliveryColumns = sql`d.id, d.webhook_id, d.event_id, e.type AS event_type, d.status, d.attempts, d.status_code, d.duration_ms,
  d.response_excerpt, d.error, ${utcText(sql`d.created_at`)} AS created_at, ${utcText(sql`d.last_attempt_at`)} AS last_attempt_at, d.redelivery_of`;

interface DeliveryDbRow {
  id: number | string;
  webhook_id: number;
  event_id: string;
  event_type: string;
  status: DeliveryRow['status'];
  attempts: number;
  status_code: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  redelivery_of: number | string | null;
}

const toDelivery = (r: DeliveryDbRow): DeliveryRow => ({
  id: Number(r.id),
  webhookId: r.webhook_id,
  eventId: r.event_id,
  eventType: r.event_type,
  status: r.status,
  attempts: r.attempts,
  statusCode: r.status_code,
  durationMs: r.duration_ms,
  responseExcerpt: r.response_excerpt,
  error: r.error,
  createdAt: r.created_at,
  lastAttemptAt: r.last_attempt_at,
  redeliveryOf: r.redelivery_of === null ? null : Number(r.redelivery_of),
});

async function findDelivery(q: Queryable, id: number): Promise<DeliveryRow | undefined> {
  const row = await one<DeliveryDbRow>(
    q,
    sql`SELECT ${deliveryColumns} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ${id}`,
  );
  return row && toDelivery(row);
}

/** A new delivery of an existing event to a webhook, queued in the same transaction. */
async function queueDelivery(tx: Queryable, webhookId: number, eventId: string, redeliveryOf: number | null): Promise<DeliveryRow> {
  const created = await one<{ id: number | string }>(
    tx,
    sql`INSERT INTO webhook_deliveries (webhook_id, event_id, redelivery_of) VALUES (${webhookId}, ${eventId}, ${redeliveryOf}) RETURNING id`,
  );
  const id = Number(created!.id);
  await enqueueDeliveries(tx, [id]);
  return (await findDelivery(tx, id))!;
}

export const webhooksHandlers = defineHandlers({
  webhooksTable: async ({ query, staff, deps }) => webhooksTable.query(deps.database.db, query, staff),

  webhookTypes: async ({ deps }) => deps.database.db.select().from(webhookTypes).orderBy(webhookTypes.id),

  webhooksStore: async ({ body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const typeIds = await checkBody(tx, body);
      const secret = newWebhookSecret();
      const row = await createRecord(tx, actor, webhookRecord, { url: body.url, isActive: body.is_active, secret });
      await setSubscriptions(tx, row.id, typeIds);
      return { message: `Webhook ${row.id} created. Copy its secret now: it is not shown again.`, webhook: (await findWebhookDetail(tx, row.id))!, secret };
    }),

  webhooksShow: async ({ params: { webhookId }, deps }) => {
    const detail = await findWebhookDetail(deps.database.db, webhookId);
    if (!detail) throw notFound(`Webhook ${webhookId}`);
    return detail;
  },

  webhooksUpdate: async ({ params: { webhookId }, body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await findById(tx, webhookRecord, webhookId, { lock: true });
      const typeIds = await checkBody(tx, body);
      await updateRecord(tx, actor, webhookRecord, webhookId, { url: body.url, isActive: body.is_active });
      await setSubscriptions(tx, webhookId, typeIds);
      return { message: `Webhook ${webhookId} saved.`, webhook: (await findWebhookDetail(tx, webhookId))! };
    }),

  webhooksDestroy: async ({ params: { webhookId }, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await deleteRecord(tx, actor, webhookRecord, webhookId);
      return { message: `Webhook ${webhookId} deleted.` };
    }),

  webhooksRotateSecret: async ({ params: { webhookId }, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const secret = newWebhookSecret();
      await updateRecord(tx, actor, webhookRecord, webhookId, { secret, secretRotatedAt: new Date() }, { event: 'secret_rotated' });
      return {
        message: `A new secret for webhook ${webhookId}. Copy it now: it is not shown again.`,
        webhook: (await findWebhookDetail(tx, webhookId))!,
        secret,
      };
    }),

  webhooksTest: async ({ params: { webhookId }, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const webhook = await findById(tx, webhookRecord, webhookId);
      const { panelName } = await getSettings(tx, ['panelName']);
      const event = await one<{ id: string }>(
        tx,
        sql`INSERT INTO webhook_events (id, type, payload) VALUES (gen_random_uuid(), 'webhook.test',
          ${JSON.stringify({ message: `Test event from ${panelName}.`, webhook_id: webhook.id })}::jsonb) RETURNING id`,
      );
      const delivery = await queueDelivery(tx, webhook.id, event!.id, null);
      return { message: `Test event queued for webhook ${webhook.id}.`, delivery };
    }),

  webhooksDeliveries: async ({ params: { webhookId }, query, deps }) => {
    const db = deps.database.db;
    await findById(db, webhookRecord, webhookId);
    const items = await rows<DeliveryDbRow>(
      db,
      sql`SELECT ${deliveryColumns} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE d.webhook_id = ${webhookId} ORDER BY d.id DESC LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
    );
    const total = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${webhookId}`);
    return { items: items.map(toDelivery), totalItemsCount: total!.n };
  },

  webhookDeliveriesShow: async ({ params: { deliveryId }, deps }) => {
    const db = deps.database.db;
    const delivery = await findDelivery(db, deliveryId);
    if (!delivery) throw notFound(`Delivery ${deliveryId}`);
    const event = await one<{ payload: unknown; created_at: string }>(
      db,
      sql`SELECT payload, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM webhook_events WHERE id = ${delivery.eventId}`,
    );
    const attempts = await rows<{
      attempt: number;
      started_at: string;
      status_code: number | null;
      duration_ms: number;
      response_excerpt: string | null;
      error: string | null;
    }>(
      db,
      sql`SELECT attempt, ${utcText(sql`started_at`)} AS started_at, status_code, duration_ms, response_excerpt, error
          FROM webhook_delivery_attempts WHERE delivery_id = ${deliveryId} ORDER BY attempt`,
    );
    const detail: DeliveryDetail = {
      ...delivery,
      payload: { id: delivery.eventId, type: delivery.eventType, created_at: event!.created_at, data: event!.payload },
      attemptsLog: attempts.map((a) => ({
        attempt: a.attempt,
        startedAt: a.started_at,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        responseExcerpt: a.response_excerpt,
        error: a.error,
      })),
    };
    return detail;
  },

  webhookDeliveriesRedeliver: async ({ params: { deliveryId }, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const original = await findDelivery(tx, deliveryId);
      if (!original) throw notFound(`Delivery ${deliveryId}`);
      const delivery = await queueDelivery(tx, original.webhookId, original.eventId, original.id);
      return { message: `Event ${original.eventId} queued again for webhook ${original.webhookId} (delivery ${delivery.id}).`, delivery };
    }),
});
