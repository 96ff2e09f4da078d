import { sql } from 'drizzle-orm';
import { BALANCE_TYPE_LABELS, type BalanceType } from '../../contract/finance/columns';
import { writeAudit } from '../audit';
import { one, type Queryable } from '../db/client';
import type { Actor } from '../deps';
import { fieldError, notFound } from '../http/errors';

/**
 * The ledger: every change of a user's money is one `transactions` row written in
 * the same database transaction as the balance it moves, with the user row locked first, so a
 * user's balance always equals the sum of their 'main' transactions and two changes of one user
 * queue instead of racing.
 *
 *   await lockUser(tx, userId);                        // first, before other rows of the change
 *   const entry = await postTransaction(tx, actor, {
 *     userId, amount: '-12.5000', type: 'withdrawal', comment: 'Withdrawal #7 requested', withdrawalId: 7,
 *     refuseBelowZero: 'amount',                      // a debit larger than the balance: 422 on `amount`
 *   });
 *
 * Lock order: the user row comes before any row of the change that another change of the same
 * user could lock later (an order, a combo order); a record already locked by a declared
 * transition (an invoice, a withdrawal) may be locked first as long as no change locks the user
 * and then that record.
 */

/**
 * A decimal amount as people read it in a message, the same rule as the console's money fields:
 * at least two decimals, trailing zeros beyond them dropped ('12.3400' -> '12.34', '7' -> '7.00',
 * '8.6080' -> '8.608').
 */
export function displayMoney(decimal: string): string {
  const [whole, fraction = ''] = decimal.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.length >= 2 ? trimmed : trimmed.padEnd(2, '0')}`;
}

export type LedgerBalance = BalanceType;

export interface Posting {
  userId: number;
  /** Signed decimal string: credits positive, debits negative. */
  amount: string;
  /** What moved it: deposit, bonus, order, refund, withdrawal, withdrawal_release, correction… */
  type: string;
  balanceType?: LedgerBalance;
  comment?: string | null;
  paymentMethodId?: number | null;
  orderId?: number | null;
  invoiceId?: number | null;
  withdrawalId?: number | null;
  /** A debit that would take the balance below zero is refused with a 422 on this field. */
  refuseBelowZero?: string;
  /** A credit that would take the balance past what it can hold (MAX_BALANCE) is refused with a 422 on this field. */
  refuseAboveMax?: string;
  /** Also lower `spent` by a credit (refunds) or raise it by a debit (order payments). */
  countsAsSpending?: boolean;
  /** The audit entry's event ('balance_changed' by default) and more of its new values (a staff member's reason). */
  audit?: { event?: string; values?: Record<string, unknown> };
}

/** The largest balance a numeric(14,4) column, and the sums read as one, can hold. */
export const MAX_BALANCE = '9999999999.9999';

export interface LockedUser {
  id: number;
  email: string;
  balance: string;
}

export interface PostedEntry {
  transactionId: number;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
}

/** Locks the user row for the rest of the transaction; 404 when there is no such user. */
export async function lockUser(tx: Queryable, userId: number): Promise<LockedUser> {
  const user = await one<LockedUser>(tx, sql`SELECT id, email, balance::text AS balance FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!user) throw notFound(`User ${userId}`);
  return user;
}

/**
 * Writes one transaction and moves the balance by its amount. The main balance is the user's
 * `balance` column, moved here; task and referral earnings live in their own balances, which are
 * the sums of their rows. Locks the user itself when the caller has not, so two postings to one
 * user, of any balance, queue. Every posting is audited on the user. A zero amount writes nothing.
 */
export async function postTransaction(tx: Queryable, actor: Actor, posting: Posting): Promise<PostedEntry | null> {
  const balanceType = posting.balanceType ?? 'main';
  const user = await lockUser(tx, posting.userId);
  const amount = await one<{ v: string; sign: number }>(
    tx,
    sql`SELECT (${posting.amount}::numeric(14,4))::text AS v, sign(${posting.amount}::numeric)::int AS sign`,
  );
  if (!amount || amount.sign === 0) return null;
  // Main is the user's column; the others are the sums of their rows, read under the user's lock.
  const before =
    balanceType === 'main'
      ? user.balance
      : (await one<{ sum: string }>(
          tx,
          sql`SELECT coalesce(sum(amount), 0)::numeric(14,4)::text AS sum FROM transactions WHERE user_id = ${posting.userId} AND balance_type = ${balanceType}`,
        ))!.sum;
  const belowZero = posting.refuseBelowZero && amount.sign < 0 ? posting.refuseBelowZero : null;
  const aboveMax = posting.refuseAboveMax && amount.sign > 0 ? posting.refuseAboveMax : null;
  if (belowZero || aboveMax) {
    const after = (await one<{ below: boolean; above: boolean }>(
      tx,
      sql`SELECT (${before}::numeric + ${amount.v}::numeric) < 0 AS below, (${before}::numeric + ${amount.v}::numeric) > ${MAX_BALANCE}::numeric AS above`,
    ))!;
    const name = BALANCE_TYPE_LABELS[balanceType].toLowerCase();
    if (belowZero && after.below) {
      throw fieldError(belowZero, `The ${name} (${displayMoney(before)}) is lower than the amount (${displayMoney(amount.v.replace('-', ''))}).`);
    }
    if (aboveMax && after.above) throw fieldError(aboveMax, `The ${name} would exceed the most it can hold (${displayMoney(MAX_BALANCE)}).`);
  }
  const inserted = await one<{ id: string }>(
    tx,
    sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type, comment, payment_method_id, order_id, invoice_id, withdrawal_id)
        VALUES (${posting.userId}, ${amount.v}::numeric, ${balanceType}, ${posting.type}, ${amount.sign > 0 ? 'income' : 'expense'},
                ${posting.comment ?? null}, ${posting.paymentMethodId ?? null}, ${posting.orderId ?? null},
                ${posting.invoiceId ?? null}, ${posting.withdrawalId ?? null})
        RETURNING id`,
  );
  let balanceAfter: string;
  if (balanceType === 'main') {
    const spent = posting.countsAsSpending ? sql`, spent = GREATEST(spent - ${amount.v}::numeric, 0)` : sql``;
    const updated = await one<{ balance: string }>(
      tx,
      sql`UPDATE users SET balance = balance + ${amount.v}::numeric${spent}, updated_at = now() WHERE id = ${posting.userId} RETURNING balance::text AS balance`,
    );
    balanceAfter = updated!.balance;
  } else {
    balanceAfter = (await one<{ v: string }>(tx, sql`SELECT (${before}::numeric + ${amount.v}::numeric)::text AS v`))!.v;
  }
  // The main balance keeps its column's name in the audit; the others are named by their type.
  const field = balanceType === 'main' ? 'balance' : `${balanceType}_balance`;
  await writeAudit(tx, actor, {
    event: posting.audit?.event ?? 'balance_changed',
    auditableType: 'user',
    auditableId: posting.userId,
    oldValues: { [field]: before },
    newValues: { [field]: balanceAfter, amount: amount.v, type: posting.type, transaction_id: Number(inserted!.id), ...posting.audit?.values },
  });
  return { transactionId: Number(inserted!.id), amount: amount.v, balanceBefore: before, balanceAfter };
}
