import { sql } from 'drizzle-orm';
import type { Permission } from '../../../contract/permissions';
import { tableRequestSchema } from '../../../contract/table';
import { USERS_TABLE, type SellerStatus, type UserRow, type UserRowActions, type UserStatus } from '../../../contract/users';
import { USER_ACTIONS, type UserActionFacts } from '../../../contract/users/actions';
import type { Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { decimalText, defineTable, utcText, type TableContext } from '../../table';

/**
 * The users list on the generic table builder. The same definition answers one row by id (after an
 * action) and the affiliates sub-list, so every surface shows the
 * same fields and flags.
 */

const allows = (action: UserActionFacts, status: UserStatus, permissions: ReadonlySet<Permission>) =>
  action.from.includes(status) && permissions.has(endpointPermission(action.endpoint));

/** Row flags: state and permission together (the status actions' facts are the contract's USER_ACTIONS). */
export function userRowActions(status: UserStatus, permissions: ReadonlySet<Permission>): UserRowActions {
  return {
    editable: permissions.has('editUsers'),
    freezable: allows(USER_ACTIONS.freeze, status, permissions),
    deactivatable: allows(USER_ACTIONS.deactivate, status, permissions),
    activatable: allows(USER_ACTIONS.activate, status, permissions),
  };
}

export interface UserDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  telegram_username: string | null;
  balance: string;
  spent: string;
  grade_id: number | null;
  grade_name: string | null;
  messengers: boolean;
  user_service_exists: boolean;
  created_at: string;
  affiliate_code: string | null;
  affiliates: number | string;
  seller_id: number | null;
  seller_email: string | null;
  seller_status: SellerStatus | null;
  marketing_subid: string | null;
  status: UserStatus;
  frozen_at: string | null;
  deactivated_at: string | null;
}

/** A messenger counts when any handle in the object is non-empty (null and '' do not). */
const messengersSet = sql`CASE WHEN jsonb_typeof(u.messengers) = 'object'
  THEN EXISTS (SELECT 1 FROM jsonb_each_text(u.messengers) m WHERE coalesce(m.value, '') <> '') ELSE false END`;
const userServiceExists = sql`EXISTS (SELECT 1 FROM user_services us WHERE us.user_id = u.id)`;
const affiliatesCount = sql`(SELECT count(*) FROM users a WHERE a.referrer_id = u.id)`;

export function mapUserRow(row: UserDbRow, ctx: TableContext): UserRow {
  const item: UserRow = {
    id: row.id,
    name: row.name,
    email: row.email,
    telegramUsername: row.telegram_username,
    balance: row.balance,
    spent: row.spent,
    messengers: row.messengers,
    userServiceExists: row.user_service_exists,
    createdAt: row.created_at,
    affiliateCode: row.affiliate_code,
    affiliates: Number(row.affiliates),
    seller: row.seller_id === null ? null : { id: row.seller_id, email: row.seller_email ?? '' },
    sellerStatus: row.seller_status,
    marketingSubid: row.marketing_subid,
    status: row.status,
    frozenAt: row.frozen_at,
    deactivatedAt: row.deactivated_at,
    actions: userRowActions(row.status, ctx.permissions),
  };
  // The grade column needs viewGrades: without it the field is left out.
  if (ctx.permissions.has('viewGrades')) {
    item.currentGrade = row.grade_id === null ? null : { id: row.grade_id, name: row.grade_name ?? '' };
  }
  return item;
}

export const usersTable = defineTable(USERS_TABLE, {
  from: sql`users u
    LEFT JOIN grades g ON g.id = u.current_grade_id
    LEFT JOIN staff_members s ON s.id = u.seller_id`,
  select: sql`u.id, u.name, u.email, u.telegram_username,
    ${decimalText(sql`u.balance`)} AS balance, ${decimalText(sql`u.spent`)} AS spent,
    g.id AS grade_id, g.name AS grade_name,
    ${messengersSet} AS messengers, ${userServiceExists} AS user_service_exists,
    ${utcText(sql`u.created_at`)} AS created_at, u.affiliate_code,
    ${affiliatesCount}::int AS affiliates,
    s.id AS seller_id, s.email AS seller_email, u.seller_status, u.marketing_subid, u.status,
    ${utcText(sql`u.frozen_at`)} AS frozen_at, ${utcText(sql`u.deactivated_at`)} AS deactivated_at`,
  id: sql`u.id`,
  columns: {
    id: { sql: sql`u.id` },
    name: { sql: sql`u.name` },
    email: { sql: sql`u.email` },
    telegramUsername: { sql: sql`u.telegram_username`, nullable: true },
    balance: { sql: sql`u.balance` },
    spent: { sql: sql`u.spent` },
    // Sorted by name, filtered by grade id.
    'currentGrade.name': { sql: sql`g.name`, filterSql: sql`u.current_grade_id`, nullable: true },
    messengers: { sql: messengersSet },
    userServiceExists: { sql: userServiceExists },
    createdAt: { sql: sql`u.created_at` },
    affiliateCode: { sql: sql`u.affiliate_code`, nullable: true },
    affiliates: { sql: affiliatesCount },
    // Sorted by e-mail, filtered by staff id.
    'seller.email': { sql: sql`s.email`, filterSql: sql`u.seller_id`, nullable: true },
    sellerStatus: { sql: sql`u.seller_status`, nullable: true },
    marketingSubid: { sql: sql`u.marketing_subid`, nullable: true },
    status: { sql: sql`u.status` },
    frozenAt: { sql: sql`u.frozen_at`, nullable: true },
    deactivatedAt: { sql: sql`u.deactivated_at`, nullable: true },
  },
  search: [sql`u.email`, sql`u.name`, sql`u.telegram_username`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapUserRow,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

/** One user as a table row (with the caller's flags), or undefined when there is none. */
export async function findUserRow(q: Queryable, userId: number, ctx: TableContext): Promise<UserRow | undefined> {
  const { items } = await usersTable.query(q, ONE_ROW, ctx, { where: sql`u.id = ${userId}` });
  return items[0];
}
