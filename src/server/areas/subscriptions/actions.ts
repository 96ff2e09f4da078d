import { sql } from 'drizzle-orm';
import {
  BILLING_TYPE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_TYPE_LABELS,
  type SubscriptionCollections,
  type SubscriptionContent,
  type SubscriptionDetail,
} from '../../../contract/subscriptions';
import { one, type Queryable } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import { defineRecord, recordNotFound } from '../../kit/records';
import { SUBSCRIPTION_ACTIONS } from '../../../contract/subscriptions/actions';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { utcText, type TableContext } from '../../table';
import { contentsJson, findSubscriptionRow, jsonList } from './table';

export const subscriptionRecord = defineRecord({ table: subscriptions, thing: 'Subscription', type: 'subscription' });

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, text]) => ({ value, text }));

export const subscriptionCollections = (): SubscriptionCollections => ({
  statuses: options(SUBSCRIPTION_STATUS_LABELS),
  billingTypes: options(BILLING_TYPE_LABELS),
  types: options(SUBSCRIPTION_TYPE_LABELS),
});

/** One subscription: the row with every content (newest first). */
export async function loadSubscriptionDetail(q: Queryable, id: number, ctx: TableContext): Promise<SubscriptionDetail> {
  const row = await findSubscriptionRow(q, id, ctx);
  if (!row) throw recordNotFound(subscriptionRecord, id);
  const extra = (await one<{ contents: SubscriptionContent[] | string | null; canceled_at: string | null; updated_at: string }>(
    q,
    sql`SELECT ${contentsJson(null)} AS contents, ${utcText(sql`sb.canceled_at`)} AS canceled_at, ${utcText(sql`sb.updated_at`)} AS updated_at
        FROM subscriptions sb WHERE sb.id = ${id}`,
  ))!;
  return {
    ...row,
    subscriptionContents: jsonList(extra.contents).map((c) => ({ ...c, id: Number(c.id), ordersIds: (c.ordersIds ?? []).map(Number) })),
    canceledAt: extra.canceled_at,
    updatedAt: extra.updated_at,
  };
}

/** Cancel: in processing -> canceled; 409 otherwise. New contents are not served. */
export const cancelSubscription = defineTransition({
  record: subscriptionRecord,
  action: 'cancel',
  event: SUBSCRIPTION_ACTIONS.cancel.past,
  from: SUBSCRIPTION_ACTIONS.cancel.from,
  set: sql`status = 'canceled', canceled_at = now()`,
  permission: endpointPermission(SUBSCRIPTION_ACTIONS.cancel.endpoint),
  returning: ['url'],
  information: (change) => `Subscription ${change.id} (${change.row.url}) canceled: new contents will not be served.`,
});
