import { defineTableSpec } from '../columns';

/** The values and the column table the console's entry reads (no zod here; see ../columns.ts). */

export type ComboOrderStatus = (typeof COMBO_ORDER_STATUSES)[number];

/**
 * Combo orders: a customer buys a package for one url. An auto package places one order per package
 * content (source type 'combo_order',
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
 * (its resource's defaultFilters). `GET /combo-orders/in-moderation` answers the count the console
 * fetches at start (also pushed live as `comboOrdersInModeration` in counters.updated).
 */

export const COMBO_ORDER_STATUSES = ['in_moderation', 'in_processing', 'completed', 'canceled'] as const;

export const COMBO_ORDER_STATUS_LABELS: Record<ComboOrderStatus, string> = {
  in_moderation: 'In moderation',
  in_processing: 'In processing',
  completed: 'Completed',
  canceled: 'Canceled',
};

export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PACKAGE_TYPES = ['auto', 'manual'] as const;

export const COMBO_ORDERS_TABLE = defineTableSpec({
  search: 'id, URL or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    status: { filter: 'multiSelect', options: COMBO_ORDER_STATUSES, sortable: true },
    'user.email': { filter: 'text', sortable: true },
    url: { filter: 'text', sortable: true },
    'package.type': { filter: 'multiSelect', options: PACKAGE_TYPES, sortable: true },
    'package.name': { filter: 'select', valueType: 'int', sortable: true },
    ordersCount: { filter: 'numberRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});
