import { sql } from 'drizzle-orm';
import type { InvoiceDetail, LinkedTransaction, TransactionDetail, WithdrawalDetail } from '../../../contract/finance';
import { one, rows, type Queryable } from '../../db/client';
import { notFound } from '../../http/errors';
import { decimalText, utcText, type TableContext } from '../../table';
import { findInvoiceRow, findTransactionRow, findWithdrawalRow } from './table';

/**
 * One invoice, withdrawal or transaction for the console's record screens: the row its list shows
 * (the same definition, so the fields and the action flags agree) plus the links the record needs.
 * An id that names no record is a 404.
 */

/** The ledger entries that point at an invoice or a withdrawal, oldest first (ids are bigint: read as text). */
async function linkedTransactions(q: Queryable, link: 'invoice_id' | 'withdrawal_id', id: number): Promise<LinkedTransaction[]> {
  const found = await rows<Omit<LinkedTransaction, 'id'> & { id: number | string }>(
    q,
    sql`SELECT t.id, t.type AS "transactionType", ${decimalText(sql`t.amount`)} AS amount, ${utcText(sql`t.created_at`)} AS "createdAt"
          FROM transactions t WHERE t.${sql.raw(link)} = ${id} ORDER BY t.id`,
  );
  return found.map((t) => ({ ...t, id: Number(t.id) }));
}

export async function loadInvoiceDetail(q: Queryable, id: number, ctx: TableContext): Promise<InvoiceDetail> {
  const row = await findInvoiceRow(q, id, ctx);
  if (!row) throw notFound(`Invoice ${id}`);
  const amounts = await one<{ paid: string | null; bonus: string | null }>(
    q,
    sql`SELECT ${decimalText(sql`paid_amount`)} AS paid, ${decimalText(sql`bonus_amount`)} AS bonus FROM invoices WHERE id = ${id}`,
  );
  return { ...row, paidAmount: amounts?.paid ?? null, bonusAmount: amounts?.bonus ?? null, transactions: await linkedTransactions(q, 'invoice_id', id) };
}

export async function loadWithdrawalDetail(q: Queryable, id: number, ctx: TableContext): Promise<WithdrawalDetail> {
  const row = await findWithdrawalRow(q, id, ctx);
  if (!row) throw notFound(`Withdrawal ${id}`);
  const moments = await one<{ approved: string | null; paid: string | null; rejected: string | null }>(
    q,
    sql`SELECT ${utcText(sql`approved_at`)} AS approved, ${utcText(sql`paid_at`)} AS paid, ${utcText(sql`rejected_at`)} AS rejected
          FROM withdrawals WHERE id = ${id}`,
  );
  return {
    ...row,
    approvedAt: moments?.approved ?? null,
    paidAt: moments?.paid ?? null,
    rejectedAt: moments?.rejected ?? null,
    transactions: await linkedTransactions(q, 'withdrawal_id', id),
  };
}

export async function loadTransactionDetail(q: Queryable, id: number, ctx: TableContext): Promise<TransactionDetail> {
  const row = await findTransactionRow(q, id, ctx);
  if (!row) throw notFound(`Transaction ${id}`);
  return row;
}
