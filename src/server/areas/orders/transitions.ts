import { sql, type SQL } from 'drizzle-orm';
import { defineTransition } from '../../kit/transition';
import { notifyCountersChanged } from '../../realtime/counters';
import type { ColumnKey } from '../../kit/records';
import type { orders } from '../../db/schema/orders';
import { orderRecord } from './records';
import { ORDER_ACTIONS } from '../../../contract/orders/actions';
import { endpointPermission } from '../../kit/endpointPermission';
import { cannotMessage } from './rules';

/**
 * Approve, activate, pause and complete: state changes that move no money,
 * declared once each. The allowed statuses, the verb and the endpoint (whose permission it needs)
 * come from the contract's ORDER_ACTIONS, the table the row flags are computed from, so a flag is true exactly when the transition would succeed;
 * the live counters are told after each commit that changed an order.
 *
 * Cancel and reject stay in ./cancel.ts: they move money, and a refund must lock the customer
 * before the order (the order every balance change takes, so two refunds queue instead of
 * deadlocking) and compute the refund inside the same conditional update, with a third answer
 * (422 on amount) besides 404 and 409 — a transition's effects run after its update.
 */
export type SimpleOrderAction = 'approve' | 'activate' | 'pause' | 'complete';

const orderTransition = (action: SimpleOrderAction, set: SQL, audit?: ColumnKey<typeof orders>[]) =>
  defineTransition({
    record: orderRecord,
    action,
    event: ORDER_ACTIONS[action].past,
    from: ORDER_ACTIONS[action].from,
    set,
    permission: endpointPermission(ORDER_ACTIONS[action].endpoint),
    audit,
    conflict: (id, status) => cannotMessage(id, action, status),
    afterCommit: (deps) => notifyCountersChanged(deps),
  });

export const orderTransitions = {
  approve: orderTransition('approve', sql`status = 'in_processing'`),
  activate: orderTransition('activate', sql`status = 'in_processing'`),
  pause: orderTransition('pause', sql`status = 'stopped'`),
  // A final state is never counted as "no providers" (the live counter counts the flag).
  complete: orderTransition('complete', sql`status = 'completed', completed_at = now(), has_no_active_providers = false`, [
    'status',
    'completedAt',
    'hasNoActiveProviders',
  ]),
} satisfies Record<SimpleOrderAction, unknown>;
