import { notFound } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { cancelSubscription, loadSubscriptionDetail, subscriptionCollections } from './actions';
import { findSubscriptionRow, subscriptionsTable } from './table';

/** Subscriptions (operations.md §7 "Subscriptions"): list, collections, one, cancel. */
export const subscriptionsHandlers = defineHandlers({
  subscriptionsTable: async ({ body, staff, deps }) => subscriptionsTable.query(deps.database.db, body, staff),

  subscriptionsCollections: async () => subscriptionCollections(),

  subscriptionsShow: async ({ params, staff, deps }) => loadSubscriptionDetail(deps.database.db, params.subscriptionId, staff),

  subscriptionsCancel: async ({ params: { subscriptionId: id }, staff, actor, deps }) => {
    return deps.database.db.transaction(async (tx) => {
      await cancelSubscription(tx, actor, id);
      const subscription = await findSubscriptionRow(tx, id, staff);
      if (!subscription) throw notFound('Subscription');
      return { message: `Subscription ${id} canceled.`, subscription };
    });
  },
});
