import { sql } from 'drizzle-orm';
import { INVOICE_ACTIONS, WITHDRAWAL_ACTIONS } from '../../../contract/finance/actions';
import { one, type Queryable } from '../../db/client';
import { paymentMethods } from '../../db/schema/finance';
import type { Actor } from '../../deps';
import { fieldError, notFound } from '../../http/errors';
import { displayMoney, postTransaction, lockUser } from '../../kit/ledger';
import { defineRecord } from '../../kit/records';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { invoices, paymentMethodBonuses, withdrawals } from './schema';

/**
 * The finance area's records and its money-moving transitions. Each transition is one conditional
 * update of the invoice or withdrawal (so of fifty simultaneous calls exactly one succeeds and the
 * rest get a 409), and its money is posted to the ledger inside the same database transaction; the
 * unique (invoice_id, type) and (withdrawal_id, type) indexes of `transactions` make a second
 * credit impossible even if a rule were wrong.
 */

export const invoiceRecord = defineRecord({ table: invoices, thing: 'Invoice', type: 'invoice' });
export const withdrawalRecord = defineRecord({ table: withdrawals, thing: 'Withdrawal', type: 'withdrawal' });
export const paymentMethodRecord = defineRecord({ table: paymentMethods, thing: 'Payment method', type: 'payment_method', secret: ['secrets'] });
export const bonusRecord = defineRecord({ table: paymentMethodBonuses, thing: 'Payment method bonus', type: 'payment_method_bonus' });

export interface MarkPaidEffects {
  credited: string;
  bonus: string;
  bonus_percent: string | null;
  balance: string;
}

/**
 * Mark as paid: pending or expired -> paid. Credits the amount sent and, on top, the best enabled
 * bonus of the invoice's method: the one with the highest
 * `fromAmount` not above the amount.
 */
export const markInvoicePaid = defineTransition({
  record: invoiceRecord,
  action: 'mark_as_paid',
  event: 'paid',
  from: INVOICE_ACTIONS.markAsPaid.from,
  set: (input: { amount: string }) => sql`status = 'paid', paid_at = now(), paid_amount = ${input.amount}::numeric`,
  permission: endpointPermission(INVOICE_ACTIONS.markAsPaid.endpoint),
  audit: ['status', 'paidAmount'],
  returning: ['userId', 'paymentMethodId', 'shortName'],
  conflict: (id, status) => `Invoice ${id} cannot be ${INVOICE_ACTIONS.markAsPaid.past}: it is ${status}.`,
  effects: async (tx, actor, change, input): Promise<MarkPaidEffects> => {
    const userId = change.row.userId as number;
    const methodId = (change.row.paymentMethodId as number | null) ?? null;
    const bonus =
      methodId === null
        ? undefined
        : await one<{ percent: string; bonus: string }>(
            tx,
            sql`SELECT bonus_percent::text AS percent, round(${input.amount}::numeric * bonus_percent, 4)::text AS bonus
                FROM payment_method_bonuses
               WHERE payment_method_id = ${methodId} AND is_enabled AND from_amount <= ${input.amount}::numeric
               ORDER BY from_amount DESC, bonus_percent DESC, id LIMIT 1`,
          );
    await lockUser(tx, userId);
    const deposit = await postTransaction(tx, actor, {
      userId,
      amount: input.amount,
      type: 'deposit',
      paymentMethodId: methodId,
      invoiceId: change.id,
      comment: `Invoice #${change.id} (${change.row.shortName}) paid`,
    });
    const bonusEntry =
      bonus && Number(bonus.bonus) > 0
        ? await postTransaction(tx, actor, {
            userId,
            amount: bonus.bonus,
            type: 'bonus',
            paymentMethodId: methodId,
            invoiceId: change.id,
            comment: `Bonus ${Number(bonus.percent) * 100} % on invoice #${change.id}`,
          })
        : null;
    const bonusAmount = bonusEntry?.amount ?? '0.0000';
    await tx.execute(sql`UPDATE invoices SET bonus_amount = ${bonusAmount}::numeric WHERE id = ${change.id}`);
    return { credited: deposit!.amount, bonus: bonusAmount, bonus_percent: bonusEntry ? bonus!.percent : null, balance: (bonusEntry ?? deposit)!.balanceAfter };
  },
  information: ({ id, effects }) =>
    `Invoice ${id} marked as paid: ${displayMoney(effects.credited)} credited${Number(effects.bonus) > 0 ? ` plus a bonus of ${displayMoney(effects.bonus)}` : ''}.`,
});

export interface ReleaseEffects {
  released: string;
}

/**
 * Withdrawals: approve moves it on, reject gives the hold back, paid completes it (label, from-statuses
 * and endpoint: the contract's WITHDRAWAL_ACTIONS; the paid event keeps its audit name 'paid').
 */
export const withdrawalTransitions = {
  approve: defineTransition({
    record: withdrawalRecord,
    action: 'approve',
    event: WITHDRAWAL_ACTIONS.approve.past,
    from: WITHDRAWAL_ACTIONS.approve.from,
    set: sql`status = 'approved', approved_at = now()`,
    permission: endpointPermission(WITHDRAWAL_ACTIONS.approve.endpoint),
    returning: ['amount'],
    information: ({ id, row }) => `Withdrawal ${id} of ${displayMoney(String(row.amount))} approved; the amount stays held until it is paid.`,
  }),
  reject: defineTransition({
    record: withdrawalRecord,
    action: 'reject',
    event: WITHDRAWAL_ACTIONS.reject.past,
    from: WITHDRAWAL_ACTIONS.reject.from,
    set: (input: { adminNote: string }) => sql`status = 'rejected', rejected_at = now(), admin_note = ${input.adminNote}`,
    permission: endpointPermission(WITHDRAWAL_ACTIONS.reject.endpoint),
    audit: ['status', 'adminNote'],
    returning: ['userId', 'amount', 'paymentMethodId'],
    effects: async (tx, actor, change): Promise<ReleaseEffects> => {
      const entry = await postTransaction(tx, actor, {
        userId: change.row.userId as number,
        amount: String(change.row.amount),
        type: 'withdrawal_release',
        paymentMethodId: (change.row.paymentMethodId as number | null) ?? null,
        withdrawalId: change.id,
        comment: `Withdrawal #${change.id} rejected: amount released`,
      });
      return { released: entry?.amount ?? '0.0000' };
    },
    information: ({ id, effects }) => `Withdrawal ${id} rejected; ${displayMoney(effects.released)} returned to the balance.`,
  }),
  markAsPaid: defineTransition({
    record: withdrawalRecord,
    action: 'mark_as_paid',
    event: 'paid',
    from: WITHDRAWAL_ACTIONS.markAsPaid.from,
    set: (input: { transactionId: string }) => sql`status = 'paid', paid_at = now(), transaction_id = ${input.transactionId}`,
    permission: endpointPermission(WITHDRAWAL_ACTIONS.markAsPaid.endpoint),
    audit: ['status', 'transactionId'],
    returning: ['amount', 'fee'],
    conflict: (id, status) => `Withdrawal ${id} cannot be ${WITHDRAWAL_ACTIONS.markAsPaid.past}: it is ${status}.`,
    information: ({ id, row, new: now }) =>
      `Withdrawal ${id} paid out: ${displayMoney(String(row.amount))} less a fee of ${displayMoney(String(row.fee))} (transaction ${now.transactionId}).`,
  }),
};

export interface WithdrawalRequest {
  userId: number;
  paymentMethodId: number;
  /** Decimal string. */
  amount: string;
  accountNumber: string;
  userComment?: string | null;
}

/**
 * A customer's withdrawal request (made on the storefront; the console moderates it): the method
 * must accept withdrawals, the amount must lie within its limits and cover its fee
 * (max(amount × feePercent, minFee)), and the balance must hold it. The amount is held at once: a
 * 'withdrawal' debit in the same transaction. 422 on `amount` or `paymentMethodId` otherwise.
 */
export async function requestWithdrawal(tx: Queryable, actor: Actor, request: WithdrawalRequest): Promise<{ id: number; fee: string }> {
  await lockUser(tx, request.userId);
  const method = await one<{
    name: string;
    options: { availableForWithdrawal: boolean; feePercent: string; maxAmount: string | null; minAmount: string | null; minFee: string } | string;
  }>(tx, sql`SELECT name, withdrawal_options AS options FROM payment_methods WHERE id = ${request.paymentMethodId}`);
  if (!method) throw notFound(`Payment method ${request.paymentMethodId}`);
  const options = typeof method.options === 'string' ? JSON.parse(method.options) : method.options;
  if (!options.availableForWithdrawal) throw fieldError('paymentMethodId', `${method.name} does not accept withdrawals.`);
  const check = await one<{ below: boolean; above: boolean; fee: string; covers: boolean }>(
    tx,
    sql`SELECT (${options.minAmount}::numeric IS NOT NULL AND ${request.amount}::numeric < ${options.minAmount}::numeric) AS below,
               (${options.maxAmount}::numeric IS NOT NULL AND ${request.amount}::numeric > ${options.maxAmount}::numeric) AS above,
               GREATEST(round(${request.amount}::numeric * ${options.feePercent}::numeric, 4), ${options.minFee}::numeric)::numeric(14,4)::text AS fee,
               GREATEST(round(${request.amount}::numeric * ${options.feePercent}::numeric, 4), ${options.minFee}::numeric) < ${request.amount}::numeric AS covers`,
  );
  if (check!.below) throw fieldError('amount', `The amount must be at least ${displayMoney(options.minAmount!)}.`);
  if (check!.above) throw fieldError('amount', `The amount may not be greater than ${displayMoney(options.maxAmount!)}.`);
  if (!check!.covers) throw fieldError('amount', `The amount must be greater than the fee of ${displayMoney(check!.fee)}.`);
  const balance = await one<{ ok: boolean }>(tx, sql`SELECT balance >= ${request.amount}::numeric AS ok FROM users WHERE id = ${request.userId}`);
  if (!balance?.ok) throw fieldError('amount', 'The balance is lower than the amount.');
  const created = await one<{ id: number }>(
    tx,
    sql`INSERT INTO withdrawals (user_id, payment_method_id, account_number, user_comment, amount, fee)
        VALUES (${request.userId}, ${request.paymentMethodId}, ${request.accountNumber}, ${request.userComment ?? null}, ${request.amount}::numeric, ${check!.fee}::numeric)
        RETURNING id`,
  );
  await postTransaction(tx, actor, {
    userId: request.userId,
    amount: `-${request.amount}`,
    type: 'withdrawal',
    paymentMethodId: request.paymentMethodId,
    withdrawalId: created!.id,
    comment: `Withdrawal #${created!.id} requested: amount held`,
    refuseBelowZero: 'amount',
  });
  return { id: created!.id, fee: check!.fee };
}
