import { defineHandlers } from '../../http/handlers';
import { cancelHere, cancelRequestsTable, forwardRequest, rejectRequest } from './cancelRequests';

/** Customers' cancel requests: the list and its three actions (cancelRequests.ts). */
export const cancelRequestsHandlers = defineHandlers({
  cancelRequestsTable: async ({ body, staff, deps }) => cancelRequestsTable.query(deps.database.db, body, staff),
  cancelRequestsForward: async ({ params, staff, actor, deps, c }) => forwardRequest(deps, c, actor, params.cancelRequestId, staff),
  cancelRequestsReject: async ({ params, body, staff, actor, deps }) => rejectRequest(deps, actor, params.cancelRequestId, body.note, staff),
  cancelRequestsCancel: async ({ params, staff, actor, deps }) => cancelHere(deps, actor, params.cancelRequestId, staff),
});
