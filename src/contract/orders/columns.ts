import { defineTableSpec } from '../columns';

/** The values and the column table the console's entry reads (no zod here; see ../columns.ts). */

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUSES = ['in_processing', 'in_moderation', 'completed', 'stopped', 'canceled', 'unpaid'] as const;

export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_SOURCES = [
  'api',
  'cabinet',
  'order_widget',
  'socpanel',
  'perfect_panel_api',
  'subscription',
  'order_widget_multiple',
  'buy_page',
  'single_form',
  'drip_feed',
  'free_trial',
  'package',
  'order_widget_step_by_step',
  'order_widget_mini',
] as const;

export type OrderSourceType = (typeof ORDER_SOURCE_TYPES)[number];

/** The parent an order was created by (the list's chip: "Drip feed #12"). */
export const ORDER_SOURCE_TYPES = ['drip_feed', 'subscription', 'combo_order'] as const;

export type PriceModificationKind = (typeof PRICE_MODIFICATION_KINDS)[number];

export const PRICE_MODIFICATION_KINDS = ['coupon', 'discount', 'userService', 'freeTrial'] as const;

export type OrderTransition = (typeof ORDER_TRANSITIONS)[number];

/** Single-order state changes (bodies `{orderId}`); cancel has its own body. */
export const ORDER_TRANSITIONS = ['approve', 'reject', 'activate', 'pause', 'complete'] as const;

export type OrderBulkTransition = (typeof ORDER_BULK_TRANSITIONS)[number];

/** The state changes offered in bulk (bodies `{ordersIds}`), besides bulk cancel. */
export const ORDER_BULK_TRANSITIONS = ['activate', 'pause', 'complete'] as const;

/** The most orders one bulk call may name. */
export const ORDER_BULK_LIMIT = 500;

/** The longest cancel description. */
export const CANCEL_DESCRIPTION_MAX = 1000;

export const ORDERS_TABLE = defineTableSpec({
  search: 'id (exact), URL or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'bigint', sortable: true },
    status: { filter: 'multiSelect', options: ORDER_STATUSES, sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    completedAt: { filter: 'dateRange', sortable: true },
    name: { filter: 'text', sortable: true },
    'service.name': { filter: 'select', valueType: 'int', sortable: true },
    price: { filter: 'numberRange', sortable: true },
    cost: { filter: 'numberRange', sortable: true },
    'user.email': { filter: 'select', sortable: true },
    url: { filter: 'text', sortable: true },
    revenue: { filter: 'numberRange', sortable: true },
    quantity: { filter: 'numberRange', sortable: true },
    marginPercent: { filter: 'numberRange', sortable: true },
    currentQuantity: { filter: 'numberRange', sortable: true },
    percentOfExternalStatisticsFill: { filter: 'numberRange', sortable: true },
    hasNoActiveProviders: { filter: 'boolean', sortable: true },
    isPaid: { filter: 'boolean', sortable: true },
    refundAmount: { filter: 'numberRange', sortable: true },
    source: { filter: 'multiSelect', options: ORDER_SOURCES, sortable: true },
    priceModifications: {},
    actions: {},
  },
  // The source-type chip ("Drip feed #12") and a user's orders on their profile.
  queries: {
    sourceType: { filter: 'select', options: ORDER_SOURCE_TYPES },
    sourceId: { filter: 'select', valueType: 'bigint' },
    userId: { filter: 'select', valueType: 'int' },
  },
});
