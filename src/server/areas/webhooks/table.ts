import { sql } from 'drizzle-orm';
import { WEBHOOKS_TABLE, type DeliveryStatus, type WebhookDetail, type WebhookRow, type WebhookType } from '../../../contract/webhooks';
import { tableRequestSchema } from '../../../contract/table';
import { one, type Queryable } from '../../db/client';
import { defineTable, readScalar, utcText } from '../../table';

interface WebhookDbRow extends Record<string, unknown> {
  id: number;
  url: string;
  is_active: boolean;
  webhook_types: WebhookType[] | null;
  last_status: DeliveryStatus | null;
  last_at: string | null;
  created_at: string;
}

const lastDelivery = sql`(SELECT d.status FROM webhook_deliveries d WHERE d.webhook_id = w.id ORDER BY d.id DESC LIMIT 1)`;

export const webhooksTable = defineTable(WEBHOOKS_TABLE, {
  from: sql`webhooks w`,
  select: sql`w.id, w.url, w.is_active, ${utcText(sql`w.created_at`)} AS created_at,
    (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'type', t.type) ORDER BY t.id)
       FROM webhook_subscriptions s JOIN webhook_types t ON t.id = s.webhook_type_id WHERE s.webhook_id = w.id) AS webhook_types,
    ${lastDelivery} AS last_status,
    (SELECT ${utcText(sql`d.created_at`)} FROM webhook_deliveries d WHERE d.webhook_id = w.id ORDER BY d.id DESC LIMIT 1) AS last_at`,
  id: sql`w.id`,
  columns: {
    id: { sql: sql`w.id` },
    url: { sql: sql`w.url` },
    isActive: { sql: sql`w.is_active` },
    webhookTypes: {
      sql: sql`w.id`,
      filter: (value: unknown) =>
        sql`EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.webhook_id = w.id AND s.webhook_type_id = ${readScalar(value, 'int')})`,
    },
    lastDeliveryStatus: { sql: lastDelivery, nullable: true },
    createdAt: { sql: sql`w.created_at` },
  },
  search: [sql`w.url`],
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: WebhookDbRow): WebhookRow => ({
    id: r.id,
    url: r.url,
    isActive: r.is_active,
    webhookTypes: r.webhook_types ?? [],
    lastDeliveryStatus: r.last_status,
    lastDeliveryAt: r.last_at,
    createdAt: r.created_at,
  }),
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function findWebhookDetail(q: Queryable, id: number): Promise<WebhookDetail | undefined> {
  const row = (await webhooksTable.query(q, ONE_ROW, { permissions: new Set() }, { where: sql`w.id = ${id}` })).items[0];
  if (!row) return undefined;
  const extra = await one<{ secret: string; rotated: string }>(
    q,
    sql`SELECT secret, ${utcText(sql`secret_rotated_at`)} AS rotated FROM webhooks WHERE id = ${id}`,
  );
  return { ...row, secretHint: `…${extra!.secret.slice(-4)}`, secretRotatedAt: extra!.rotated };
}
