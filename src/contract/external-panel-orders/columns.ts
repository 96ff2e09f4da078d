import { defineTableSpec } from '../columns';

/** The values and the column table the console's entry reads (no zod here; see ../columns.ts). */

export type ExternalPanelOrderStatus = (typeof EXTERNAL_PANEL_ORDER_STATUSES)[number];

/**
 * External-panel orders: each attempt to place one of our orders at a provider (an external panel,
 * SMM API v2). The order worker creates one when it sends an
 * order upstream (status creating; `externalId` once the provider accepted it) and follows the
 * provider's status: Pending, In progress, Processing, Completed, Partial, Canceled.
 *
 * An attempt that failed is recreatable: it was never accepted (`error` set, still creating), or the
 * provider canceled it or delivered only part of it (partial), its order is not finished, and it was
 * not recreated yet. Recreate places a new attempt for the same order at a provider (the same or
 * another) for a quantity; the worker sends it. A second recreate of the same attempt is a 409.
 *
 * An attempt whose provider answered something that could not be read is held: the answer is kept
 * as it came (`answerRaw`), the worker no longer follows it, and its order is stopped until a member
 * decides — Follow again, recreate it, or settle the order (docs/upstream.md).
 *
 * Permission: manageExternalPanelOrders for everything here.
 *
 * The list: the spec fetches it with `GET /external-panel-orders`; the table request then travels as
 * the query string `q=<JSON>` (contract/table.ts encodeTableQuery). `POST /external-panel-orders/table`
 * answers the same with the request as a JSON body. Default sort id descending.
 */

export const EXTERNAL_PANEL_ORDER_STATUSES = ['creating', 'pending', 'in_progress', 'processing', 'completed', 'partial', 'canceled'] as const;

export const EXTERNAL_PANEL_ORDER_STATUS_LABELS: Record<ExternalPanelOrderStatus, string> = {
  creating: 'Creating',
  pending: 'Pending',
  in_progress: 'In progress',
  processing: 'Processing',
  completed: 'Completed',
  partial: 'Partial',
  canceled: 'Canceled',
};

export const EXTERNAL_PANEL_ORDERS_TABLE = defineTableSpec({
  search: 'id, order id, external id or URL',
  columns: {
    id: { filter: 'select', valueType: 'bigint', sortable: true },
    status: { filter: 'multiSelect', options: EXTERNAL_PANEL_ORDER_STATUSES, sortable: true },
    'provider.name': { filter: 'select', valueType: 'int', sortable: true },
    'order.id': { filter: 'select', valueType: 'bigint', sortable: true },
    externalId: { filter: 'text', sortable: true },
    quantity: { filter: 'numberRange', sortable: true },
    url: { filter: 'text', sortable: true },
    charge: { filter: 'numberRange', sortable: true },
    remains: { filter: 'numberRange', sortable: true },
    error: { filter: 'boolean' },
    held: { filter: 'boolean' },
    createdAt: { filter: 'dateRange', sortable: true },
    updatedAt: { filter: 'dateRange', sortable: true },
  },
});
