import { sql } from 'drizzle-orm';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, type Queryable } from '../../db/client';
import { freeTrialQuests, freeTrialRequests } from './schema';
import type { Actor } from '../../deps';
import { defineRecord } from '../../kit/records';
import { endpointPermission } from '../../kit/endpointPermission';
import { FREE_TRIAL_ACTIONS } from '../../../contract/free-trials/actions';
import { defineTransition } from '../../kit/transition';
import { notifyCountersChanged } from '../../realtime/counters';

/**
 * The free-trial records and the decisions on a request (a request goes pending -> approved |
 * rejected). Each decision is one conditional update of a pending row, so of
 * two staff members approving at once one wins and the other gets the 409 "Free trial 12 cannot
 * be approved: it is approved."; both move the live Free-trials counter after commit.
 */

export const freeTrialRecord = defineRecord({ table: freeTrialRequests, thing: 'Free trial', type: 'free_trial_request' });
export const questRecord = defineRecord({ table: freeTrialQuests, thing: 'Free-trial quest', type: 'free_trial_quest' });

export interface ApproveEffects {
  order_id: number;
}

/**
 * Places the free order of an approved request: source free_trial, price 0, and a freeTrial price
 * modification worth what the units would have cost at the service's default price. Flagged like
 * any new order when no active provider can fulfil its service.
 */
async function placeFreeOrder(tx: Queryable, actor: Actor, requestId: number): Promise<number> {
  const order = await one<{ id: number | string; user_id: number; service_id: number; url: string; quantity: number; name: string; worth: string }>(
    tx,
    sql`INSERT INTO orders (status, user_id, service_id, name, url, quantity, price, cost, source, price_modifications, has_no_active_providers, comment)
        SELECT 'in_processing', r.user_id, r.service_id, s.name, r.url, r.quantity, 0, 0, 'free_trial',
               jsonb_build_array(jsonb_build_object(
                 'kind', 'freeTrial', 'amount', round(s.default_price * r.quantity / greatest(s.pricing_per, 1), 4)::text,
                 'percent', '100', 'name', ${`Free trial #${requestId}`}::text)),
               NOT EXISTS (SELECT 1 FROM service_providers sp
                             JOIN provider_services ps ON ps.id = sp.provider_service_id
                             JOIN providers p ON p.id = ps.external_panel_id
                            WHERE sp.service_id = r.service_id AND sp.is_active AND ps.status = 'active' AND NOT ps.is_archived
                              AND p.status = 'active' AND NOT p.is_archived),
               ${`Free trial request #${requestId}`}::text
          FROM free_trial_requests r JOIN services s ON s.id = r.service_id
         WHERE r.id = ${requestId}
        RETURNING id, user_id, service_id, url, quantity, name, (price_modifications->0->>'amount') AS worth`,
  );
  if (!order) throw new Error(`Free trial ${requestId} has no service to order`);
  const orderId = Number(order.id);
  await writeAudit(tx, actor, {
    event: 'created',
    auditableType: 'order',
    auditableId: orderId,
    newValues: {
      status: 'in_processing',
      source: 'free_trial',
      user_id: order.user_id,
      service_id: order.service_id,
      url: order.url,
      quantity: order.quantity,
      price: '0.0000',
    },
  });
  await writeChangeLog(tx, actor, {
    actionType: 'create',
    modelType: 'order',
    modelId: orderId,
    information: `Order ${orderId} placed free of charge for free trial ${requestId} (${order.quantity} × ${order.name}, worth ${order.worth}).`,
  });
  await tx.execute(sql`UPDATE free_trial_requests SET order_id = ${orderId} WHERE id = ${requestId}`);
  return orderId;
}

export const approveFreeTrial = defineTransition({
  record: freeTrialRecord,
  action: 'approve',
  event: FREE_TRIAL_ACTIONS.approve.past,
  from: FREE_TRIAL_ACTIONS.approve.from,
  set: sql`status = 'approved', decided_at = now()`,
  permission: endpointPermission(FREE_TRIAL_ACTIONS.approve.endpoint),
  audit: ['status', 'decidedAt'],
  returning: ['url', 'quantity'],
  effects: async (tx, actor, change): Promise<ApproveEffects> => {
    await tx.execute(sql`UPDATE free_trial_requests SET decided_by = ${actor.staffId} WHERE id = ${change.id}`);
    return { order_id: await placeFreeOrder(tx, actor, change.id) };
  },
  information: ({ id, row, effects }) => `Free trial ${id} approved: order ${effects.order_id} placed for ${row.quantity} units at ${row.url}.`,
  afterCommit: (deps) => notifyCountersChanged(deps),
});

export const rejectFreeTrial = defineTransition({
  record: freeTrialRecord,
  action: 'reject',
  event: FREE_TRIAL_ACTIONS.reject.past,
  from: FREE_TRIAL_ACTIONS.reject.from,
  set: (input: { note: string | null; staffId: number | null }) =>
    sql`status = 'rejected', decided_at = now(), admin_note = ${input.note}, decided_by = ${input.staffId}`,
  permission: endpointPermission(FREE_TRIAL_ACTIONS.reject.endpoint),
  audit: ['status', 'decidedAt', 'adminNote'],
  information: ({ id, new: after }) => `Free trial ${id} rejected${after.adminNote ? `: ${String(after.adminNote)}` : ''}.`,
  afterCommit: (deps) => notifyCountersChanged(deps),
});
