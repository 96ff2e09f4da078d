import { sql } from 'drizzle-orm';
import {
  BILLING_TYPE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_TYPE_LABELS,
  type SubscriptionCollections,
  type SubscriptionContent,
  type SubscriptionDetail,
} from '../../../contract/subscriptions';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, type Queryable } from '../../db/client';
import type { Actor } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { utcText, type TableContext } from '../../table';
import { contentsJson, findSubscriptionRow, jsonList } from './table';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, text]) => ({ value, text }));

export const subscriptionCollections = (): SubscriptionCollections => ({
  statuses: options(SUBSCRIPTION_STATUS_LABELS),
  billingTypes: options(BILLING_TYPE_LABELS),
  types: options(SUBSCRIPTION_TYPE_LABELS),
});

/** One subscription: the row with every content (newest first). */
export async function loadSubscriptionDetail(q: Queryable, id: number, ctx: TableContext): Promise<SubscriptionDetail> {
  const row = await findSubscriptionRow(q, id, ctx);
  if (!row) throw notFound('Subscription');
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

/** Cancel (operations.md §4): in processing -> canceled by a conditional update; 409 otherwise. */
export async function cancelSubscription(q: Queryable, actor: Actor, id: number): Promise<void> {
  const changed = await one<{ id: number; url: string; old_status: string }>(
    q,
    sql`WITH old AS (SELECT id, status FROM subscriptions WHERE id = ${id} AND status = 'in_processing' FOR UPDATE)
        UPDATE subscriptions sb SET status = 'canceled', canceled_at = now(), updated_at = now()
          FROM old WHERE sb.id = old.id
        RETURNING sb.id, sb.url, old.status AS old_status`,
  );
  if (!changed) {
    const existing = await one<{ status: string }>(q, sql`SELECT status FROM subscriptions WHERE id = ${id}`);
    if (!existing) throw notFound('Subscription');
    throw conflict(`Subscription ${id} cannot be canceled: it is ${existing.status.replace('_', ' ')}.`);
  }
  await writeAudit(q, actor, {
    event: 'canceled',
    auditableType: 'subscription',
    auditableId: id,
    oldValues: { status: changed.old_status },
    newValues: { status: 'canceled' },
  });
  await writeChangeLog(q, actor, {
    actionType: 'cancel',
    modelType: 'subscription',
    modelId: id,
    information: `Subscription ${id} (${changed.url}) canceled: new contents will not be served.`,
  });
}
