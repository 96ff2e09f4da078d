import type { OrderRowActions, OrderStatus } from '../../../contract/orders';
import type { Permission } from '../../../contract/permissions';
import { ORDER_ACTIONS, type OrderAction } from '../../../contract/orders/actions';
import { endpointPermission } from '../../kit/endpointPermission';

/**
 * Which order actions each status allows, and who may run them (src/contract/orders/actions.ts):
 * one table answers both the row flags the console shows and the `status = ANY($allowed)`
 * condition of the update that performs the action, so a flag is true exactly when the action
 * would succeed. Each action needs its endpoint's permission.
 */
export type { OrderAction };

const ACTION_PERMISSIONS = Object.values(ORDER_ACTIONS).map((facts) => ({ facts, permission: endpointPermission(facts.endpoint) }));

export function orderRowActions(status: OrderStatus, permissions: ReadonlySet<Permission>): OrderRowActions {
  const flags = {} as OrderRowActions;
  for (const { facts, permission } of ACTION_PERMISSIONS) flags[facts.flag] = permissions.has(permission) && facts.from.includes(status);
  return flags;
}

export const STATUS_WORDS: Record<OrderStatus, string> = {
  in_processing: 'in processing',
  in_moderation: 'in moderation',
  completed: 'completed',
  stopped: 'stopped',
  canceled: 'canceled',
  unpaid: 'unpaid',
};

/** "Order 123 cannot be approved: it is completed." */
export const cannotMessage = (orderId: number, action: OrderAction, status: OrderStatus): string =>
  `Order ${orderId} cannot be ${ORDER_ACTIONS[action].past}: it is ${STATUS_WORDS[status]}.`;
