import { sql } from 'drizzle-orm';
import { EXTERNAL_PANEL_ORDERS_TABLE, type ExternalPanelOrderRow, type ExternalPanelOrderStatus } from '../../../contract/external-panel-orders';
import { EXTERNAL_PANEL_ORDER_ACTIONS } from '../../../contract/external-panel-orders/actions';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { decimalText, defineTable, utcText, type TableContext } from '../../table';

/**
 * The external-panel orders list on the generic table builder; the same definition answers one row
 * after recreate, so both show the same fields and flags.
 */

/**
 * The recreate rule (its from-statuses: the contract's EXTERNAL_PANEL_ORDER_ACTIONS), as SQL over
 * `e` (the attempt) and `o` (its order): the attempt failed to be
 * accepted, or ended canceled or partial; nothing replaced it (it is the order's latest attempt);
 * and the order is not finished. Used for the row flag and as the condition of the update itself.
 */
const RECREATE = EXTERNAL_PANEL_ORDER_ACTIONS.recreate;
const RECREATE_PERMISSION = endpointPermission(RECREATE.endpoint);

export const recreatableSql = sql`(
  (e.status IN (${sql.join(
    RECREATE.from.map((status) => sql`${status}`),
    sql`, `,
  )}) OR (e.status = 'creating' AND e.error IS NOT NULL) OR e.held_at IS NOT NULL)
  AND e.recreated_at IS NULL
  AND o.status NOT IN ('completed', 'canceled')
  AND NOT EXISTS (SELECT 1 FROM external_panel_orders x WHERE x.order_id = e.order_id AND x.id > e.id)
)`;

/**
 * Follow again (the contract's EXTERNAL_PANEL_ORDER_ACTIONS.follow): the attempt is held, still
 * open at the provider as far as we know, not replaced, and its order not finished.
 */
const FOLLOW = EXTERNAL_PANEL_ORDER_ACTIONS.follow;
const FOLLOW_PERMISSION = endpointPermission(FOLLOW.endpoint);
export const followableSql = sql`(
  e.held_at IS NOT NULL
  AND e.status IN (${sql.join(
    FOLLOW.from.map((status) => sql`${status}`),
    sql`, `,
  )})
  AND e.recreated_at IS NULL
  AND o.status NOT IN ('completed', 'canceled')
)`;

export interface ExternalPanelOrderDbRow extends Record<string, unknown> {
  id: number | string;
  status: ExternalPanelOrderStatus;
  provider_id: number;
  provider_name: string;
  provider_currency: string;
  order_id: number | string;
  external_id: string | null;
  quantity: number;
  url: string;
  charge: string | null;
  start_count: number | null;
  remains: number | null;
  error: string | null;
  answer_raw: string | null;
  held_at: string | null;
  recreated_from_id: number | string | null;
  created_at: string;
  updated_at: string;
  recreatable: boolean;
  followable: boolean;
}

export function mapExternalPanelOrderRow(row: ExternalPanelOrderDbRow, ctx: TableContext): ExternalPanelOrderRow {
  return {
    id: Number(row.id),
    status: row.status,
    provider: { id: row.provider_id, name: row.provider_name, currency: row.provider_currency },
    order: { id: Number(row.order_id) },
    externalId: row.external_id,
    quantity: row.quantity,
    url: row.url,
    charge: row.charge,
    startCount: row.start_count,
    remains: row.remains,
    error: row.error,
    answerRaw: row.answer_raw,
    heldAt: row.held_at,
    recreatedFromId: row.recreated_from_id === null ? null : Number(row.recreated_from_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actions: {
      recreatable: row.recreatable && ctx.permissions.has(RECREATE_PERMISSION),
      followable: row.followable && ctx.permissions.has(FOLLOW_PERMISSION),
    },
  };
}

export const externalPanelOrdersTable = defineTable(EXTERNAL_PANEL_ORDERS_TABLE, {
  from: sql`external_panel_orders e
    JOIN providers p ON p.id = e.provider_id
    JOIN orders o ON o.id = e.order_id`,
  select: sql`e.id, e.status, p.id AS provider_id, p.name AS provider_name, p.currency AS provider_currency, e.order_id, e.external_id, e.quantity, e.url,
    ${decimalText(sql`e.charge`)} AS charge, e.start_count, e.remains, e.error, e.answer_raw,
    ${utcText(sql`e.held_at`)} AS held_at, e.recreated_from_id,
    ${utcText(sql`e.created_at`)} AS created_at, ${utcText(sql`e.updated_at`)} AS updated_at,
    ${recreatableSql} AS recreatable, ${followableSql} AS followable`,
  id: sql`e.id`,
  idType: 'bigint',
  columns: {
    id: { sql: sql`e.id` },
    status: { sql: sql`e.status` },
    'provider.name': { sql: sql`p.name`, filterSql: sql`e.provider_id` },
    'order.id': { sql: sql`e.order_id` },
    externalId: { sql: sql`e.external_id`, nullable: true },
    quantity: { sql: sql`e.quantity` },
    url: { sql: sql`e.url` },
    charge: { sql: sql`e.charge`, nullable: true },
    remains: { sql: sql`e.remains`, nullable: true },
    error: { sql: sql`e.error IS NOT NULL` },
    held: { sql: sql`e.held_at IS NOT NULL` },
    createdAt: { sql: sql`e.created_at` },
    updatedAt: { sql: sql`e.updated_at` },
  },
  search: [sql`e.url`, sql`e.external_id`, sql`p.name`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapExternalPanelOrderRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function findExternalPanelOrderRow(q: Queryable, id: number, ctx: TableContext): Promise<ExternalPanelOrderRow | undefined> {
  const { items } = await externalPanelOrdersTable.query(q, ONE_ROW, ctx, { where: sql`e.id = ${id}` });
  return items[0];
}
