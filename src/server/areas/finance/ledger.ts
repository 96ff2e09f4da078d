import { sql } from 'drizzle-orm';
import type { LedgerCheck, UserLedger } from '../../../contract/finance';
import { one, rows, type Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import type { TableContext } from '../../table';
import { mapTransactionRow, TRANSACTION_SELECT, type TransactionDbRow } from './table';

/**
 * What proves the ledger: per user, the balance against the sum of their 'main' transactions; for
 * the panel, how many users differ (zero, always), what pending withdrawals hold, and whether every
 * hold has its open withdrawal and every release its rejection.
 */

const MISMATCH_LIST = 20;

export async function ledgerCheck(q: Queryable): Promise<LedgerCheck> {
  const mismatched = await rows<{ id: number; email: string; balance: string; sum: string }>(
    q,
    sql`SELECT u.id, u.email, u.balance::text AS balance, coalesce(t.sum, 0)::numeric(14,4)::text AS sum
          FROM users u
          LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM transactions WHERE balance_type = 'main' GROUP BY user_id) t ON t.user_id = u.id
         WHERE u.balance <> coalesce(t.sum, 0)
         ORDER BY u.id`,
  );
  const totals = await one<{ users: number; pending: number; held: string; hold_mismatches: number; now: string }>(
    q,
    sql`SELECT (SELECT count(*)::int FROM users) AS users,
               (SELECT count(*)::int FROM withdrawals WHERE status IN ('pending', 'approved')) AS pending,
               (SELECT coalesce(sum(amount), 0)::numeric(14,4)::text FROM withdrawals WHERE status IN ('pending', 'approved')) AS held,
               (SELECT count(*)::int FROM withdrawals w
                 WHERE (SELECT count(*) FROM transactions h WHERE h.withdrawal_id = w.id AND h.type = 'withdrawal' AND h.amount = -w.amount) <> 1
                    OR (SELECT count(*) FROM transactions r WHERE r.withdrawal_id = w.id AND r.type = 'withdrawal_release' AND r.amount = w.amount)
                       <> (CASE WHEN w.status = 'rejected' THEN 1 ELSE 0 END)) AS hold_mismatches,
               to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS now`,
  );
  return {
    usersChecked: totals!.users,
    mismatchedUsersCount: mismatched.length,
    mismatchedUsers: mismatched.slice(0, MISMATCH_LIST),
    pendingWithdrawalsCount: totals!.pending,
    heldInPendingWithdrawals: totals!.held,
    holdMismatches: totals!.hold_mismatches,
    checkedAt: totals!.now,
  };
}

/** One user's main ledger, newest first, with the balance after each entry (a window over every entry). */
export async function userLedger(q: Queryable, userId: number, page: number, perPage: number, ctx: TableContext): Promise<UserLedger> {
  const user = await one<{ id: number; email: string; balance: string; sum: string; n: number }>(
    q,
    sql`SELECT u.id, u.email, u.balance::text AS balance,
               (SELECT coalesce(sum(amount), 0)::numeric(14,4)::text FROM transactions WHERE user_id = u.id AND balance_type = 'main') AS sum,
               (SELECT count(*)::int FROM transactions WHERE user_id = u.id AND balance_type = 'main') AS n
          FROM users u WHERE u.id = ${userId}`,
  );
  if (!user) throw notFound(`User ${userId}`);
  const items = await rows<TransactionDbRow & { running: string }>(
    q,
    sql`SELECT * FROM (
          SELECT ${TRANSACTION_SELECT}, t.created_at AS created_raw, (sum(t.amount) OVER (ORDER BY t.created_at, t.id))::numeric(14,4)::text AS running
            FROM transactions t JOIN users u ON u.id = t.user_id LEFT JOIN payment_methods pm ON pm.id = t.payment_method_id
           WHERE t.user_id = ${userId} AND t.balance_type = 'main'
        ) x
        ORDER BY x.created_raw DESC, x.id DESC
        LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  return {
    user: { id: user.id, email: user.email, balance: user.balance },
    sum: user.sum,
    balanced: user.balance === user.sum,
    totalItemsCount: user.n,
    items: items.map((r) => ({ ...mapTransactionRow(r, ctx), runningBalance: r.running })),
  };
}
