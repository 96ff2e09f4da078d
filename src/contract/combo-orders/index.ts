import { z } from 'zod';
import { id, positiveId, dateTime } from '../fields';
import { ADMIN, endpoint } from '../endpoint';
import { tableRequestSchema, tableResponseSchema } from '../table';

/**
 * Combo orders (operations.md §3 "Combo order", §4, §7 "Combo orders"): a customer buys a package
 * for one url. An auto package places one order per package content (source type 'combo_order',
 * source id the combo order's id); a manual package is fulfilled by staff and counts as one order.
 *
 * Statuses (the spec names the actions, not the states):
 * - in_moderation: waiting for staff; approve -> in_processing, reject -> canceled;
 * - in_processing: being delivered; complete -> completed (staff confirm a manual delivery, or
 *   close an auto one early);
 * - completed, canceled: final.
 * approve moves the combo's orders that wait in moderation to in_processing, so delivery starts;
 * reject cancels its orders that have not started and returns their price to the customer's balance;
 * complete marks its orders still in processing completed. Each answers 409 when the combo order is
 * not in the state the action needs.
 *
 * Reading needs viewOrders, the actions manageOrders; `actions` flags fold state and permission
 * together. Default sort id descending; the console's default filter is status in_processing
 * (COMBO_ORDER_DEFAULT_FILTERS). `GET /combo-orders/in-moderation` answers the count the console
 * fetches at start (also pushed live as `comboOrdersInModeration` in counters.updated).
 */

export const COMBO_ORDER_STATUSES = ['in_moderation', 'in_processing', 'completed', 'canceled'] as const;
export type ComboOrderStatus = (typeof COMBO_ORDER_STATUSES)[number];
export const comboOrderStatusSchema = z.enum(COMBO_ORDER_STATUSES);
export const COMBO_ORDER_STATUS_LABELS: Record<ComboOrderStatus, string> = {
  in_moderation: 'In moderation',
  in_processing: 'In processing',
  completed: 'Completed',
  canceled: 'Canceled',
};

export const PACKAGE_TYPES = ['auto', 'manual'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const COMBO_ORDER_DEFAULT_FILTERS = { status: ['in_processing'] as ComboOrderStatus[] };


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

/**
 * The table's columns (header `value` -> filter kind, sortable). `user.email` is a text filter;
 * `package.name` filters by package id (select); `package.type` by type.
 */
export const COMBO_ORDER_TABLE_COLUMNS = {
  id: { filter: 'select', sortable: true },
  status: { filter: 'multiSelect', sortable: true },
  'user.email': { filter: 'text', sortable: true },
  url: { filter: 'text', sortable: true },
  'package.type': { filter: 'multiSelect', sortable: true },
  'package.name': { filter: 'select', sortable: true },
  ordersCount: { filter: 'numberRange', sortable: true },
  createdAt: { filter: 'dateRange', sortable: true },
} as const satisfies Record<
  string,
  { filter?: 'text' | 'select' | 'multiSelect' | 'numberRange' | 'dateRange' | 'boolean'; sortable: boolean }
>;
export type ComboOrderTableColumn = keyof typeof COMBO_ORDER_TABLE_COLUMNS;

const comboOrderIdBody = z.object({ comboOrderId: positiveId });
export const comboOrderActionResultSchema = z.object({ message: z.string(), comboOrder: comboOrderRowSchema });
export const comboOrdersInModerationSchema = z.object({ orders_in_moderation: z.number().int() });

export const comboOrdersEndpoints = {
  comboOrdersTable: endpoint({
    method: 'POST', path: `${ADMIN}/combo-orders/table`, permission: 'viewOrders',
    body: tableRequestSchema, response: tableResponseSchema(comboOrderRowSchema), mutates: false,
    summary: 'The combo orders table (table protocol; columns in COMBO_ORDER_TABLE_COLUMNS)',
  }),
  comboOrdersInModeration: endpoint({
    method: 'GET', path: `${ADMIN}/combo-orders/in-moderation`, permission: 'viewOrders', response: comboOrdersInModerationSchema,
    summary: 'How many combo orders wait in moderation',
  }),
  comboOrdersComplete: endpoint({
    method: 'POST', path: `${ADMIN}/combo-orders/complete`, permission: 'manageOrders', body: comboOrderIdBody,
    response: comboOrderActionResultSchema,
    summary: 'Complete a combo order in processing (cannot be undone; 409 otherwise)',
  }),
  comboOrdersApprove: endpoint({
    method: 'POST', path: `${ADMIN}/combo-orders/approve`, permission: 'manageOrders', body: comboOrderIdBody,
    response: comboOrderActionResultSchema,
    summary: 'Approve a combo order in moderation: it and its orders go to processing (409 otherwise)',
  }),
  comboOrdersReject: endpoint({
    method: 'POST', path: `${ADMIN}/combo-orders/reject`, permission: 'manageOrders', body: comboOrderIdBody,
    response: comboOrderActionResultSchema,
    summary: 'Reject a combo order in moderation: it and its unstarted orders are canceled and refunded (409 otherwise)',
  }),
};
