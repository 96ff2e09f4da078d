import { notFound } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { cancelDripFeed, loadDripFeedDetail } from './actions';
import { dripFeedsTable, findDripFeedRow } from './table';

/** Drip feeds (operations.md §7 "Drip feeds"): list, one, cancel. */
export const dripFeedsHandlers = defineHandlers({
  dripFeedsTable: async ({ body, staff, deps }) => dripFeedsTable.query(deps.database.db, body, staff),

  dripFeedsShow: async ({ params, staff, deps }) => loadDripFeedDetail(deps.database.db, params.dripFeedId, staff),

  dripFeedsCancel: async ({ params: { dripFeedId: id }, staff, actor, deps }) => {
    return deps.database.db.transaction(async (tx) => {
      await cancelDripFeed(tx, actor, id);
      const dripFeed = await findDripFeedRow(tx, id, staff);
      if (!dripFeed) throw notFound('Drip feed');
      return { message: `Drip feed ${id} canceled.`, dripFeed };
    });
  },
});
