import type { Endpoints } from '../../../contract/endpoints';
import { notFound } from '../../http/errors';
import { defineHandlers, type HandlerArgs } from '../../http/handlers';
import { notifyCountersChanged } from '../../realtime/counters';
import { comboOrdersTable, findComboOrderRow } from './table';
import { countInModeration, transitionComboOrder, type ComboAction } from './transitions';

/** Combo orders (operations.md §7 "Combo orders"): list, in-moderation count, approve, reject, complete. */

const MESSAGES: Record<ComboAction, (id: number) => string> = {
  approve: (id) => `Combo order ${id} approved.`,
  reject: (id) => `Combo order ${id} rejected.`,
  complete: (id) => `Combo order ${id} completed.`,
};

function transitionHandler(action: ComboAction) {
  return async ({ body, staff, actor, deps }: HandlerArgs<Endpoints['comboOrdersApprove']>) => {
    const result = await deps.database.db.transaction(async (tx) => {
      await transitionComboOrder(tx, actor, action, body.comboOrderId);
      const comboOrder = await findComboOrderRow(tx, body.comboOrderId, staff);
      if (!comboOrder) throw notFound('Combo order');
      return { message: MESSAGES[action](body.comboOrderId), comboOrder };
    });
    notifyCountersChanged(deps);
    return result;
  };
}

export const comboOrdersHandlers = defineHandlers({
  comboOrdersTable: async ({ body, staff, deps }) => comboOrdersTable.query(deps.database.db, body, staff),

  comboOrdersInModeration: async ({ deps }) => ({ orders_in_moderation: await countInModeration(deps.database.db) }),

  comboOrdersApprove: transitionHandler('approve'),
  comboOrdersReject: transitionHandler('reject'),
  comboOrdersComplete: transitionHandler('complete'),
});
