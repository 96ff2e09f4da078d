import type { z } from 'zod';
import { BALANCE_TYPE_LABELS } from '../../../contract/finance/columns';
import { BALANCE_ADJUSTMENT_KINDS, type adjustBalanceBodySchema } from '../../../contract/users';
import { writeChangeLog } from '../../audit';
import type { Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { displayMoney, lockUser, postTransaction } from '../../kit/ledger';

/**
 * A staff member adds money to one of a user's balances or deducts it (usersAdjustBalance): one
 * ledger entry ('staff_credit' or 'staff_debit', the reason as its comment) written under the
 * user's row lock, so two adjustments of one user queue and neither is lost. A deduction larger
 * than that balance, or a credit past what it can hold, is a 422 on `amount` and writes nothing.
 * The entry is audited on the user (who, amount, balance, reason) and told in the change log, so
 * the user's history shows it. Run inside a transaction.
 */

type AdjustBody = z.output<typeof adjustBalanceBodySchema>;

export interface Adjusted {
  email: string;
  /** Unsigned, as moved. */
  amount: string;
  balance: string;
  transactionId: number;
  message: string;
}

export async function adjustBalance(tx: Queryable, actor: Actor, userId: number, body: AdjustBody): Promise<Adjusted> {
  const user = await lockUser(tx, userId);
  const adding = body.action === 'add';
  const entry = (await postTransaction(tx, actor, {
    userId,
    amount: adding ? body.amount : `-${body.amount}`,
    balanceType: body.balanceType,
    type: BALANCE_ADJUSTMENT_KINDS[body.action],
    comment: body.reason,
    refuseBelowZero: 'amount',
    refuseAboveMax: 'amount',
    audit: { event: adding ? 'balance_added' : 'balance_deducted', values: { balance_type: body.balanceType, reason: body.reason } },
  }))!; // the body's amount is positive, so an entry is always written
  const amount = entry.amount.replace('-', '');
  const name = BALANCE_TYPE_LABELS[body.balanceType].toLowerCase();
  const moved = adding ? `${displayMoney(amount)} added to the ${name} of ${user.email}` : `${displayMoney(amount)} deducted from the ${name} of ${user.email}`;
  const message = `${moved}; it is now ${displayMoney(entry.balanceAfter)}.`;
  await writeChangeLog(tx, actor, {
    actionType: adding ? 'add_balance' : 'deduct_balance',
    modelType: 'user',
    modelId: userId,
    information: `${moved} (transaction ${entry.transactionId}): ${body.reason}`,
  });
  return { email: user.email, amount, balance: entry.balanceAfter, transactionId: entry.transactionId, message };
}
