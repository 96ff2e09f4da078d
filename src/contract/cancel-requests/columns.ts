import { defineTableSpec } from '../columns';

/** The values and the column table the console's entry reads (no zod here; see ../columns.ts). */

/**
 * A customer's request to cancel an open order: pending until staff act; forwarded once the
 * provider accepted it (accepted is not canceled: the order is canceled and refunded when the
 * provider's status says Canceled or Partial); canceled; rejected (by staff, or because the
 * provider delivered the order after all).
 */
export const CANCEL_REQUEST_STATUSES = ['pending', 'forwarded', 'canceled', 'rejected'] as const;
export type CancelRequestStatus = (typeof CANCEL_REQUEST_STATUSES)[number];

export const CANCEL_REQUEST_STATUS_LABELS: Record<CancelRequestStatus, string> = {
  pending: 'Pending',
  forwarded: 'Forwarded',
  canceled: 'Canceled',
  rejected: 'Rejected',
};

export const CANCEL_REQUESTS_TABLE = defineTableSpec({
  search: 'id, order id, user e-mail or note',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    status: { filter: 'multiSelect', options: CANCEL_REQUEST_STATUSES, sortable: true },
    'order.id': { filter: 'select', valueType: 'int', sortable: true },
    'user.email': { filter: 'text', sortable: true },
    provider: { filter: 'text', sortable: true },
    note: { filter: 'text' },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});
