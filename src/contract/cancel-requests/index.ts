import { z } from 'zod';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { dateTime, id } from '../fields';
import { orderStatusSchema } from '../orders';
import { tableEndpoint } from '../table';
import { CANCEL_REQUEST_STATUSES, CANCEL_REQUESTS_TABLE } from './columns';

export * from './columns';

/**
 * Customers' cancel requests (docs/upstream.md): a customer asks through the customer API to
 * cancel one of their open orders; staff forward the request to the order's provider (API v2
 * `cancel`), reject it with a note, or cancel the order here with the refund of its undelivered
 * share. Reading needs viewOrders, acting manageOrders; `actions` folds state and permission in.
 */

export const cancelRequestStatusSchema = z.enum(CANCEL_REQUEST_STATUSES);

export const cancelRequestActionsSchema = z.object({
  /** Pending, the order is at a provider, and manageOrders. */
  forwardable: z.boolean(),
  /** Pending or forwarded, and manageOrders. */
  rejectable: z.boolean(),
  /** Pending or forwarded, the order is open, and manageOrders. */
  cancelable: z.boolean(),
});

export const cancelRequestRowSchema = z.object({
  id,
  status: cancelRequestStatusSchema,
  order: z.object({ id, status: orderStatusSchema, quantity: z.number().int(), currentQuantity: z.number().int() }),
  user: z.object({ id, email: z.string() }),
  /** The provider the order is at; null when it is at none. */
  provider: z.string().nullable(),
  /** The order's id at its provider. */
  externalId: z.string().nullable(),
  /** Staff's note (a rejection's reason) or what closed the request. */
  note: z.string().nullable(),
  /** The provider's refusal of the last forward, as it said it. */
  error: z.string().nullable(),
  createdAt: dateTime,
  forwardedAt: dateTime.nullable(),
  resolvedAt: dateTime.nullable(),
  actions: cancelRequestActionsSchema,
});
export type CancelRequestRow = z.infer<typeof cancelRequestRowSchema>;

export const rejectCancelRequestBodySchema = z.object({
  note: z.string().trim().min(1, 'Write the reason the customer will read.').max(1000),
});
export type RejectCancelRequestBody = z.infer<typeof rejectCancelRequestBodySchema>;

/** Answer of every action: a sentence and the updated row, so the console can patch its cache. */
export const cancelRequestActionResultSchema = z.object({ message: z.string(), cancelRequest: cancelRequestRowSchema });

const params = z.object({ cancelRequestId: pathId('Cancel request') });

export const cancelRequestsEndpoints = {
  cancelRequestsTable: tableEndpoint({
    path: `${ADMIN}/cancel-requests/table`,
    permission: 'viewOrders',
    row: cancelRequestRowSchema,
    table: CANCEL_REQUESTS_TABLE,
    summary: "Customers' cancel requests (table protocol; columns in CANCEL_REQUESTS_TABLE)",
  }),
  cancelRequestsForward: endpoint({
    method: 'POST',
    path: `${ADMIN}/cancel-requests/:cancelRequestId/forward`,
    permission: 'manageOrders',
    params,
    response: cancelRequestActionResultSchema,
    summary:
      "Forward a pending request to the order's provider (API v2 cancel). Accepted is not canceled: the order is canceled and refunded when the provider's status says Canceled or Partial; a refusal is a 422 kept on the request",
  }),
  cancelRequestsReject: endpoint({
    method: 'POST',
    path: `${ADMIN}/cancel-requests/:cancelRequestId/reject`,
    permission: 'manageOrders',
    params,
    body: rejectCancelRequestBodySchema,
    response: cancelRequestActionResultSchema,
    summary: 'Reject a pending or forwarded request with a note; the order goes on',
  }),
  cancelRequestsCancel: endpoint({
    method: 'POST',
    path: `${ADMIN}/cancel-requests/:cancelRequestId/cancel`,
    permission: 'manageOrders',
    params,
    response: cancelRequestActionResultSchema,
    summary: "Cancel the order here (the orders' cancel) with the refund of its undelivered share, once, and close the request",
  }),
};
