import type { OrderRowAction, OrderRowActions, OrderStatus } from '../../../contract/orders';
import type { Permission } from '../../../contract/permissions';

/**
 * Which order actions each status allows (operations.md §4 "Order statuses"). One table answers
 * both questions: the row flags the console shows, and the `status = ANY($allowed)` condition of
 * the update that performs the action — so a flag is true exactly when the action would succeed.
 */
export type OrderAction = 'approve' | 'reject' | 'activate' | 'pause' | 'complete' | 'cancel' | 'edit';

interface ActionRule {
  flag: OrderRowAction;
  from: readonly OrderStatus[];
  /** Completes "Order 12 cannot be …: it is completed." */
  verb: string;
}

const OPEN: readonly OrderStatus[] = ['in_processing', 'in_moderation', 'stopped', 'unpaid'];

export const ORDER_ACTION_RULES: Record<OrderAction, ActionRule> = {
  approve: { flag: 'approvable', from: ['in_moderation'], verb: 'approved' },
  reject: { flag: 'rejectable', from: ['in_moderation'], verb: 'rejected' },
  activate: { flag: 'activable', from: ['stopped'], verb: 'activated' },
  pause: { flag: 'pausable', from: ['in_processing'], verb: 'paused' },
  complete: { flag: 'completable', from: ['in_processing', 'stopped'], verb: 'completed' },
  cancel: { flag: 'cancelable', from: OPEN, verb: 'canceled' },
  edit: { flag: 'editable', from: OPEN, verb: 'edited' },
};

/** Every order action needs this permission (the endpoint table says the same). */
export const MANAGE_ORDERS: Permission = 'manageOrders';

export function orderRowActions(status: OrderStatus, permissions: ReadonlySet<Permission>): OrderRowActions {
  const may = permissions.has(MANAGE_ORDERS);
  const flags = {} as OrderRowActions;
  for (const rule of Object.values(ORDER_ACTION_RULES)) flags[rule.flag] = may && rule.from.includes(status);
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
  `Order ${orderId} cannot be ${ORDER_ACTION_RULES[action].verb}: it is ${STATUS_WORDS[status]}.`;
