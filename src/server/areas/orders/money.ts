import { sql, type SQL } from 'drizzle-orm';

/**
 * The order's money rules as SQL over a row alias, so every amount is computed by the database in
 * numeric (never a float) and the same expression serves the refund-amount call, the cancel
 * dialog's limit and the conditional update that applies a refund.
 *
 * - paid: the price when the order is paid, else 0;
 * - refundable: paid − refund_amount (what may still go back);
 * - default refund: paid × (1 − delivered / quantity) − refund_amount, truncated to 4 decimals,
 *   within [0, refundable] — the undelivered share of what was paid, less earlier refunds.
 */
const col = (alias: string, column: string): SQL => sql.raw(`${alias}.${column}`);

export const paidSql = (o: string): SQL => sql`(CASE WHEN ${col(o, 'is_paid')} THEN ${col(o, 'price')} ELSE 0 END)`;

export const refundableSql = (o: string): SQL => sql`GREATEST(${paidSql(o)} - ${col(o, 'refund_amount')}, 0)::numeric(14,4)`;

export const defaultRefundSql = (o: string): SQL => sql`GREATEST(0, LEAST(${refundableSql(o)},
  trunc(${paidSql(o)} * (1 - COALESCE(LEAST(${col(o, 'current_quantity')}, ${col(o, 'quantity')})::numeric
    / NULLIF(${col(o, 'quantity')}, 0), 0)), 4) - ${col(o, 'refund_amount')}))::numeric(14,4)`;
