import { sql, type SQL } from 'drizzle-orm';
import { ORDERS_TABLE, type OrderRow, type OrderSource, type OrderSourceType, type OrderStatus, type PriceModification } from '../../../contract/orders';
import { tableRequestSchema } from '../../../contract/table';
import { rows, type Queryable } from '../../db/client';
import { containsPattern, decimalText, defineTable, FilterValueError, readScalar, utcText, type TableContext } from '../../table';
import { orderRowActions } from './rules';

/**
 * The orders list on the generic table builder. The same definition answers one row by id after an
 * action, so every surface shows the same fields and
 * flags.
 *
 * Performance notes (bench/orders-table.ts): FROM is the orders table alone, so counts never join
 * (the default view's count is an index-only scan of orders_status_id_idx) and the page walks the
 * primary key backwards; url search uses the trigram index; the e-mail search binds the matching
 * customers' ids, so the planner can combine orders_url_trgm_idx and orders_user_id_idx in one
 * bitmap OR; counts above COUNT_ESTIMATE_ABOVE rows are estimated.
 */

/** Past this many matching rows the total is the planner's estimate (the console says "about"). */
export const COUNT_ESTIMATE_ABOVE = 50_000;

export interface OrderDbRow extends Record<string, unknown> {
  id: number | string;
  status: OrderStatus;
  created_at: string;
  completed_at: string | null;
  name: string;
  service_id: number | null;
  service_name: string | null;
  price: string;
  cost: string;
  user_id: number | null;
  user_json: OrderUserJson | string | null;
  url: string;
  revenue: string;
  quantity: number;
  margin_percent: string | null;
  current_quantity: number;
  percent_of_external_statistics_fill: string | null;
  has_no_active_providers: boolean;
  is_paid: boolean;
  refund_amount: string;
  source: OrderSource;
  source_type: OrderSourceType | null;
  source_id: number | string | null;
  price_modifications: PriceModification[] | string | null;
}

/**
 * Only the orders table is in FROM: the customer and service come from correlated subqueries in
 * the select list (30 rows a page), so counting never joins and the default view's count is an
 * index-only scan of orders_status_id_idx.
 */
const ORDERS_FROM = sql`orders o`;

const revenue = sql`(o.price - o.cost)`;
const marginPercent = sql`(CASE WHEN o.price > 0 THEN round((o.price - o.cost) / o.price * 100, 2) END)`;
const userEmail = sql`(SELECT su.email FROM users su WHERE su.id = o.user_id)`;
const serviceName = sql`(SELECT ss.name FROM services ss WHERE ss.id = o.service_id)`;

const ORDER_SELECT = sql`o.id, o.status, ${utcText(sql`o.created_at`)} AS created_at,
  ${utcText(sql`o.completed_at`)} AS completed_at, o.name,
  o.service_id, ${serviceName} AS service_name,
  ${decimalText(sql`o.price`)} AS price, ${decimalText(sql`o.cost`)} AS cost,
  o.user_id, (SELECT json_build_object('email', su.email, 'telegramUsername', su.telegram_username,
    'balance', su.balance::text, 'spent', su.spent::text) FROM users su WHERE su.id = o.user_id) AS user_json,
  o.url, ${decimalText(revenue)} AS revenue, o.quantity, ${decimalText(marginPercent)} AS margin_percent,
  o.current_quantity, ${decimalText(sql`o.percent_of_external_statistics_fill`)} AS percent_of_external_statistics_fill,
  o.has_no_active_providers, o.is_paid, ${decimalText(sql`o.refund_amount`)} AS refund_amount,
  o.source, o.source_type, o.source_id, o.price_modifications`;

interface OrderUserJson {
  email: string;
  telegramUsername: string | null;
  balance: string;
  spent: string;
}

/** Both drivers parse json; text is accepted in case a driver hands it over raw. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function userOf(row: OrderDbRow): OrderRow['user'] {
  if (row.user_id === null || !row.user_json) return null;
  const u = parsed(row.user_json);
  return { id: row.user_id, email: u.email, telegramUsername: u.telegramUsername, balance: u.balance, spent: u.spent };
}

function priceModificationsOf(value: OrderDbRow['price_modifications']): PriceModification[] {
  if (!value) return [];
  const list: unknown = parsed(value);
  return Array.isArray(list) ? (list as PriceModification[]) : [];
}

export function mapOrderRow(row: OrderDbRow, ctx: TableContext): OrderRow {
  return {
    id: Number(row.id),
    status: row.status,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    name: row.name,
    service: row.service_id === null ? null : { id: row.service_id, name: row.service_name ?? '' },
    price: row.price,
    cost: row.cost,
    user: userOf(row),
    url: row.url,
    revenue: row.revenue,
    quantity: row.quantity,
    marginPercent: row.margin_percent,
    currentQuantity: row.current_quantity,
    percentOfExternalStatisticsFill: row.percent_of_external_statistics_fill,
    hasNoActiveProviders: row.has_no_active_providers,
    isPaid: row.is_paid,
    refundAmount: row.refund_amount,
    source: row.source,
    sourceType: row.source_type,
    sourceId: row.source_id === null ? null : Number(row.source_id),
    priceModifications: priceModificationsOf(row.price_modifications),
    actions: orderRowActions(row.status, ctx.permissions),
  };
}

/** `user.email`: an integer picks the user by id (a select), any other text matches the e-mail. */
function userFilter(value: unknown): SQL | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    return sql`o.user_id = ${readScalar(value, 'int')}`;
  }
  if (typeof value !== 'string') throw new FilterValueError('The filter must be a user id or a text.');
  return sql`o.user_id IN (SELECT su.id FROM users su WHERE su.email ILIKE ${containsPattern(value.trim())})`;
}

/** Up to this many matching customers are bound as constants; more match the subquery itself. */
const EMAIL_SEARCH_IDS = 500;

/**
 * The search box on the customer's e-mail. The matching customers are looked up first and bound
 * as constants: the planner then estimates `user_id IN (…)` from statistics and, for a rare term,
 * reads the few matching orders through the indexes instead of walking every order newest first.
 */
async function matchCustomerEmail(pattern: string, _term: string, q: Queryable): Promise<SQL | undefined> {
  const found = await rows<{ id: number }>(q, sql`SELECT id FROM users WHERE email ILIKE ${pattern} ORDER BY id LIMIT ${EMAIL_SEARCH_IDS + 1}`);
  if (found.length === 0) return undefined;
  if (found.length > EMAIL_SEARCH_IDS) return sql`o.user_id = ANY(ARRAY(SELECT su.id FROM users su WHERE su.email ILIKE ${pattern}))`;
  return sql`o.user_id IN ${found.map((r) => r.id)}`;
}

export const ordersTable = defineTable(ORDERS_TABLE, {
  from: ORDERS_FROM,
  select: ORDER_SELECT,
  id: sql`o.id`,
  idType: 'bigint',
  columns: {
    id: { sql: sql`o.id` },
    status: { sql: sql`o.status` },
    createdAt: { sql: sql`o.created_at` },
    completedAt: { sql: sql`o.completed_at`, nullable: true },
    name: { sql: sql`o.name` },
    'service.name': { sql: serviceName, filterSql: sql`o.service_id`, nullable: true },
    price: { sql: sql`o.price` },
    cost: { sql: sql`o.cost` },
    'user.email': { sql: userEmail, filter: userFilter, nullable: true },
    url: { sql: sql`o.url` },
    revenue: { sql: revenue },
    quantity: { sql: sql`o.quantity` },
    marginPercent: { sql: marginPercent, nullable: true },
    currentQuantity: { sql: sql`o.current_quantity` },
    percentOfExternalStatisticsFill: { sql: sql`o.percent_of_external_statistics_fill`, nullable: true },
    hasNoActiveProviders: { sql: sql`o.has_no_active_providers` },
    isPaid: { sql: sql`o.is_paid` },
    refundAmount: { sql: sql`o.refund_amount` },
    source: { sql: sql`o.source` },
  },
  search: [sql`o.url`, { match: matchCustomerEmail }],
  queries: {
    sourceType: { sql: sql`o.source_type` },
    sourceId: { sql: sql`o.source_id` },
    userId: { sql: sql`o.user_id` },
  },
  defaultSort: [{ key: 'id', desc: true }],
  map: mapOrderRow,
  estimateCountAbove: COUNT_ESTIMATE_ABOVE,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

/** One order as a table row (with the caller's flags), or undefined when there is none. */
export async function findOrderRow(q: Queryable, orderId: number, ctx: TableContext): Promise<OrderRow | undefined> {
  const { items } = await ordersTable.query(q, ONE_ROW, ctx, { where: sql`o.id = ${orderId}` });
  return items[0];
}
