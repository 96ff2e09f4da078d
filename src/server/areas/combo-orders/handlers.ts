import type { Endpoints } from '../../../contract/endpoints';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { defineHandlers, type HandlerArgs } from '../../http/handlers';
import { countersNotifier, type CountersNotifier } from '../../realtime/counters';
import { comboOrdersTable, findComboOrderRow } from './table';
import { countInModeration, transitionComboOrder, type ComboAction } from './transitions';

/** Combo orders (operations.md §7 "Combo orders"): list, in-moderation count, approve, reject, complete. */

// One notifier per app: the combo count and the orders counters move with these actions.
const notifiers = new WeakMap<AppDeps, CountersNotifier>();
const notifyCounters = (deps: AppDeps) => {
  let notifier = notifiers.get(deps);
  if (!notifier) notifiers.set(deps, (notifier = countersNotifier(deps)));
  notifier.changed();
};

/** Sends a pending counters broadcast now (call before closing the database). */
export async function flushComboOrderCounters(deps: AppDeps): Promise<void> {
  await notifiers.get(deps)?.flush();
}

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
    notifyCounters(deps);
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
