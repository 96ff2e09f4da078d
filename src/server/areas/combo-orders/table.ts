import { sql } from 'drizzle-orm';
import { COMBO_ORDERS_TABLE, type ComboOrderActions, type ComboOrderRow, type ComboOrderStatus, type PackageType } from '../../../contract/combo-orders';
import { COMBO_ORDER_ACTIONS } from '../../../contract/combo-orders/actions';
import type { Permission } from '../../../contract/permissions';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTable, utcText, type TableContext } from '../../table';

/** The combo orders list on the generic table builder (also one row after an action). */

const ACTION_PERMISSIONS = Object.values(COMBO_ORDER_ACTIONS).map((facts) => ({ facts, permission: endpointPermission(facts.endpoint) }));

/** Row flags: state and permission together (the contract's COMBO_ORDER_ACTIONS). */
export function comboOrderActions(status: ComboOrderStatus, permissions: ReadonlySet<Permission>): ComboOrderActions {
  const flags = {} as ComboOrderActions;
  for (const { facts, permission } of ACTION_PERMISSIONS) flags[facts.flag] = permissions.has(permission) && facts.from.includes(status);
  return flags;
}

export interface ComboOrderDbRow extends Record<string, unknown> {
  id: number;
  status: ComboOrderStatus;
  user_id: number;
  user_email: string;
  user_telegram_username: string | null;
  url: string;
  package_id: number;
  package_type: PackageType;
  package_name: string;
  orders_count: number;
  created_at: string;
}

export function mapComboOrderRow(row: ComboOrderDbRow, ctx: TableContext): ComboOrderRow {
  return {
    id: row.id,
    status: row.status,
    user: { id: row.user_id, email: row.user_email, telegramUsername: row.user_telegram_username },
    url: row.url,
    package: { id: row.package_id, type: row.package_type, name: row.package_name },
    ordersCount: row.orders_count,
    createdAt: row.created_at,
    actions: comboOrderActions(row.status, ctx.permissions),
  };
}

/** A manual package counts as one order, whatever was recorded. */
const ordersCount = sql`(CASE WHEN p.type = 'manual' THEN 1 ELSE c.orders_count END)`;

export const comboOrdersTable = defineTable(COMBO_ORDERS_TABLE, {
  from: sql`combo_orders c
    JOIN users u ON u.id = c.user_id
    JOIN packages p ON p.id = c.package_id`,
  select: sql`c.id, c.status, u.id AS user_id, u.email AS user_email, u.telegram_username AS user_telegram_username, c.url,
    p.id AS package_id, p.type AS package_type, p.name AS package_name, ${ordersCount} AS orders_count,
    ${utcText(sql`c.created_at`)} AS created_at`,
  id: sql`c.id`,
  columns: {
    id: { sql: sql`c.id` },
    status: { sql: sql`c.status` },
    'user.email': { sql: sql`u.email` },
    url: { sql: sql`c.url` },
    'package.type': { sql: sql`p.type` },
    'package.name': { sql: sql`p.name`, filterSql: sql`c.package_id` },
    ordersCount: { sql: ordersCount },
    createdAt: { sql: sql`c.created_at` },
  },
  search: [sql`c.url`, sql`u.email`, sql`u.telegram_username`, sql`p.name`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapComboOrderRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function findComboOrderRow(q: Queryable, id: number, ctx: TableContext): Promise<ComboOrderRow | undefined> {
  const { items } = await comboOrdersTable.query(q, ONE_ROW, ctx, { where: sql`c.id = ${id}` });
  return items[0];
}
