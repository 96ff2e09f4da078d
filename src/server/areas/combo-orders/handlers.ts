import type { Endpoints } from '../../../contract/endpoints';
import { defineHandlers, type HandlerArgs } from '../../http/handlers';
import { loadComboOrderDetail } from './detail';
import { comboOrdersTable, findComboOrderRow } from './table';
import { comboTransitions, countInModeration, type ComboAction } from './transitions';

/** Combo orders: list, one, in-moderation count, approve, reject, complete. */

/** One body ({comboOrderId}) and one answer ({message, comboOrder}: "Combo order 12 approved."). */
function transitionHandler(action: ComboAction) {
  const transition = comboTransitions[action];
  // The row was just changed in the same transaction, so it is there.
  return async ({ body: { comboOrderId: id }, staff, actor, deps }: HandlerArgs<Endpoints['comboOrdersApprove']>) =>
    transition.run(deps, actor, id, async (tx) => ({
      message: `Combo order ${id} ${transition.event}.`,
      comboOrder: (await findComboOrderRow(tx, id, staff))!,
    }));
}

export const comboOrdersHandlers = defineHandlers({
  comboOrdersList: async ({ query, staff, deps }) => comboOrdersTable.query(deps.database.db, query, staff),
  comboOrdersTable: async ({ body, staff, deps }) => comboOrdersTable.query(deps.database.db, body, staff),

  comboOrdersInModeration: async ({ deps }) => ({ orders_in_moderation: await countInModeration(deps.database.db) }),

  comboOrdersShow: async ({ params, staff, deps }) => loadComboOrderDetail(deps.database.db, params.comboOrderId, staff),

  comboOrdersApprove: transitionHandler('approve'),
  comboOrdersReject: transitionHandler('reject'),
  comboOrdersComplete: transitionHandler('complete'),
});
