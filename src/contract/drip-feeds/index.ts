import { z } from 'zod';
import { id, money, dateTime, refSchema } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { orderStatusSchema } from '../orders';
import { tableEndpoint, tableListEndpoint } from '../table';
import { DRIP_FEEDS_TABLE, DRIP_FEED_STATUSES } from './columns';

export * from './columns';

/**
 * Drip-feed orders: one purchase split into `ordersCount` runs of `quantity` each, placed
 * `minutesBetweenRuns` apart. Every run is an ordinary
 * order whose source type is 'drip_feed' and whose source id is the drip feed's id.
 *
 * Conventions of this area:
 * - reading needs viewOrders, cancelling manageOrders; `actions.cancelable` already folds both the
 *   state and the caller's permission in.
 * - cancel is `POST /drip-feeds/:dripFeedId/cancel`, the spec's path; it cannot be undone. It stops
 *   the runs not yet placed; orders already placed keep their own state (they are cancelled, with
 *   refunds, from the orders list). 409 when the drip feed is not in processing any more.
 * - money is a decimal string, dates UTC 'YYYY-MM-DD HH:mm:ss'; default sort id descending; the
 *   console's default filter is status in_processing (its resource's defaultFilters).
 */

export const dripFeedStatusSchema = z.enum(DRIP_FEED_STATUSES);

export const dripFeedActionsSchema = z.object({
  /** In processing, and manageOrders. */
  cancelable: z.boolean(),
});

/** One run of a drip feed: the order it placed. */
export const dripFeedOrderSchema = z.object({
  id,
  status: orderStatusSchema,
  quantity: z.number().int(),
  currentQuantity: z.number().int(),
  createdAt: dateTime,
});
export type DripFeedOrder = z.infer<typeof dripFeedOrderSchema>;

export const dripFeedRowSchema = z.object({
  id,
  name: z.string(),
  url: z.string(),
  status: dripFeedStatusSchema,
  user: z.object({ id, email: z.string() }),
  service: refSchema,
  /** quantity × ordersCount. */
  totalQuantity: z.number().int(),
  /** Quantity of each run. */
  quantity: z.number().int(),
  /** Number of runs planned. */
  ordersCount: z.number().int(),
  /** The runs placed so far, oldest first. */
  orders: z.array(dripFeedOrderSchema),
  /** Price of the whole drip feed. */
  price: money,
  /** ISO country codes the audience is targeted at; empty: worldwide. */
  countries: z.array(z.string()),
  promotable: z.boolean(),
  /** Shown as days, hours and minutes. */
  minutesBetweenRuns: z.number().int(),
  createdAt: dateTime,
  actions: dripFeedActionsSchema,
});
export type DripFeedRow = z.infer<typeof dripFeedRowSchema>;

/** One drip feed: the row plus when it ended and when the next run is due. */
export const dripFeedDetailSchema = dripFeedRowSchema.extend({
  /** Runs whose orders completed. */
  completedRunsCount: z.number().int(),
  /** When the next run is due; null once every run is placed or the drip feed ended. */
  nextRunAt: dateTime.nullable(),
  completedAt: dateTime.nullable(),
  canceledAt: dateTime.nullable(),
  updatedAt: dateTime,
});
export type DripFeedDetail = z.infer<typeof dripFeedDetailSchema>;

/** Answer of cancel: a sentence and the updated row, so the console can patch its cache. */
export const dripFeedActionResultSchema = z.object({ message: z.string(), dripFeed: dripFeedRowSchema });

export const dripFeedsEndpoints = {
  dripFeedsList: tableListEndpoint({
    path: `${ADMIN}/drip-feeds`,
    permission: 'viewOrders',
    row: dripFeedRowSchema,
    table: DRIP_FEEDS_TABLE,
    summary: 'Drip feeds as the API lists them: GET with the table request as q=<JSON>',
  }),
  dripFeedsTable: tableEndpoint({
    path: `${ADMIN}/drip-feeds/table`,
    permission: 'viewOrders',
    row: dripFeedRowSchema,
    table: DRIP_FEEDS_TABLE,
    summary: 'The drip-feed table (table protocol; columns in DRIP_FEEDS_TABLE)',
  }),
  dripFeedsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/drip-feeds/:dripFeedId`,
    permission: 'viewOrders',
    response: dripFeedDetailSchema,
    params: z.object({ dripFeedId: pathId('Drip feed') }),
    summary: 'One drip feed with its runs (orders)',
  }),
  dripFeedsCancel: endpoint({
    method: 'POST',
    path: `${ADMIN}/drip-feeds/:dripFeedId/cancel`,
    permission: 'manageOrders',
    response: dripFeedActionResultSchema,
    params: z.object({ dripFeedId: pathId('Drip feed') }),
    summary: 'Cancel a drip feed in processing: no further runs are placed (cannot be undone; 409 otherwise)',
  }),
};
