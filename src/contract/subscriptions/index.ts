import { z } from 'zod';
import { id, money, dateTime, refSchema } from '../fields';
import { ADMIN, endpoint, pathId } from '../endpoint';
import { tableEndpoint, tableListEndpoint } from '../table';
import { BILLING_TYPES, SUBSCRIPTIONS_TABLE, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from './columns';

export * from './columns';

/**
 * Subscriptions: a customer follows an account (`url`); each new piece of content it publishes (a
 * post, a reel…) becomes a
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

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const subscriptionActionsSchema = z.object({
  /** In processing, and manageOrders. */
  cancelable: z.boolean(),
});

/** One service ordered for every content: its quantity, cost per content and targeting. */
export const subscriptionServiceSchema = z.object({
  id,
  service: refSchema,
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

export const subscriptionActionResultSchema = z.object({ message: z.string(), subscription: subscriptionRowSchema });

export const subscriptionsEndpoints = {
  subscriptionsList: tableListEndpoint({
    path: `${ADMIN}/subscriptions`,
    permission: 'viewOrders',
    row: subscriptionRowSchema,
    table: SUBSCRIPTIONS_TABLE,
    summary: 'Subscriptions as the API lists them: GET with the table request as q=<JSON>',
  }),
  subscriptionsTable: tableEndpoint({
    path: `${ADMIN}/subscriptions/table`,
    permission: 'viewOrders',
    row: subscriptionRowSchema,
    table: SUBSCRIPTIONS_TABLE,
    summary: 'The subscriptions table (table protocol; columns in SUBSCRIPTIONS_TABLE)',
  }),
  subscriptionsCollections: endpoint({
    method: 'GET',
    path: `${ADMIN}/subscriptions/collections`,
    permission: 'viewOrders',
    response: subscriptionCollectionsSchema,
    summary: 'Select options: statuses, billing types and content types ({value, text})',
  }),
  subscriptionsShow: endpoint({
    method: 'GET',
    path: `${ADMIN}/subscriptions/:subscriptionId`,
    permission: 'viewOrders',
    response: subscriptionDetailSchema,
    params: z.object({ subscriptionId: pathId('Subscription') }),
    summary: 'One subscription with all its contents',
  }),
  subscriptionsCancel: endpoint({
    method: 'POST',
    path: `${ADMIN}/subscriptions/:subscriptionId/cancel`,
    permission: 'manageOrders',
    response: subscriptionActionResultSchema,
    params: z.object({ subscriptionId: pathId('Subscription') }),
    summary: 'Cancel a subscription in processing: no new contents are served (cannot be undone; 409 otherwise)',
  }),
};
