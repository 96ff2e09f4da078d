import { defineTableSpec } from '../columns';

/** The values and the column table the console's entry reads (no zod here; see ../columns.ts). */

export type DripFeedStatus = (typeof DRIP_FEED_STATUSES)[number];

export const DRIP_FEED_STATUSES = ['in_processing', 'completed', 'canceled'] as const;

export const DRIP_FEED_STATUS_LABELS: Record<DripFeedStatus, string> = {
  in_processing: 'In processing',
  completed: 'Completed',
  canceled: 'Canceled',
};

export const DRIP_FEEDS_TABLE = defineTableSpec({
  search: 'id, name, URL or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    url: { filter: 'text', sortable: true },
    status: { filter: 'multiSelect', options: DRIP_FEED_STATUSES, sortable: true },
    'user.email': { filter: 'text', sortable: true },
    'service.name': { filter: 'select', valueType: 'int', sortable: true },
    totalQuantity: { filter: 'numberRange', sortable: true },
    quantity: { filter: 'numberRange', sortable: true },
    ordersCount: { filter: 'numberRange', sortable: true },
    orders: {},
    price: { filter: 'numberRange', sortable: true },
    countries: { filter: 'multiSelect' },
    promotable: { filter: 'boolean', sortable: true },
    minutesBetweenRuns: { filter: 'numberRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});
