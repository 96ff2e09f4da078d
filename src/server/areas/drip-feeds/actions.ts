import { sql } from 'drizzle-orm';
import type { DripFeedDetail } from '../../../contract/drip-feeds';
import { one, type Queryable } from '../../db/client';
import { dripFeeds } from '../../db/schema/drip-feeds';
import { defineRecord, recordNotFound } from '../../kit/records';
import { DRIP_FEED_ACTIONS } from '../../../contract/drip-feeds/actions';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { utcText, type TableContext } from '../../table';
import { findDripFeedRow } from './table';

export const dripFeedRecord = defineRecord({ table: dripFeeds, thing: 'Drip feed', type: 'drip_feed' });

export async function loadDripFeedDetail(q: Queryable, id: number, ctx: TableContext): Promise<DripFeedDetail> {
  const row = await findDripFeedRow(q, id, ctx);
  if (!row) throw recordNotFound(dripFeedRecord, id);
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
 * Cancel: in processing -> canceled, so a repeat or a race answers 409 ("Drip
 * feed 12 cannot be canceled: it is completed."). No further runs are placed; orders already
 * placed keep their state.
 */
export const cancelDripFeed = defineTransition({
  record: dripFeedRecord,
  action: 'cancel',
  event: DRIP_FEED_ACTIONS.cancel.past,
  from: DRIP_FEED_ACTIONS.cancel.from,
  set: sql`status = 'canceled', canceled_at = now(), next_run_at = NULL`,
  permission: endpointPermission(DRIP_FEED_ACTIONS.cancel.endpoint),
  returning: ['url'],
  information: (change) => `Drip feed ${change.id} (${change.row.url}) canceled: no further runs will be placed.`,
});
