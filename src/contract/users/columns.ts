import { defineTableSpec } from '../columns';
import type { TransactionKind } from '../finance/columns';

/** Users: the values and the column table the console's entry reads (no zod here; see ../columns.ts). */

export const USER_STATUSES = ['active', 'frozen', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const SELLER_STATUSES = ['new', 'in_progress', 'paid', 'cancel'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

export const USER_BULK_ACTIONS = ['freeze', 'deactivate', 'activate'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];

/** A staff member's change of one of a user's balances: money added to it, or deducted from it. */
export const BALANCE_ADJUSTMENTS = ['add', 'deduct'] as const;
export type BalanceAdjustment = (typeof BALANCE_ADJUSTMENTS)[number];
export const BALANCE_ADJUSTMENT_LABELS: Record<BalanceAdjustment, string> = { add: 'Add', deduct: 'Deduct' };
/** The ledger entry each one writes (its label says "Added by staff" / "Deducted by staff"). */
export const BALANCE_ADJUSTMENT_KINDS = { add: 'staff_credit', deduct: 'staff_debit' } as const satisfies Record<BalanceAdjustment, TransactionKind>;

/**
 * The users table. `id` is an exact id; `currentGrade.name` sorts by grade name and filters by
 * grade id, `seller.email` sorts by e-mail and filters by staff id (their options come from
 * gradesAvailable and usersAvailableSellers).
 */
export const USERS_TABLE = defineTableSpec({
  search: 'id, e-mail, name or telegram',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    email: { filter: 'text', sortable: true },
    telegramUsername: { filter: 'text', sortable: true },
    balance: { filter: 'numberRange', sortable: true },
    spent: { filter: 'numberRange', sortable: true },
    'currentGrade.name': { filter: 'select', valueType: 'int', sortable: true, permission: 'viewGrades' },
    messengers: { filter: 'boolean', sortable: true },
    userServiceExists: { filter: 'boolean', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    affiliateCode: { filter: 'text', sortable: true },
    affiliates: { filter: 'numberRange', sortable: true },
    'seller.email': { filter: 'select', valueType: 'int', sortable: true },
    sellerStatus: { filter: 'multiSelect', options: SELLER_STATUSES, sortable: true },
    marketingSubid: { filter: 'text', sortable: true },
    status: { filter: 'multiSelect', options: USER_STATUSES, sortable: true },
    frozenAt: { filter: 'dateRange', sortable: true },
    deactivatedAt: { filter: 'dateRange', sortable: true },
    actions: {},
  },
});
