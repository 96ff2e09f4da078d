import { sql } from 'drizzle-orm';
import {
  SUBSCRIPTIONS_TABLE,
  SUBSCRIPTION_ROW_CONTENTS,
  type BillingType,
  type SubscriptionContent,
  type SubscriptionRow,
  type SubscriptionService,
  type SubscriptionStatus,
  type SubscriptionType,
} from '../../../contract/subscriptions';
import { SUBSCRIPTION_ACTIONS } from '../../../contract/subscriptions/actions';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTable, readScalar, utcText, type TableContext } from '../../table';

/** Who may cancel: the cancel endpoint's permission. */
const CANCEL_PERMISSION = endpointPermission(SUBSCRIPTION_ACTIONS.cancel.endpoint);

/** The subscriptions list on the generic table builder (also one row, and the base of the detail). */

export interface SubscriptionDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  url: string;
  type: SubscriptionType;
  status: SubscriptionStatus;
  user_id: number;
  user_email: string;
  contents_limit: number;
  contents_count: number;
  services: SubscriptionService[] | string | null;
  contents: SubscriptionContent[] | string | null;
  payment_methods: { id: number; name: string; type: string }[] | string | null;
  billing_type: BillingType;
  expired_at: string | null;
  created_at: string;
  completed_at: string | null;
}

const contentsCount = sql`(SELECT count(*) FROM subscription_contents c WHERE c.subscription_id = sb.id)`;

const servicesJson = sql`(SELECT coalesce(json_agg(json_build_object(
    'id', ss.id, 'service', json_build_object('id', s.id, 'name', s.name), 'quantity', ss.quantity,
    'cost', ss.cost::text, 'countries', to_json(ss.countries)) ORDER BY ss.id), '[]'::json)
  FROM subscription_services ss JOIN services s ON s.id = ss.service_id WHERE ss.subscription_id = sb.id)`;

/** Contents as JSON, newest first; `limit` null: all of them. */
export const contentsJson = (limit: number | null) => sql`(SELECT coalesce(json_agg(json_build_object(
    'id', c.id, 'url', c.url, 'ordersIds', to_json(c.order_ids), 'createdAt', ${utcText(sql`c.created_at`)}) ORDER BY c.id DESC), '[]'::json)
  FROM (SELECT * FROM subscription_contents WHERE subscription_id = sb.id ORDER BY id DESC ${limit === null ? sql`` : sql`LIMIT ${limit}`}) c)`;

const paymentMethodsJson = sql`(SELECT coalesce(json_agg(json_build_object('id', pm.id, 'name', pm.name, 'type', pm.type) ORDER BY pm.id), '[]'::json)
  FROM subscription_payment_methods spm JOIN payment_methods pm ON pm.id = spm.payment_method_id WHERE spm.subscription_id = sb.id)`;

export const jsonList = <T>(value: T[] | string | null): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []));

export function mapSubscriptionRow(row: SubscriptionDbRow, ctx: TableContext): SubscriptionRow {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    type: row.type,
    status: row.status,
    user: { id: row.user_id, email: row.user_email },
    contentsLimit: row.contents_limit,
    subscriptionContentsCount: Number(row.contents_count),
    subscriptionServices: jsonList(row.services).map((s) => ({ ...s, countries: s.countries ?? [] })),
    subscriptionContents: jsonList(row.contents).map((c) => ({ ...c, id: Number(c.id), ordersIds: (c.ordersIds ?? []).map(Number) })),
    recurringPaymentMethods: jsonList(row.payment_methods),
    billingType: row.billing_type,
    expiredAt: row.expired_at,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    actions: { cancelable: SUBSCRIPTION_ACTIONS.cancel.from.includes(row.status) && ctx.permissions.has(CANCEL_PERMISSION) },
  };
}

export const subscriptionSelect = (contentsLimit: number | null) => sql`sb.id, sb.name, sb.url, sb.type, sb.status,
    u.id AS user_id, u.email AS user_email, sb.contents_limit, ${contentsCount}::int AS contents_count,
    ${servicesJson} AS services, ${contentsJson(contentsLimit)} AS contents, ${paymentMethodsJson} AS payment_methods,
    sb.billing_type, ${utcText(sql`sb.expired_at`)} AS expired_at, ${utcText(sql`sb.created_at`)} AS created_at,
    ${utcText(sql`sb.completed_at`)} AS completed_at`;

export const subscriptionsTable = defineTable(SUBSCRIPTIONS_TABLE, {
  from: sql`subscriptions sb JOIN users u ON u.id = sb.user_id`,
  select: subscriptionSelect(SUBSCRIPTION_ROW_CONTENTS),
  id: sql`sb.id`,
  columns: {
    id: { sql: sql`sb.id` },
    name: { sql: sql`sb.name` },
    url: { sql: sql`sb.url` },
    type: { sql: sql`sb.type` },
    status: { sql: sql`sb.status` },
    'user.email': { sql: sql`u.email` },
    contentsLimit: { sql: sql`sb.contents_limit` },
    subscriptionContentsCount: { sql: contentsCount },
    // Rows ordering that service (the select's options are services).
    subscriptionServices: {
      sql: sql`sb.id`,
      filter: (value: unknown) => {
        if (value === null || value === '' || value === undefined) return undefined;
        const serviceId = readScalar(value, 'int');
        return sql`EXISTS (SELECT 1 FROM subscription_services ss WHERE ss.subscription_id = sb.id AND ss.service_id = ${serviceId})`;
      },
    },
    billingType: { sql: sql`sb.billing_type` },
    expiredAt: { sql: sql`sb.expired_at`, nullable: true },
    createdAt: { sql: sql`sb.created_at` },
    completedAt: { sql: sql`sb.completed_at`, nullable: true },
  },
  search: [sql`sb.name`, sql`sb.url`, sql`u.email`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapSubscriptionRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function findSubscriptionRow(q: Queryable, id: number, ctx: TableContext): Promise<SubscriptionRow | undefined> {
  const { items } = await subscriptionsTable.query(q, ONE_ROW, ctx, { where: sql`sb.id = ${id}` });
  return items[0];
}
