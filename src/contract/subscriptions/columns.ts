import { defineTableSpec } from '../columns';

/** The values and the column table the console's entry reads (no zod here; see ../columns.ts). */

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['in_processing', 'completed', 'canceled'] as const;

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  in_processing: 'In processing',
  completed: 'Completed',
  canceled: 'Canceled',
};

export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** What kind of content the subscription watches for. */
export const SUBSCRIPTION_TYPES = ['posts', 'reels', 'stories', 'videos', 'live_streams'] as const;

export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  posts: 'New posts',
  reels: 'New reels',
  stories: 'New stories',
  videos: 'New videos',
  live_streams: 'Live streams',
};

export type BillingType = (typeof BILLING_TYPES)[number];

/**
 * How the customer pays: per_content charges the balance for every content served; one_time paid
 * for `contentsLimit` contents up front; recurring renews through a saved payment method.
 */
export const BILLING_TYPES = ['per_content', 'one_time', 'recurring'] as const;

export const BILLING_TYPE_LABELS: Record<BillingType, string> = {
  per_content: 'Per content (balance)',
  one_time: 'One-time payment',
  recurring: 'Recurring payment',
};

export const SUBSCRIPTIONS_TABLE = defineTableSpec({
  search: 'id, name, URL or user e-mail',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    url: { filter: 'text', sortable: true },
    type: { filter: 'multiSelect', options: SUBSCRIPTION_TYPES, sortable: true },
    status: { filter: 'multiSelect', options: SUBSCRIPTION_STATUSES, sortable: true },
    'user.email': { filter: 'text', sortable: true },
    contentsLimit: { filter: 'numberRange', sortable: true },
    subscriptionContentsCount: { filter: 'numberRange', sortable: true },
    subscriptionServices: { filter: 'select', valueType: 'int' },
    subscriptionContents: {},
    recurringPaymentMethods: {},
    billingType: { filter: 'multiSelect', options: BILLING_TYPES, sortable: true },
    expiredAt: { filter: 'dateRange', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    completedAt: { filter: 'dateRange', sortable: true },
  },
});
