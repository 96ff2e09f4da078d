import type { Endpoints } from '../../../contract/endpoints';
import type { OrderRow } from '../../../contract/orders';
import type { Queryable } from '../../db/client';
import type { AppDeps, StaffContext } from '../../deps';
import { fieldError, HttpError, notFound } from '../../http/errors';
import { defineHandlers, type HandlerArgs } from '../../http/handlers';
import { findById } from '../../kit/records';
import { toBulkResult, type BulkOutcome } from '../../kit/transition';
import { cancelOrder, defaultRefundAmount, findCancelReason, listCancelReasons, type CancelInput } from './cancel';
import { notifyCountersChanged } from '../../realtime/counters';
import { loadOrderDetail, orderChangeLogs, orderRefillRequests, orderStatistics } from './detail';
import { changeProvider, changeUrl, updateComment } from './edits';
import { editOrderCounts, setOrderPartial } from './fixes';
import { displayMoney } from '../../kit/ledger';
import { availableProviders } from './providers';
import { orderRecord } from './records';
import { findOrderRow, ordersTable } from './table';
import { orderTransitions, type SimpleOrderAction } from './transitions';

/**
 * The orders area and the provider picker the order dialogs use. Permissions are checked by the
 * pipeline from the endpoint table; every write runs in one
 * transaction with its audit and change-log entries, and the live counters are told after commit.
 */

async function rowOf(q: Queryable, orderId: number, staff: StaffContext): Promise<OrderRow> {
  const row = await findOrderRow(q, orderId, staff);
  if (!row) throw notFound(`Order ${orderId}`);
  return row;
}

/** approve, activate, pause and complete share one body ({orderId}) and one answer ({message, order}: "Order 12 approved."). */
function transitionHandler(action: SimpleOrderAction) {
  const transition = orderTransitions[action];
  return async ({ body: { orderId }, staff, actor, deps }: HandlerArgs<Endpoints['ordersApprove']>) =>
    transition.run(deps, actor, orderId, async (tx) => ({ message: `Order ${orderId} ${transition.event}.`, order: await rowOf(tx, orderId, staff) }));
}

function bulkTransitionHandler(action: Exclude<SimpleOrderAction, 'approve'>) {
  return async ({ body, actor, deps }: HandlerArgs<Endpoints['ordersBulkActivate']>) => orderTransitions[action].runMany(deps, actor, body.ordersIds);
}

async function requireCancelReason(deps: AppDeps, value: string): Promise<string> {
  const reason = await findCancelReason(deps.database.db, value);
  if (!reason) throw fieldError('cancelReason', 'The selected cancel reason is invalid.');
  return reason.value;
}

const cancelMessage = (orderId: number, verb: string, refunded: string) =>
  Number(refunded) > 0 ? `Order ${orderId} ${verb}; ${displayMoney(refunded)} refunded.` : `Order ${orderId} ${verb}.`;

export const ordersHandlers = defineHandlers({
  ordersTable: async ({ body, staff, deps }) => ordersTable.query(deps.database.db, body, staff),

  ordersRefundAmount: async ({ query, deps }) => {
    const amount = await defaultRefundAmount(deps.database.db, query.orderId);
    if (amount === undefined) throw notFound(`Order ${query.orderId}`);
    return { amount };
  },

  ordersCancelReasons: async ({ deps }) => listCancelReasons(deps.database.db),

  ordersApprove: transitionHandler('approve'),
  ordersActivate: transitionHandler('activate'),
  ordersPause: transitionHandler('pause'),
  ordersComplete: transitionHandler('complete'),

  ordersReject: async ({ body, staff, actor, deps }) => {
    const input: CancelInput = {
      action: 'reject',
      cancelReason: null,
      cancelDescription: null,
      returnMoney: true,
      amount: null,
      sendEmailNotification: false,
    };
    const result = await deps.database.db.transaction(async (tx) => {
      const { refunded } = await cancelOrder(tx, actor, body.orderId, input);
      return { message: cancelMessage(body.orderId, 'rejected', refunded), refunded, order: await rowOf(tx, body.orderId, staff) };
    });
    notifyCountersChanged(deps);
    return result;
  },

  ordersSetPartial: async ({ body, staff, actor, deps }) => {
    const result = await deps.database.db.transaction(async (tx) => {
      const { refunded } = await setOrderPartial(tx, actor, body.orderId, body.remains);
      const message = `Order ${body.orderId} set partial${Number(refunded) > 0 ? `; ${displayMoney(refunded)} refunded` : ''}.`;
      return { message, refunded, order: await rowOf(tx, body.orderId, staff) };
    });
    notifyCountersChanged(deps);
    return result;
  },

  ordersEditCounts: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await editOrderCounts(tx, actor, body.orderId, { startCount: body.startCount, remains: body.remains });
      return { message: `Order ${body.orderId}: start count and remains saved.`, order: await rowOf(tx, body.orderId, staff) };
    }),

  ordersCancel: async ({ body, staff, actor, deps }) => {
    const input: CancelInput = {
      action: 'cancel',
      cancelReason: await requireCancelReason(deps, body.cancelReason),
      cancelDescription: body.cancelDescription,
      returnMoney: body.returnMoney,
      amount: body.amount ?? null,
      sendEmailNotification: body.sendEmailNotification,
    };
    const result = await deps.database.db.transaction(async (tx) => {
      const { refunded } = await cancelOrder(tx, actor, body.orderId, input);
      return { message: cancelMessage(body.orderId, 'canceled', refunded), refunded, order: await rowOf(tx, body.orderId, staff) };
    });
    notifyCountersChanged(deps);
    return result;
  },

  ordersBulkCancel: async ({ body, actor, deps }) => {
    const input: CancelInput = {
      action: 'cancel',
      cancelReason: await requireCancelReason(deps, body.cancelReason),
      cancelDescription: body.cancelDescription,
      returnMoney: body.returnMoney,
      amount: null,
      sendEmailNotification: body.sendEmailNotification,
    };
    // One transaction per order: each refund locks only its own customer, and one failure does
    // not undo the others.
    const outcome: BulkOutcome = { done: [], failed: [] };
    for (const orderId of [...new Set(body.ordersIds)]) {
      try {
        await deps.database.db.transaction((tx) => cancelOrder(tx, actor, orderId, input));
        outcome.done.push(orderId);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        outcome.failed.push({ id: orderId, error });
      }
    }
    if (outcome.done.length) notifyCountersChanged(deps);
    return toBulkResult(outcome);
  },

  ordersBulkActivate: bulkTransitionHandler('activate'),
  ordersBulkPause: bulkTransitionHandler('pause'),
  ordersBulkComplete: bulkTransitionHandler('complete'),

  ordersChangeUrl: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await changeUrl(tx, actor, body.orderId, body.url);
      return { message: `Order ${body.orderId}: url saved.`, order: await rowOf(tx, body.orderId, staff) };
    }),

  ordersUpdateComment: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await updateComment(tx, actor, body.orderId, body.comment);
      return { message: `Order ${body.orderId}: comment saved.`, order: await rowOf(tx, body.orderId, staff) };
    }),

  ordersChangeProvider: async ({ body, actor, deps }) => {
    const outcome = await deps.database.db.transaction((tx) => changeProvider(tx, actor, body.orderIds, body.providerId, body.quantity ?? null));
    if (outcome.done.length) notifyCountersChanged(deps);
    return toBulkResult(outcome);
  },

  ordersChangeLogs: async ({ params: { orderId }, deps }) => {
    await findById(deps.database.db, orderRecord, orderId);
    return orderChangeLogs(deps.database.db, orderId);
  },

  ordersStatistics: async ({ params, deps }) => orderStatistics(deps.database.db, params.orderId),

  ordersRefillRequests: async ({ params: { orderId }, deps }) => {
    await findById(deps.database.db, orderRecord, orderId);
    return orderRefillRequests(deps.database.db, orderId);
  },

  ordersShow: async ({ params, staff, deps }) => loadOrderDetail(deps.database.db, params.orderId, staff),

  providersAvailableForOrderRecreate: async ({ query, deps }) => availableProviders(deps.database.db, query),
});
