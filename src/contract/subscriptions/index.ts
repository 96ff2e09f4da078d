import { z } from 'zod';
import { id, money, dateTime } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { tableRequestSchema, tableResponseSchema } from '../table';

/**
 * Subscriptions (operations.md §3 "Subscription", §4, §7 "Subscriptions"): a customer follows an
 * account (`url`); each new piece of content it publishes (a post, a reel…) becomes a
 * "subscription content", and for each content one order per subscription service is placed (source
 * type 'subscription', source id the subscription's id), until `contentsLimit` contents were served
 * or the subscription expires.
 *
 * Conventions of this area:
 * - reading needs viewOrders, cancelling manageOrders; `actions.cancelable` folds state and
 *   permission together.
 * - cancel is `POST /subscriptions/:subscriptionId/cancel` (the spec's path); it cannot be undone and
 *   stops serving new contents; orders already placed keep their state. 409 when not in processing.
 * - `GET /subscriptions/collections` answers the select options: statuses and billing types, each
 *   `{value, text}`.
 * - money is a decimal string, dates UTC 'YYYY-MM-DD HH:mm:ss'; default sort id descending.
 */

export const SUBSCRIPTION_STATUSES = ['in_processing', 'completed', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  in_processing: 'In processing',
  completed: 'Completed',
  canceled: 'Canceled',
};

/** What kind of content the subscription watches for. */
export const SUBSCRIPTION_TYPES = ['posts', 'reels', 'stories', 'videos', 'live_streams'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  posts: 'New posts',
  reels: 'New reels',
  stories: 'New stories',
  videos: 'New videos',
  live_streams: 'Live streams',
};

/**
 * How the customer pays: per_content charges the balance for every content served; one_time paid
 * for `contentsLimit` contents up front; recurring renews through a saved payment method.
 */
export const BILLING_TYPES = ['per_content', 'one_time', 'recurring'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Record<BillingType, string> = {
  per_content: 'Per content (balance)',
  one_time: 'One-time payment',
  recurring: 'Recurring payment',
};


export const subscriptionActionsSchema = z.object({
  /** In processing, and manageOrders. */
  cancelable: z.boolean(),
});

/** One service ordered for every content: its quantity, cost per content and targeting. */
export const subscriptionServiceSchema = z.object({
  id,
  service: z.object({ id, name: z.string() }),
  quantity: z.number().int(),
  /** Cost of one content's order. */
  cost: money,
  countries: z.array(z.string()),
});
export type SubscriptionService = z.infer<typeof subscriptionServiceSchema>;

/** One content served: its address and the orders placed for it. */
export const subscriptionContentSchema = z.object({
  id,
  url: z.string(),
  ordersIds: z.array(id),
  createdAt: dateTime,
});
export type SubscriptionContent = z.infer<typeof subscriptionContentSchema>;

export const recurringPaymentMethodSchema = z.object({ id, name: z.string(), type: z.string() });

export const subscriptionRowSchema = z.object({
  id,
  name: z.string(),
  url: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  status: subscriptionStatusSchema,
  user: z.object({ id, email: z.string() }),
  /** Contents to serve in total. */
  contentsLimit: z.number().int(),
  subscriptionContentsCount: z.number().int(),
  subscriptionServices: z.array(subscriptionServiceSchema),
  /** The latest contents served (at most SUBSCRIPTION_ROW_CONTENTS; the detail has them all). */
  subscriptionContents: z.array(subscriptionContentSchema),
  recurringPaymentMethods: z.array(recurringPaymentMethodSchema),
  billingType: z.enum(BILLING_TYPES),
  expiredAt: dateTime.nullable(),
  createdAt: dateTime,
  completedAt: dateTime.nullable(),
  actions: subscriptionActionsSchema,
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

/** How many contents a table row carries (newest first). */
export const SUBSCRIPTION_ROW_CONTENTS = 5;

export const subscriptionDetailSchema = subscriptionRowSchema.extend({
  canceledAt: dateTime.nullable(),
  updatedAt: dateTime,
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

const option = z.object({ value: z.string(), text: z.string() });
export const subscriptionCollectionsSchema = z.object({
  statuses: z.array(option),
  billingTypes: z.array(option),
  types: z.array(option),
});
export type SubscriptionCollections = z.infer<typeof subscriptionCollectionsSchema>;

/**
 * The table's columns (header `value` -> filter kind, sortable). `user.email` is a text filter;
 * `subscriptionServices` filters by service id (rows with that service); list columns are display-only.
 */
export const SUBSCRIPTION_TABLE_COLUMNS = {
  id: { filter: 'select', sortable: true },
  name: { filter: 'text', sortable: true },
  url: { filter: 'text', sortable: true },
  type: { filter: 'multiSelect', sortable: true },
  status: { filter: 'multiSelect', sortable: true },
  'user.email': { filter: 'text', sortable: true },
  contentsLimit: { filter: 'numberRange', sortable: true },
  subscriptionContentsCount: { filter: 'numberRange', sortable: true },
  subscriptionServices: { filter: 'select', sortable: false },
  subscriptionContents: { sortable: false },
  recurringPaymentMethods: { sortable: false },
  billingType: { filter: 'multiSelect', sortable: true },
  expiredAt: { filter: 'dateRange', sortable: true },
  createdAt: { filter: 'dateRange', sortable: true },
  completedAt: { filter: 'dateRange', sortable: true },
} as const satisfies Record<
  string,
  { filter?: 'text' | 'select' | 'multiSelect' | 'numberRange' | 'dateRange' | 'boolean'; sortable: boolean }
>;
export type SubscriptionTableColumn = keyof typeof SUBSCRIPTION_TABLE_COLUMNS;

export const subscriptionActionResultSchema = z.object({ message: z.string(), subscription: subscriptionRowSchema });

export const subscriptionsEndpoints = {
  subscriptionsTable: endpoint({
    method: 'POST', path: `${ADMIN}/subscriptions/table`, permission: 'viewOrders',
    body: tableRequestSchema, response: tableResponseSchema(subscriptionRowSchema), mutates: false,
    summary: 'The subscriptions table (table protocol; columns in SUBSCRIPTION_TABLE_COLUMNS)',
  }),
  subscriptionsCollections: endpoint({
    method: 'GET', path: `${ADMIN}/subscriptions/collections`, permission: 'viewOrders', response: subscriptionCollectionsSchema,
    summary: 'Select options: statuses, billing types and content types ({value, text})',
  }),
  subscriptionsShow: endpoint({
    method: 'GET', path: `${ADMIN}/subscriptions/:subscriptionId`, permission: 'viewOrders', response: subscriptionDetailSchema,
    params: z.object({ subscriptionId: pathId('Subscription') }),
    summary: 'One subscription with all its contents',
  }),
  subscriptionsCancel: endpoint({
    method: 'POST', path: `${ADMIN}/subscriptions/:subscriptionId/cancel`, permission: 'manageOrders', response: subscriptionActionResultSchema,
    params: z.object({ subscriptionId: pathId('Subscription') }),
    summary: 'Cancel a subscription in processing: no new contents are served (cannot be undone; 409 otherwise)',
  }),
};
