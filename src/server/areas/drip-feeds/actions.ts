import { sql } from 'drizzle-orm';
import type { DripFeedDetail } from '../../../contract/drip-feeds';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, type Queryable } from '../../db/client';
import type { Actor } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { utcText, type TableContext } from '../../table';
import { findDripFeedRow } from './table';

export async function loadDripFeedDetail(q: Queryable, id: number, ctx: TableContext): Promise<DripFeedDetail> {
  const row = await findDripFeedRow(q, id, ctx);
  if (!row) throw notFound('Drip feed');
  const extra = (await one<{ next_run_at: string | null; completed_at: string | null; canceled_at: string | null; updated_at: string }>(
    q,
    sql`SELECT ${utcText(sql`next_run_at`)} AS next_run_at, ${utcText(sql`completed_at`)} AS completed_at,
          ${utcText(sql`canceled_at`)} AS canceled_at, ${utcText(sql`updated_at`)} AS updated_at
        FROM drip_feeds WHERE id = ${id}`,
  ))!;
  return {
    ...row,
    completedRunsCount: row.orders.filter((o) => o.status === 'completed').length,
    nextRunAt: row.status === 'in_processing' && row.orders.length < row.ordersCount ? extra.next_run_at : null,
    completedAt: extra.completed_at,
    canceledAt: extra.canceled_at,
    updatedAt: extra.updated_at,
  };
}

/**
 * Cancel (operations.md §4): in processing -> canceled, by a conditional update, so a repeat or a
 * race answers 409. No further runs are placed; orders already placed keep their state.
 */
export async function cancelDripFeed(q: Queryable, actor: Actor, id: number): Promise<void> {
  const changed = await one<{ id: number; url: string; old_status: string }>(
    q,
    sql`WITH old AS (SELECT id, status FROM drip_feeds WHERE id = ${id} AND status = 'in_processing' FOR UPDATE)
        UPDATE drip_feeds d SET status = 'canceled', canceled_at = now(), next_run_at = NULL, updated_at = now()
          FROM old WHERE d.id = old.id
        RETURNING d.id, d.url, old.status AS old_status`,
  );
  if (!changed) {
    const existing = await one<{ status: string }>(q, sql`SELECT status FROM drip_feeds WHERE id = ${id}`);
    if (!existing) throw notFound('Drip feed');
    throw conflict(`Drip feed ${id} cannot be canceled: it is ${existing.status.replace('_', ' ')}.`);
  }
  await writeAudit(q, actor, {
    event: 'canceled',
    auditableType: 'drip_feed',
    auditableId: id,
    oldValues: { status: changed.old_status },
    newValues: { status: 'canceled' },
  });
  await writeChangeLog(q, actor, {
    actionType: 'cancel',
    modelType: 'drip_feed',
    modelId: id,
    information: `Drip feed ${id} (${changed.url}) canceled: no further runs will be placed.`,
  });
}
