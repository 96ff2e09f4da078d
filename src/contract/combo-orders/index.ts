import { z } from 'zod';
import { id, positiveId, dateTime, money, refSchema } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { orderStatusSchema } from '../orders';
import { tableEndpoint, tableListEndpoint } from '../table';
import { COMBO_ORDERS_TABLE, COMBO_ORDER_STATUSES, PACKAGE_TYPES } from './columns';

export * from './columns';

export const comboOrderStatusSchema = z.enum(COMBO_ORDER_STATUSES);

export const comboOrderActionsSchema = z.object({
  /** In processing, and manageOrders. */
  completable: z.boolean(),
  /** In moderation, and manageOrders. */
  rejectable: z.boolean(),
  /** In moderation, and manageOrders. */
  approvable: z.boolean(),
});
export type ComboOrderActions = z.infer<typeof comboOrderActionsSchema>;

export const comboOrderRowSchema = z.object({
  id,
  status: comboOrderStatusSchema,
  user: z.object({ id, email: z.string(), telegramUsername: z.string().nullable() }),
  url: z.string(),
  package: z.object({ id, type: z.enum(PACKAGE_TYPES), name: z.string() }),
  /** Orders placed for it; 1 for a manual package. */
  ordersCount: z.number().int(),
  createdAt: dateTime,
  actions: comboOrderActionsSchema,
});
export type ComboOrderRow = z.infer<typeof comboOrderRowSchema>;

/** One order the combo order placed (source type 'combo_order', source id the combo order's id). */
export const comboOrderOrderSchema = z.object({
  id,
  status: orderStatusSchema,
  /** Null when the service was deleted since. */
  service: refSchema.nullable(),
  quantity: z.number().int(),
  currentQuantity: z.number().int(),
  price: money,
  createdAt: dateTime,
});
export type ComboOrderOrder = z.infer<typeof comboOrderOrderSchema>;

/** One combo order: the row plus what the customer paid, its orders (oldest first) and its dates. */
export const comboOrderDetailSchema = comboOrderRowSchema.extend({
  price: money,
  orders: z.array(comboOrderOrderSchema),
  approvedAt: dateTime.nullable(),
  completedAt: dateTime.nullable(),
  canceledAt: dateTime.nullable(),
  updatedAt: dateTime,
});
export type ComboOrderDetail = z.infer<typeof comboOrderDetailSchema>;

const comboOrderIdBody = z.object({ comboOrderId: positiveId });
export const comboOrderActionResultSchema = z.object({ message: z.string(), comboOrder: comboOrderRowSchema });
export const comboOrdersInModerationSchema = z.object({ orders_in_moderation: z.number().int() });

export const comboOrdersEndpoints = {
  comboOrdersList: tableListEndpoint({
    path: `${ADMIN}/combo-orders`,
    permission: 'viewOrders',
    row: comboOrderRowSchema,
    table: COMBO_ORDERS_TABLE,
    summary: 'Combo orders as the API lists them: GET with the table request as q=<JSON>',
  }),
  comboOrdersTable: tableEndpoint({
    path: `${ADMIN}/combo-orders/table`,
    permission: 'viewOrders',
    row: comboOrderRowSchema,
    table: COMBO_ORDERS_TABLE,
    summary: 'The combo orders table (table protocol; columns in COMBO_ORDERS_TABLE)',
  }),
  comboOrdersInModeration: endpoint({
    method: 'GET',
    path: `${ADMIN}/combo-orders/in-moderation`,
    permission: 'viewOrders',
    response: comboOrdersInModerationSchema,
    summary: 'How many combo orders wait in moderation',
  }),
  comboOrdersComplete: endpoint({
    method: 'POST',
    path: `${ADMIN}/combo-orders/complete`,
    permission: 'manageOrders',
    body: comboOrderIdBody,
    response: comboOrderActionResultSchema,
    summary: 'Complete a combo order in processing (cannot be undone; 409 otherwise)',
  }),
  comboOrdersApprove: endpoint({
    method: 'POST',
    path: `${ADMIN}/combo-orders/approve`,
    permission: 'manageOrders',
    body: comboOrderIdBody,
    response: comboOrderActionResultSchema,
    summary: 'Approve a combo order in moderation: it and its orders go to processing (409 otherwise)',
  }),
  comboOrdersReject: endpoint({
    method: 'POST',
    path: `${ADMIN}/combo-orders/reject`,
    permission: 'manageOrders',
    body: comboOrderIdBody,
    response: comboOrderActionResultSchema,
    summary: 'Reject a combo order in moderation: it and its unstarted orders are canceled and refunded (409 otherwise)',
  }),
  /**
   * The console's own call (the panel's published API lists combo orders only; docs/orders.md says
   * why). Declared after in-moderation: routes are mounted in this order, so that path stays the
   * count's and is never read as an id.
   */
  comboOrdersShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/combo-orders/:comboOrderId`,
    permission: 'viewOrders',
    params: z.object({ comboOrderId: pathId('Combo order') }),
    response: comboOrderDetailSchema,
    summary: 'One combo order with its orders',
  }),
};
