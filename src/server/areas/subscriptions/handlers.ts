import { defineHandlers } from '../../http/handlers';
import { cancelSubscription, loadSubscriptionDetail, subscriptionCollections } from './actions';
import { findSubscriptionRow, subscriptionsTable } from './table';

/** Subscriptions: list, collections, one, cancel. */
export const subscriptionsHandlers = defineHandlers({
  subscriptionsList: async ({ query, staff, deps }) => subscriptionsTable.query(deps.database.db, query, staff),
  subscriptionsTable: async ({ body, staff, deps }) => subscriptionsTable.query(deps.database.db, body, staff),

  subscriptionsCollections: async () => subscriptionCollections(),

  subscriptionsShow: async ({ params, staff, deps }) => loadSubscriptionDetail(deps.database.db, params.subscriptionId, staff),

  // The row was just changed in the same transaction, so it is there.
  subscriptionsCancel: async ({ params: { subscriptionId: id }, staff, actor, deps }) =>
    cancelSubscription.run(deps, actor, id, async (tx) => ({
      message: `Subscription ${id} canceled.`,
      subscription: (await findSubscriptionRow(tx, id, staff))!,
    })),
});
