import { sql, type SQL } from 'drizzle-orm';
import {
  INVOICES_TABLE,
  PAYMENT_METHODS_TABLE,
  TRANSACTIONS_TABLE,
  WITHDRAWALS_TABLE,
  type BalanceType,
  type InvoiceRow,
  type InvoiceStatus,
  type PaymentMethodBonus,
  type PaymentMethodRow,
  type PaymentMethodStatus,
  type TransactionKind,
  type TransactionRow,
  type WithdrawalRow,
  type WithdrawalStatus,
} from '../../../contract/finance';
import { PAYMENT_METHOD_ACTIONS } from '../../../contract/finance/actions';
import type { Permission } from '../../../contract/permissions';
import { tableRequestSchema } from '../../../contract/table';
import { rows, type Queryable } from '../../db/client';
import { endpointPermission } from '../../kit/endpointPermission';
import { decimalText, defineTable, utcText, type TableContext } from '../../table';
import { markInvoicePaid, withdrawalTransitions } from './transitions';

/**
 * The four finance lists on the generic table builder. The same definitions answer one row after an
 * action, so the list and the action's answer show the same fields and flags.
 */

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });
/** Up to this many matching customers are bound as constants (see orders' e-mail search). */
const EMAIL_SEARCH_IDS = 500;

/** The search box on the user's e-mail, by the matching users' ids. */
const matchUserEmail = (alias: string) => ({
  async match(pattern: string, _term: string, q: Queryable): Promise<SQL | undefined> {
    const column = sql.raw(`${alias}.user_id`);
    const found = await rows<{ id: number }>(q, sql`SELECT id FROM users WHERE email ILIKE ${pattern} ORDER BY id LIMIT ${EMAIL_SEARCH_IDS + 1}`);
    if (found.length === 0) return undefined;
    if (found.length > EMAIL_SEARCH_IDS) return sql`${column} = ANY(ARRAY(SELECT su.id FROM users su WHERE su.email ILIKE ${pattern}))`;
    return sql`${column} IN ${found.map((r) => r.id)}`;
  },
});

const seesMethods = (ctx: TableContext) => ctx.permissions.has('viewPaymentMethods');

/* ---------- invoices ---------- */

interface InvoiceDbRow extends Record<string, unknown> {
  id: number;
  status: InvoiceStatus;
  user_id: number;
  user_email: string;
  pm_id: number | null;
  pm_name: string | null;
  pm_type: string | null;
  amount: string;
  short_name: string;
  paid_at: string | null;
  created_at: string;
}

export const invoicesTable = defineTable(INVOICES_TABLE, {
  from: sql`invoices i JOIN users u ON u.id = i.user_id LEFT JOIN payment_methods pm ON pm.id = i.payment_method_id`,
  select: sql`i.id, i.status, u.id AS user_id, u.email AS user_email, pm.id AS pm_id, pm.name AS pm_name, pm.type AS pm_type,
    ${decimalText(sql`i.amount`)} AS amount, i.short_name, ${utcText(sql`i.paid_at`)} AS paid_at, ${utcText(sql`i.created_at`)} AS created_at`,
  id: sql`i.id`,
  columns: {
    id: { sql: sql`i.id` },
    status: { sql: sql`i.status` },
    'user.email': { sql: sql`u.email` },
    'paymentMethod.name': { sql: sql`pm.name`, filterSql: sql`i.payment_method_id`, nullable: true },
    'paymentMethod.type': { sql: sql`pm.type`, nullable: true },
    amount: { sql: sql`i.amount` },
    shortName: { sql: sql`i.short_name` },
    paidAt: { sql: sql`i.paid_at`, nullable: true },
    createdAt: { sql: sql`i.created_at` },
  },
  search: [sql`i.short_name`, matchUserEmail('i')],
  queries: { userId: { sql: sql`i.user_id` } },
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: InvoiceDbRow, ctx): InvoiceRow => ({
    id: r.id,
    status: r.status,
    user: { id: r.user_id, email: r.user_email },
    paymentMethod: r.pm_id !== null && seesMethods(ctx) ? { id: r.pm_id, name: r.pm_name!, type: r.pm_type! } : null,
    amount: r.amount,
    shortName: r.short_name,
    paidAt: r.paid_at,
    createdAt: r.created_at,
    canBeMarkedAsPaid: markInvoicePaid.allows(r.status, ctx.permissions),
  }),
});

export async function findInvoiceRow(q: Queryable, id: number, ctx: TableContext): Promise<InvoiceRow | undefined> {
  return (await invoicesTable.query(q, ONE_ROW, ctx, { where: sql`i.id = ${id}` })).items[0];
}

/* ---------- withdrawals ---------- */

interface WithdrawalDbRow extends Record<string, unknown> {
  id: number;
  status: WithdrawalStatus;
  user_id: number;
  user_email: string;
  account_number: string;
  user_comment: string | null;
  pm_id: number | null;
  pm_name: string | null;
  pm_type: string | null;
  amount: string;
  fee: string;
  created_at: string;
  admin_note: string | null;
  transaction_id: string | null;
}

export const withdrawalsTable = defineTable(WITHDRAWALS_TABLE, {
  from: sql`withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN payment_methods pm ON pm.id = w.payment_method_id`,
  select: sql`w.id, w.status, u.id AS user_id, u.email AS user_email, w.account_number, w.user_comment,
    pm.id AS pm_id, pm.name AS pm_name, pm.type AS pm_type, ${decimalText(sql`w.amount`)} AS amount, ${decimalText(sql`w.fee`)} AS fee,
    ${utcText(sql`w.created_at`)} AS created_at, w.admin_note, w.transaction_id`,
  id: sql`w.id`,
  columns: {
    id: { sql: sql`w.id` },
    status: { sql: sql`w.status` },
    'user.email': { sql: sql`u.email` },
    accountNumber: { sql: sql`w.account_number` },
    userComment: { sql: sql`w.user_comment` },
    'withdrawalMethod.name': { sql: sql`pm.name`, filterSql: sql`w.payment_method_id`, nullable: true },
    amount: { sql: sql`w.amount` },
    createdAt: { sql: sql`w.created_at` },
    adminNote: { sql: sql`w.admin_note` },
    transactionId: { sql: sql`w.transaction_id`, nullable: true },
  },
  search: [sql`w.account_number`, sql`w.transaction_id`, matchUserEmail('w')],
  queries: { userId: { sql: sql`w.user_id` } },
  defaultSort: [{ key: 'id', desc: true }],
  map: (r: WithdrawalDbRow, ctx): WithdrawalRow => ({
    id: r.id,
    status: r.status,
    user: { id: r.user_id, email: r.user_email },
    accountNumber: r.account_number,
    userComment: r.user_comment,
    withdrawalMethod: r.pm_id !== null && seesMethods(ctx) ? { id: r.pm_id, name: r.pm_name!, type: r.pm_type! } : null,
    amount: r.amount,
    fee: r.fee,
    createdAt: r.created_at,
    adminNote: r.admin_note,
    transactionId: r.transaction_id,
    actions: {
      approvable: withdrawalTransitions.approve.allows(r.status, ctx.permissions),
      rejectable: withdrawalTransitions.reject.allows(r.status, ctx.permissions),
      payable: withdrawalTransitions.markAsPaid.allows(r.status, ctx.permissions),
    },
  }),
});

export async function findWithdrawalRow(q: Queryable, id: number, ctx: TableContext): Promise<WithdrawalRow | undefined> {
  return (await withdrawalsTable.query(q, ONE_ROW, ctx, { where: sql`w.id = ${id}` })).items[0];
}

/* ---------- transactions ---------- */

export interface TransactionDbRow extends Record<string, unknown> {
  id: number | string;
  user_id: number;
  user_email: string;
  balance_type: BalanceType;
  comment: string | null;
  type: TransactionKind;
  transaction_type: 'income' | 'expense';
  pm_id: number | null;
  pm_type: string | null;
  pm_name: string | null;
  order_id: number | string | null;
  invoice_id: number | null;
  withdrawal_id: number | null;
  amount: string;
  created_at: string;
}

export const TRANSACTION_SELECT = sql`t.id, u.id AS user_id, u.email AS user_email, t.balance_type, t.comment, t.type, t.transaction_type,
    pm.id AS pm_id, pm.type AS pm_type, pm.name AS pm_name, t.order_id, t.invoice_id, t.withdrawal_id,
    ${decimalText(sql`t.amount`)} AS amount, ${utcText(sql`t.created_at`)} AS created_at`;

export function mapTransactionRow(r: TransactionDbRow, ctx: TableContext): TransactionRow {
  return {
    id: Number(r.id),
    user: { id: r.user_id, email: r.user_email },
    type: r.balance_type,
    comment: r.comment,
    transactionType: r.type,
    direction: r.transaction_type,
    paymentMethod: r.pm_id !== null && seesMethods(ctx) ? { id: r.pm_id, type: r.pm_type!, name: r.pm_name! } : null,
    orderId: r.order_id === null ? null : Number(r.order_id),
    invoiceId: r.invoice_id,
    withdrawalId: r.withdrawal_id,
    amount: r.amount,
    createdAt: r.created_at,
  };
}

/** An integer typed in the search box also finds the user's and the order's transactions. */
const matchIds = {
  match(_pattern: string, term: string): SQL | undefined {
    if (!/^\d{1,15}$/.test(term)) return undefined;
    const n = Number(term);
    return n <= 2147483647 ? sql`(t.user_id = ${n} OR t.order_id = ${n})` : sql`t.order_id = ${n}`;
  },
};

export const transactionsTable = defineTable(TRANSACTIONS_TABLE, {
  from: sql`transactions t JOIN users u ON u.id = t.user_id LEFT JOIN payment_methods pm ON pm.id = t.payment_method_id`,
  select: TRANSACTION_SELECT,
  id: sql`t.id`,
  idType: 'bigint',
  columns: {
    id: { sql: sql`t.id` },
    'user.email': { sql: sql`u.email` },
    type: { sql: sql`t.balance_type` },
    comment: { sql: sql`t.comment` },
    transactionType: { sql: sql`t.type` },
    'paymentMethod.type': { sql: sql`pm.type` },
    orderId: { sql: sql`t.order_id`, nullable: true },
    amount: { sql: sql`t.amount` },
    createdAt: { sql: sql`t.created_at` },
  },
  // Not the comment: a contains-search over every comment would read the whole table (the column filter does it).
  search: [matchIds, matchUserEmail('t')],
  queries: { userId: { sql: sql`t.user_id` } },
  defaultSort: [{ key: 'id', desc: true }],
  estimateCountAbove: 50_000,
  map: mapTransactionRow,
});

export async function findTransactionRow(q: Queryable, id: number, ctx: TableContext): Promise<TransactionRow | undefined> {
  return (await transactionsTable.query(q, ONE_ROW, ctx, { where: sql`t.id = ${id}` })).items[0];
}

/* ---------- payment methods ---------- */

interface MethodDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  type: string;
  is_enabled: boolean;
  icon: string | null;
  position: number;
  min_amount: string | null;
  max_amount: string | null;
  fee_percent: string;
  charge_currency: string;
  is_allowed_for_new_user: boolean;
  bonuses: PaymentMethodBonus[] | string | null;
}

export const BONUSES_JSON = (alias: string) => sql`(SELECT coalesce(json_agg(json_build_object('id', b.id, 'bonusPercent', b.bonus_percent::text,
    'fromAmount', b.from_amount::text, 'isEnabled', b.is_enabled) ORDER BY b.from_amount, b.id), '[]'::json)
  FROM payment_method_bonuses b WHERE b.payment_method_id = ${sql.raw(alias)}.id)`;

export const parseJson = <T>(value: T | string | null, fallback: T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? fallback));

const ENABLE_PERMISSION = endpointPermission(PAYMENT_METHOD_ACTIONS.enable.endpoint);
const DISABLE_PERMISSION = endpointPermission(PAYMENT_METHOD_ACTIONS.disable.endpoint);
const EDIT_PERMISSION = endpointPermission('paymentMethodsUpdate');

/** A payment method's row flags: its state (the contract's PAYMENT_METHOD_ACTIONS) and the member's permissions. */
export function paymentMethodFlags(isEnabled: boolean, permissions: ReadonlySet<Permission>): PaymentMethodRow['actions'] {
  const status: PaymentMethodStatus = isEnabled ? 'enabled' : 'disabled';
  return {
    enablable: PAYMENT_METHOD_ACTIONS.enable.from.includes(status) && permissions.has(ENABLE_PERMISSION),
    disablable: PAYMENT_METHOD_ACTIONS.disable.from.includes(status) && permissions.has(DISABLE_PERMISSION),
    editable: permissions.has(EDIT_PERMISSION),
  };
}

export function mapMethodRow(r: MethodDbRow, ctx: TableContext): PaymentMethodRow {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    status: r.is_enabled ? 'enabled' : 'disabled',
    icon: r.icon,
    position: r.position,
    minAmount: r.min_amount,
    maxAmount: r.max_amount,
    feePercent: r.fee_percent,
    chargeCurrency: r.charge_currency,
    isAllowedForNewUser: r.is_allowed_for_new_user,
    paymentMethodBonuses: parseJson<PaymentMethodBonus[]>(r.bonuses, []),
    actions: paymentMethodFlags(r.is_enabled, ctx.permissions),
  };
}

export const paymentMethodsTable = defineTable(PAYMENT_METHODS_TABLE, {
  from: sql`payment_methods pm`,
  select: sql`pm.id, pm.name, pm.type, pm.is_enabled, pm.icon, pm.position, ${decimalText(sql`pm.min_amount`)} AS min_amount,
    ${decimalText(sql`pm.max_amount`)} AS max_amount, ${decimalText(sql`pm.fee_percent`)} AS fee_percent, pm.charge_currency,
    pm.is_allowed_for_new_user, ${BONUSES_JSON('pm')} AS bonuses`,
  id: sql`pm.id`,
  columns: {
    id: { sql: sql`pm.id` },
    name: { sql: sql`pm.name` },
    type: { sql: sql`pm.type` },
    status: { sql: sql`(CASE WHEN pm.is_enabled THEN 'enabled' ELSE 'disabled' END)` },
    position: { sql: sql`pm.position` },
    minAmount: { sql: sql`pm.min_amount`, nullable: true },
    maxAmount: { sql: sql`pm.max_amount`, nullable: true },
    feePercent: { sql: sql`pm.fee_percent` },
    chargeCurrency: { sql: sql`pm.charge_currency` },
    isAllowedForNewUser: { sql: sql`pm.is_allowed_for_new_user` },
  },
  search: [sql`pm.name`, sql`pm.type`],
  defaultSort: [{ key: 'position', desc: false }],
  map: mapMethodRow,
});
