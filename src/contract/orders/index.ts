import { z } from 'zod';
import {
  id,
  positiveBigId as positiveId,
  positiveId as positiveIntId,
  queryBigId as queryId,
  money,
  dateTime,
  bulkResultSchema,
  refSchema,
  wholeNumberInput,
} from '../fields';
import { ADMIN, endpoint, pathBigId } from '../endpoint';
import { providerTypeSchema } from '../providers';
import { tableEndpoint } from '../table';
import { CANCEL_DESCRIPTION_MAX, ORDERS_TABLE, ORDER_BULK_LIMIT, ORDER_SOURCES, ORDER_SOURCE_TYPES, ORDER_STATUSES, PRICE_MODIFICATION_KINDS } from './columns';

export * from './columns';

/**
 * Orders: the list, one order, its actions and the cancel dialog (rules: docs/orders.md).
 *
 * Conventions of this area:
 * - every path is under ADMIN + '/orders'. Actions take the order in the body (`orderId`), bulk
 *   actions a list (`ordersIds`), change-provider `orderIds` (the spec's names). GET calls that name
 *   an order without a path parameter take `?orderId=` (refund-amount); per-order reads are under
 *   `/orders/:orderId/…`. Static paths come before `/orders/:orderId`.
 * - money is a decimal string with 4 decimals ('12.5000'); `marginPercent` and
 *   `percentOfExternalStatisticsFill` are PERCENTAGES on a 0–100 scale with 2 decimals ('35.20' is
 *   35.2 %), unlike the users area's fractions; dates are UTC 'YYYY-MM-DD HH:mm:ss'.
 * - `price` is what the customer is charged (after every price modification), `cost` what the
 *   provider charges the panel, `revenue` = price − cost, `marginPercent` = revenue / price × 100
 *   (null when the price is 0). An order is paid when `isPaid`; what was paid is then `price`.
 * - row flags (`actions`) are computed by the server from the order's state AND the caller's
 *   permissions (every flag needs manageOrders); the same rule decides whether the action is
 *   accepted, so a flag that is true means the call is allowed right now.
 * - a transition that the order's state does not allow answers 409 with a sentence
 *   ("Order 123 cannot be approved: it is completed."); an unknown order 404.
 * - bulk calls apply what they can and answer `{done, failed: [{id, message}]}`.
 */

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderSourceSchema = z.enum(ORDER_SOURCES);

export const orderSourceTypeSchema = z.enum(ORDER_SOURCE_TYPES);

const percent = z.string();

/**
 * Row flags. Each needs manageOrders, and the order's status must be one of:
 * - approvable, rejectable: in_moderation (approve -> in_processing; reject -> canceled with a full
 *   refund of what was paid and no provider work);
 * - activable: stopped (-> in_processing);
 * - pausable: in_processing (-> stopped);
 * - completable: in_processing or stopped (-> completed);
 * - cancelable: in_processing, in_moderation, stopped or unpaid (-> canceled, refund optional);
 * - editable: the same open statuses (change url, change provider). The comment can be edited in
 *   any status with manageOrders.
 */
export const orderRowActionsSchema = z.object({
  editable: z.boolean(),
  activable: z.boolean(),
  approvable: z.boolean(),
  cancelable: z.boolean(),
  completable: z.boolean(),
  pausable: z.boolean(),
  rejectable: z.boolean(),
  /** Set partial: in processing or stopped. */
  partialable: z.boolean(),
  /** Edit start count and remains: in processing or stopped. */
  countsEditable: z.boolean(),
});
export type OrderRowActions = z.infer<typeof orderRowActionsSchema>;
export type OrderRowAction = keyof OrderRowActions;

export const priceModificationSchema = z.object({
  kind: z.enum(PRICE_MODIFICATION_KINDS),
  /** A discount limited to some countries (the row "has countries"); only on kind 'discount'. */
  local: z.boolean().optional(),
  /** How much this modification took off the price (money). */
  amount: money,
  /** The percentage it applied (0–100 scale), when it was a percentage; null for fixed amounts. */
  percent: percent.nullable(),
  /** Coupon code, discount name, "Custom price" or the free-trial's name. */
  name: z.string(),
});
export type PriceModification = z.infer<typeof priceModificationSchema>;

export const orderUserSchema = z.object({
  id,
  email: z.string(),
  telegramUsername: z.string().nullable(),
  balance: money,
  spent: money,
});
export type OrderUser = z.infer<typeof orderUserSchema>;

/** One row of the orders table. */
export const orderRowSchema = z.object({
  id,
  status: orderStatusSchema,
  createdAt: dateTime,
  completedAt: dateTime.nullable(),
  name: z.string(),
  /** Null only for rows created without a service (never by the API). */
  service: refSchema.nullable(),
  price: money,
  cost: money,
  /** Null only for rows created without a customer (never by the API). */
  user: orderUserSchema.nullable(),
  url: z.string(),
  revenue: money,
  quantity: z.number().int(),
  marginPercent: percent.nullable(),
  currentQuantity: z.number().int(),
  percentOfExternalStatisticsFill: percent.nullable(),
  hasNoActiveProviders: z.boolean(),
  isPaid: z.boolean(),
  refundAmount: money,
  source: orderSourceSchema,
  sourceType: orderSourceTypeSchema.nullable(),
  sourceId: id.nullable(),
  priceModifications: z.array(priceModificationSchema),
  actions: orderRowActionsSchema,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** The provider (external panel) an order is sent to, and the provider service used there. */
export const orderProviderSchema = z.object({
  id,
  name: z.string(),
  type: providerTypeSchema,
  providerService: z.object({ id, name: z.string(), externalPanelServiceId: z.string() }).nullable(),
  /** The order's id at the provider; null until the order was sent there. */
  externalId: z.string().nullable(),
  /** Units requested from this provider; null means the order's quantity. */
  quantity: z.number().int().nullable(),
});

/** A provider service able to fulfil the order's service (service_providers), in priority order. */
export const orderServiceProviderSchema = z.object({
  providerServiceId: id,
  providerServiceName: z.string(),
  provider: z.object({ id, name: z.string(), type: providerTypeSchema }),
  priority: z.number().int(),
  /** The link, the provider service and the provider are all active and not archived. */
  isActive: z.boolean(),
});

export const orderChangeLogEntrySchema = z.object({
  id,
  createdAt: dateTime,
  actionType: z.string(),
  staff: z.object({ id, name: z.string(), email: z.string() }).nullable(),
  information: z.unknown(),
});
export type OrderChangeLogEntry = z.infer<typeof orderChangeLogEntrySchema>;

export const orderStatisticsPointSchema = z.object({ checkedAt: dateTime, count: z.number().int() });

export const orderStatisticsSchema = z.object({
  /** The counter at the url when the order started (null until the provider reported it). */
  startCount: z.number().int().nullable(),
  /** The last counter seen at the url (null without any check). */
  currentCount: z.number().int().nullable(),
  quantity: z.number().int(),
  /** Delivered units (the row's currentQuantity). */
  delivered: z.number().int(),
  /** quantity − delivered, never below 0. */
  remains: z.number().int(),
  percentOfExternalStatisticsFill: percent.nullable(),
  lastCheckedAt: dateTime.nullable(),
  /** Counter checks, oldest first (at most 200). */
  history: z.array(orderStatisticsPointSchema),
});
export type OrderStatistics = z.infer<typeof orderStatisticsSchema>;

export const REFILL_REQUEST_STATUSES = ['pending', 'in_progress', 'completed', 'rejected'] as const;
export const orderRefillRequestSchema = z.object({
  id,
  status: z.enum(REFILL_REQUEST_STATUSES),
  /** Units asked to be refilled; null: whatever dropped. */
  quantity: z.number().int().nullable(),
  externalRefillId: z.string().nullable(),
  createdAt: dateTime,
  completedAt: dateTime.nullable(),
});
export type OrderRefillRequest = z.infer<typeof orderRefillRequestSchema>;

/** One order with everything the order screen shows. */
export const orderDetailSchema = orderRowSchema.extend({
  comment: z.string().nullable(),
  /** What the customer paid (price when paid, else 0) and what may still be refunded. */
  paidAmount: money,
  refundableAmount: money,
  /** The default refund of the cancel dialog (see ordersRefundAmount). */
  defaultRefundAmount: money,
  provider: orderProviderSchema.nullable(),
  serviceProviders: z.array(orderServiceProviderSchema),
  cancelReason: z.string().nullable(),
  cancelDescription: z.string().nullable(),
  canceledAt: dateTime.nullable(),
  updatedAt: dateTime,
  statistics: orderStatisticsSchema,
  /** The newest 50 change-log entries of the order (the full list: ordersChangeLogs). */
  changeLogs: z.array(orderChangeLogEntrySchema),
  refillRequests: z.array(orderRefillRequestSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const cancelReasonSchema = z.object({ value: z.string(), text: z.string() });
export type CancelReason = z.infer<typeof cancelReasonSchema>;

/** A money amount sent as a number or a decimal string (≥ 0, at most 4 decimals); read as a string. */
const amountSchema = z.union([z.number(), z.string()], { error: 'The amount must be a number.' }).transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (typeof value === 'number' && !Number.isFinite(value)) return fail('The amount must be a number.');
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (/^-\d+(\.\d+)?$/.test(text)) return fail('The amount must be at least 0.');
  if (!/^\d+(\.\d+)?$/.test(text)) return fail('The amount must be a number.');
  if (!/^\d+(\.\d{1,4})?$/.test(text)) return fail('The amount may have at most 4 decimals.');
  if (Number(text) >= 1e10) return fail('The amount is too large.');
  return text;
});

const cancelReasonField = z.string({ error: 'The cancel reason field is required.' }).trim().min(1, 'The cancel reason field is required.');
const cancelDescriptionField = z
  .string()
  .trim()
  .max(CANCEL_DESCRIPTION_MAX, `The cancel description may not be greater than ${CANCEL_DESCRIPTION_MAX} characters.`)
  .nullish()
  .transform((v) => (v ? v : null));
const booleanField = (name: string) => z.boolean({ error: `The ${name} field must be true or false.` });

/**
 * Cancel one order. `cancelReason` is a `value` from ordersCancelReasons (else 422 on it).
 * With `returnMoney`, `amount` is refunded to the customer's balance; omitted or null means the
 * default refund amount; more than what is refundable is a 422 on `amount`
 * ("The amount may not be greater than 12.34."). Without `returnMoney`, `amount` is ignored.
 * `sendEmailNotification` defaults to true (as the dialog) and is recorded with the cancellation.
 */
export const orderCancelBodySchema = z.object({
  orderId: positiveId,
  cancelReason: cancelReasonField,
  cancelDescription: cancelDescriptionField,
  returnMoney: booleanField('return money').default(false),
  amount: amountSchema.nullish(),
  sendEmailNotification: booleanField('send email notification').default(true),
});
export type OrderCancelBody = z.input<typeof orderCancelBodySchema>;

/** Cancel many orders; with `returnMoney` each refunds its own default refund amount. */
export const orderBulkCancelBodySchema = z.object({
  ordersIds: z.array(positiveId).min(1, 'Choose at least one order.').max(ORDER_BULK_LIMIT),
  cancelReason: cancelReasonField,
  cancelDescription: cancelDescriptionField,
  returnMoney: booleanField('return money').default(false),
  sendEmailNotification: booleanField('send email notification').default(true),
});
export type OrderBulkCancelBody = z.input<typeof orderBulkCancelBodySchema>;

const orderIdBody = z.object({ orderId: positiveId });
const ordersIdsBody = z.object({ ordersIds: z.array(positiveId).min(1, 'Choose at least one order.').max(ORDER_BULK_LIMIT) });

export const orderChangeUrlBodySchema = z.object({
  orderId: positiveId,
  url: z.string().trim().min(1, 'The url field is required.').max(2048, 'The url may not be greater than 2048 characters.'),
});
export const orderUpdateCommentBodySchema = z.object({
  orderId: positiveId,
  /** Empty or null clears it. */
  comment: z
    .string()
    .trim()
    .max(5000, 'The comment may not be greater than 5000 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * Send orders to another provider (a provider from providersAvailableForOrderRecreate that offers
 * the order's service). `quantity` (units to request there) is allowed only with one order and at
 * most the order's quantity. With one order, a failure is an error (404, 409, 422 on providerId);
 * with several, failures are reported per order.
 */
export const orderChangeProviderBodySchema = z.object({
  orderIds: z.array(positiveId).min(1, 'Choose at least one order.').max(ORDER_BULK_LIMIT),
  /** Providers have 32-bit ids (orders have 64-bit ones). */
  providerId: positiveIntId,
  quantity: wholeNumberInput('quantity', { min: 1 }).nullish(),
});

/**
 * Set partial: the provider delivered all but `remains` units and will deliver no more. The order
 * is completed with quantity − remains delivered and the undelivered share of what was paid goes
 * back (less earlier refunds). The server answers 422 on `remains` when it is not below the
 * order's quantity.
 */
export const orderSetPartialBodySchema = z.object({
  orderId: positiveId,
  remains: wholeNumberInput('remains', { min: 1 }),
});
export type OrderSetPartialBody = z.input<typeof orderSetPartialBodySchema>;

/** Edit start count and remains (delivered = quantity − remains); 422 on `remains` past the quantity. */
export const orderEditCountsBodySchema = z.object({
  orderId: positiveId,
  startCount: wholeNumberInput('start count').nullish(),
  remains: wholeNumberInput('remains'),
});
export type OrderEditCountsBody = z.input<typeof orderEditCountsBodySchema>;

/** Answer of a single-order action: a sentence and the updated row, so the console can patch its cache. */
export const orderActionResultSchema = z.object({ message: z.string(), order: orderRowSchema });
export type OrderActionResult = z.infer<typeof orderActionResultSchema>;
export const orderCancelResultSchema = orderActionResultSchema.extend({
  /** What went back to the customer's balance ('0.0000' without a refund). */
  refunded: money,
});
export type OrderCancelResult = z.infer<typeof orderCancelResultSchema>;

export const refundAmountSchema = z.object({ amount: money });

export const ordersEndpoints = {
  ordersTable: tableEndpoint({
    path: `${ADMIN}/orders/table`,
    permission: 'viewOrders',
    row: orderRowSchema,
    table: ORDERS_TABLE,
    summary: 'The orders table (table protocol; columns in ORDERS_TABLE; queries sourceType, sourceId, userId)',
  }),
  ordersRefundAmount: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/refund-amount`,
    permission: 'viewOrders',
    query: z.object({ orderId: queryId }),
    response: refundAmountSchema,
    summary: 'Default refund of an order: price × (1 − currentQuantity / quantity) minus earlier refunds, within what was paid, never below 0',
  }),
  ordersCancelReasons: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/cancel-reasons`,
    permission: 'viewOrders',
    response: z.array(cancelReasonSchema),
    summary: 'Cancel reasons for the cancel dialog ({value, text}, in display order)',
  }),
  ordersApprove: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/approve`,
    permission: 'manageOrders',
    body: orderIdBody,
    response: orderActionResultSchema,
    summary: 'in_moderation -> in_processing',
  }),
  ordersReject: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/reject`,
    permission: 'manageOrders',
    body: orderIdBody,
    response: orderCancelResultSchema,
    summary: 'in_moderation -> canceled, refunding in full what was paid (nothing was delivered)',
  }),
  ordersActivate: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/activate`,
    permission: 'manageOrders',
    body: orderIdBody,
    response: orderActionResultSchema,
    summary: 'stopped -> in_processing',
  }),
  ordersPause: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/pause`,
    permission: 'manageOrders',
    body: orderIdBody,
    response: orderActionResultSchema,
    summary: 'in_processing -> stopped',
  }),
  ordersComplete: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/complete`,
    permission: 'manageOrders',
    body: orderIdBody,
    response: orderActionResultSchema,
    summary: 'in_processing or stopped -> completed (cannot be undone)',
  }),
  ordersSetPartial: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/set-partial`,
    permission: 'manageOrders',
    body: orderSetPartialBodySchema,
    response: orderCancelResultSchema,
    summary: 'in_processing or stopped -> completed with quantity − remains delivered, the undelivered share refunded once',
  }),
  ordersEditCounts: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/edit-counts`,
    permission: 'manageOrders',
    body: orderEditCountsBodySchema,
    response: orderActionResultSchema,
    summary: 'Correct the start count and remains (delivered = quantity − remains) of an order in processing or stopped',
  }),
  ordersCancel: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/cancel`,
    permission: 'manageOrders',
    body: orderCancelBodySchema,
    response: orderCancelResultSchema,
    summary: 'Cancel one order, optionally refunding an amount to the customer (cannot be undone)',
  }),
  ordersBulkCancel: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/bulk-cancel`,
    permission: 'manageOrders',
    body: orderBulkCancelBodySchema,
    response: bulkResultSchema,
    summary: 'Cancel many orders (each refunds its default refund amount with returnMoney); failures per order',
  }),
  ordersBulkActivate: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/bulk-activate`,
    permission: 'manageOrders',
    body: ordersIdsBody,
    response: bulkResultSchema,
    summary: 'Activate many stopped orders; failures per order',
  }),
  ordersBulkPause: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/bulk-pause`,
    permission: 'manageOrders',
    body: ordersIdsBody,
    response: bulkResultSchema,
    summary: 'Pause many orders in processing; failures per order',
  }),
  ordersBulkComplete: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/bulk-complete`,
    permission: 'manageOrders',
    body: ordersIdsBody,
    response: bulkResultSchema,
    summary: 'Complete many orders; failures per order',
  }),
  ordersChangeUrl: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/change-url`,
    permission: 'manageOrders',
    body: orderChangeUrlBodySchema,
    response: orderActionResultSchema,
    summary: "Change an open order's url",
  }),
  ordersUpdateComment: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/update-comment`,
    permission: 'manageOrders',
    body: orderUpdateCommentBodySchema,
    response: orderActionResultSchema,
    summary: "Set or clear an order's staff comment",
  }),
  ordersChangeProvider: endpoint({
    method: 'POST',
    path: `${ADMIN}/orders/change-provider`,
    permission: 'manageOrders',
    body: orderChangeProviderBodySchema,
    response: bulkResultSchema,
    summary: 'Send open orders to another provider (quantity only for one order)',
  }),
  ordersChangeLogs: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/:orderId/change-logs`,
    permission: 'viewOrders',
    response: z.array(orderChangeLogEntrySchema),
    params: z.object({ orderId: pathBigId('Order') }),
    summary: "The order's change-log entries, newest first",
  }),
  ordersStatistics: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/:orderId/statistics`,
    permission: 'viewOrders',
    response: orderStatisticsSchema,
    params: z.object({ orderId: pathBigId('Order') }),
    summary: 'Start and current counters at the url, delivered and remaining units, counter history',
  }),
  ordersRefillRequests: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/:orderId/refill-requests`,
    permission: 'viewOrders',
    response: z.array(orderRefillRequestSchema),
    params: z.object({ orderId: pathBigId('Order') }),
    summary: "The order's refill requests, newest first",
  }),
  ordersShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/orders/:orderId`,
    permission: 'viewOrders',
    response: orderDetailSchema,
    params: z.object({ orderId: pathBigId('Order') }),
    summary: 'One order with provider, comment, statistics, change log and refill requests',
  }),
};
