import { sql } from 'drizzle-orm';
import { DRIP_FEEDS_TABLE, type DripFeedOrder, type DripFeedRow, type DripFeedStatus } from '../../../contract/drip-feeds';
import { DRIP_FEED_ACTIONS } from '../../../contract/drip-feeds/actions';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { decimalText, defineTable, FilterValueError, readScalar, utcText, type TableContext } from '../../table';

/** Who may cancel: the cancel endpoint's permission. */
const CANCEL_PERMISSION = endpointPermission(DRIP_FEED_ACTIONS.cancel.endpoint);

/**
 * The drip-feed list on the generic table builder. The same definition answers one row (after
 * cancel, and as the base of the detail), so every surface shows the same fields and flags.
 */

export interface DripFeedDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  url: string;
  status: DripFeedStatus;
  user_id: number;
  user_email: string;
  service_id: number;
  service_name: string;
  total_quantity: number;
  quantity: number;
  runs: number;
  orders: DripFeedOrder[] | string | null;
  price: string;
  countries: string[] | null;
  promotable: boolean;
  minutes_between_runs: number;
  created_at: string;
}

/** The runs as mini rows, oldest first (orders with source_type 'drip_feed' point at the drip feed). */
const runsJson = sql`(SELECT coalesce(json_agg(json_build_object(
    'id', o.id, 'status', o.status, 'quantity', o.quantity, 'currentQuantity', o.current_quantity,
    'createdAt', ${utcText(sql`o.created_at`)}) ORDER BY o.id), '[]'::json)
  FROM orders o WHERE o.source_type = 'drip_feed' AND o.source_id = d.id)`;

/** Countries: rows targeting any of the listed codes. */
function countriesFilter(value: unknown) {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) return undefined;
  if (list.length > 300) throw new FilterValueError('The filter may list at most 300 countries.');
  const codes = list.map((v) => String(readScalar(v, 'text')).trim().toUpperCase());
  return sql`d.countries && ${sql`ARRAY[${sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`}`;
}

export const parseJsonList = <T>(value: T[] | string | null): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []));

export function mapDripFeedRow(row: DripFeedDbRow, ctx: TableContext): DripFeedRow {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.status,
    user: { id: row.user_id, email: row.user_email },
    service: { id: row.service_id, name: row.service_name },
    totalQuantity: Number(row.total_quantity),
    quantity: row.quantity,
    ordersCount: row.runs,
    orders: parseJsonList(row.orders).map((o) => ({ ...o, id: Number(o.id) })),
    price: row.price,
    countries: row.countries ?? [],
    promotable: row.promotable,
    minutesBetweenRuns: row.minutes_between_runs,
    createdAt: row.created_at,
    actions: { cancelable: DRIP_FEED_ACTIONS.cancel.from.includes(row.status) && ctx.permissions.has(CANCEL_PERMISSION) },
  };
}

export const dripFeedsTable = defineTable(DRIP_FEEDS_TABLE, {
  from: sql`drip_feeds d
    JOIN users u ON u.id = d.user_id
    JOIN services s ON s.id = d.service_id`,
  select: sql`d.id, d.name, d.url, d.status, u.id AS user_id, u.email AS user_email, s.id AS service_id, s.name AS service_name,
    (d.quantity::bigint * d.runs) AS total_quantity, d.quantity, d.runs, ${runsJson} AS orders,
    ${decimalText(sql`d.price`)} AS price, d.countries, d.promotable, d.minutes_between_runs,
    ${utcText(sql`d.created_at`)} AS created_at`,
  id: sql`d.id`,
  columns: {
    id: { sql: sql`d.id` },
    name: { sql: sql`d.name` },
    url: { sql: sql`d.url` },
    status: { sql: sql`d.status` },
    'user.email': { sql: sql`u.email` },
    'service.name': { sql: sql`s.name`, filterSql: sql`d.service_id` },
    totalQuantity: { sql: sql`(d.quantity::bigint * d.runs)` },
    quantity: { sql: sql`d.quantity` },
    ordersCount: { sql: sql`d.runs` },
    price: { sql: sql`d.price` },
    countries: { sql: sql`d.countries`, filter: countriesFilter },
    promotable: { sql: sql`d.promotable` },
    minutesBetweenRuns: { sql: sql`d.minutes_between_runs` },
    createdAt: { sql: sql`d.created_at` },
  },
  search: [sql`d.name`, sql`d.url`, sql`u.email`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapDripFeedRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function findDripFeedRow(q: Queryable, id: number, ctx: TableContext): Promise<DripFeedRow | undefined> {
  const { items } = await dripFeedsTable.query(q, ONE_ROW, ctx, { where: sql`d.id = ${id}` });
  return items[0];
}
