import { defineHandlers } from '../../http/handlers';
import { cancelDripFeed, loadDripFeedDetail } from './actions';
import { dripFeedsTable, findDripFeedRow } from './table';

/** Drip feeds: list, one, cancel. */
export const dripFeedsHandlers = defineHandlers({
  dripFeedsList: async ({ query, staff, deps }) => dripFeedsTable.query(deps.database.db, query, staff),
  dripFeedsTable: async ({ body, staff, deps }) => dripFeedsTable.query(deps.database.db, body, staff),

  dripFeedsShow: async ({ params, staff, deps }) => loadDripFeedDetail(deps.database.db, params.dripFeedId, staff),

  // The row was just changed in the same transaction, so it is there.
  dripFeedsCancel: async ({ params: { dripFeedId: id }, staff, actor, deps }) =>
    cancelDripFeed.run(deps, actor, id, async (tx) => ({ message: `Drip feed ${id} canceled.`, dripFeed: (await findDripFeedRow(tx, id, staff))! })),
});
