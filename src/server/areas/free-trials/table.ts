import { sql } from 'drizzle-orm';
import {
  FREE_TRIAL_QUESTS_TABLE,
  FREE_TRIALS_TABLE,
  type FreeTrialQuestKind,
  type FreeTrialQuestRow,
  type FreeTrialRow,
  type FreeTrialStatus,
} from '../../../contract/free-trials';
import { tableRequestSchema } from '../../../contract/table';
import { rows, type Queryable } from '../../db/client';
import { defineTable, utcText, type TableContext } from '../../table';
import { approveFreeTrial, rejectFreeTrial } from './records';

/**
 * The request and quest lists on the generic table builder; the same definitions answer one row
 * after an action and for the show endpoints, so every surface shows the same fields and flags.
 */

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });
const EMAIL_SEARCH_IDS = 500;
const manages = (ctx: TableContext) => ctx.permissions.has('manageFreeTrials');
const archiveState = (alias: string) => sql.raw(`CASE WHEN ${alias}.is_archived THEN 'archived' ELSE 'active' END`);

interface FreeTrialDbRow extends Record<string, unknown> {
  id: number;
  status: FreeTrialStatus;
  user_id: number | null;
  user_email: string | null;
  service_id: number | null;
  service_name: string | null;
  quest_id: number | null;
  quest_name: string | null;
  url: string;
  quantity: number;
  comment: string | null;
  admin_note: string | null;
  order_id: number | string | null;
  is_archived: boolean;
  created_at: string;
  decided_at: string | null;
  decider_id: number | null;
  decider_name: string | null;
}

export const freeTrialsTable = defineTable(FREE_TRIALS_TABLE, {
  from: sql`free_trial_requests r
    LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN services s ON s.id = r.service_id
    LEFT JOIN free_trial_quests q ON q.id = r.quest_id
    LEFT JOIN staff_members st ON st.id = r.decided_by`,
  select: sql`r.id, r.status, u.id AS user_id, u.email AS user_email, s.id AS service_id, s.name AS service_name,
    q.id AS quest_id, q.name AS quest_name, r.url, r.quantity, r.comment, r.admin_note, r.order_id, r.is_archived,
    ${utcText(sql`r.created_at`)} AS created_at, ${utcText(sql`r.decided_at`)} AS decided_at,
    st.id AS decider_id, st.name AS decider_name`,
  id: sql`r.id`,
  columns: {
    id: { sql: sql`r.id` },
    status: { sql: sql`r.status` },
    'user.email': { sql: sql`u.email`, nullable: true },
    'service.name': { sql: sql`s.name`, filterSql: sql`r.service_id`, nullable: true },
    'quest.name': { sql: sql`q.name`, filterSql: sql`r.quest_id`, nullable: true },
    url: { sql: sql`r.url` },
    quantity: { sql: sql`r.quantity` },
    comment: { sql: sql`r.comment` },
    adminNote: { sql: sql`r.admin_note` },
    orderId: { sql: sql`r.order_id`, nullable: true },
    archive: { sql: archiveState('r') },
    createdAt: { sql: sql`r.created_at` },
    decidedAt: { sql: sql`r.decided_at`, nullable: true },
  },
  search: [
    sql`r.url`,
    sql`r.comment`,
    {
      async match(pattern: string, _term: string, q: Queryable) {
        const found = await rows<{ id: number }>(q, sql`SELECT id FROM users WHERE email ILIKE ${pattern} ORDER BY id LIMIT ${EMAIL_SEARCH_IDS + 1}`);
        if (found.length === 0) return undefined;
        if (found.length > EMAIL_SEARCH_IDS) return sql`r.user_id = ANY(ARRAY(SELECT su.id FROM users su WHERE su.email ILIKE ${pattern}))`;
        return sql`r.user_id IN ${found.map((r) => r.id)}`;
      },
    },
  ],
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: FreeTrialDbRow, ctx): FreeTrialRow => ({
    id: r.id,
    status: r.status,
    user: r.user_id !== null ? { id: r.user_id, email: r.user_email! } : null,
    service: r.service_id !== null ? { id: r.service_id, name: r.service_name! } : null,
    quest: r.quest_id !== null ? { id: r.quest_id, name: r.quest_name! } : null,
    url: r.url,
    quantity: r.quantity,
    comment: r.comment,
    adminNote: r.admin_note,
    orderId: r.order_id === null ? null : Number(r.order_id),
    isArchived: r.is_archived,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    decidedBy: r.decider_id !== null ? { id: r.decider_id, name: r.decider_name! } : null,
    actions: {
      approvable: !r.is_archived && approveFreeTrial.allows(r.status, ctx.permissions),
      rejectable: !r.is_archived && rejectFreeTrial.allows(r.status, ctx.permissions),
      editable: !r.is_archived && r.status === 'pending' && manages(ctx),
      archivable: !r.is_archived && r.status !== 'pending' && manages(ctx),
      restorable: r.is_archived && manages(ctx),
    },
  }),
});

export async function findFreeTrialRow(q: Queryable, id: number, ctx: TableContext): Promise<FreeTrialRow | undefined> {
  return (await freeTrialsTable.query(q, ONE_ROW, ctx, { where: sql`r.id = ${id}` })).items[0];
}

interface QuestDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  description: string;
  kind: FreeTrialQuestKind;
  task_url: string;
  service_id: number | null;
  service_name: string | null;
  quantity: number;
  per_user_limit: number;
  is_enabled: boolean;
  is_archived: boolean;
  requests_count: number;
  pending_count: number;
  created_at: string;
}

const requestsCount = sql`(SELECT count(*)::int FROM free_trial_requests fr WHERE fr.quest_id = q.id)`;
const pendingCount = sql`(SELECT count(*)::int FROM free_trial_requests fr WHERE fr.quest_id = q.id AND fr.status = 'pending')`;

export const questsTable = defineTable(FREE_TRIAL_QUESTS_TABLE, {
  from: sql`free_trial_quests q LEFT JOIN services s ON s.id = q.service_id`,
  select: sql`q.id, q.name, q.description, q.kind, q.task_url, s.id AS service_id, s.name AS service_name, q.quantity,
    q.per_user_limit, q.is_enabled, q.is_archived, ${requestsCount} AS requests_count, ${pendingCount} AS pending_count,
    ${utcText(sql`q.created_at`)} AS created_at`,
  id: sql`q.id`,
  columns: {
    id: { sql: sql`q.id` },
    name: { sql: sql`q.name` },
    kind: { sql: sql`q.kind` },
    'service.name': { sql: sql`s.name`, filterSql: sql`q.service_id`, nullable: true },
    quantity: { sql: sql`q.quantity` },
    perUserLimit: { sql: sql`q.per_user_limit` },
    isEnabled: { sql: sql`q.is_enabled` },
    archive: { sql: archiveState('q') },
    requestsCount: { sql: requestsCount },
    pendingCount: { sql: pendingCount },
    createdAt: { sql: sql`q.created_at` },
  },
  search: [sql`q.name`, sql`q.description`, sql`q.task_url`],
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: QuestDbRow, ctx): FreeTrialQuestRow => ({
    id: r.id,
    name: r.name,
    description: r.description,
    kind: r.kind,
    taskUrl: r.task_url,
    service: r.service_id !== null ? { id: r.service_id, name: r.service_name! } : null,
    quantity: r.quantity,
    perUserLimit: r.per_user_limit,
    isEnabled: r.is_enabled,
    isArchived: r.is_archived,
    requestsCount: Number(r.requests_count),
    pendingCount: Number(r.pending_count),
    createdAt: r.created_at,
    actions: { editable: !r.is_archived && manages(ctx), archivable: !r.is_archived && manages(ctx), restorable: r.is_archived && manages(ctx) },
  }),
});

export async function findQuestRow(q: Queryable, id: number, ctx: TableContext): Promise<FreeTrialQuestRow | undefined> {
  return (await questsTable.query(q, ONE_ROW, ctx, { where: sql`q.id = ${id}` })).items[0];
}
