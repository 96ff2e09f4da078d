import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceDetailSchema, transactionRowSchema, withdrawalDetailSchema } from '../../../src/contract/finance';
import { one, rows } from '../../../src/server/db/client';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * One invoice, withdrawal or transaction for the console's record screens, on the demo seed: the
 * answer is the list's row (same fields, same flags for the same member) plus the record's links;
 * an id that names no record is a 404 (never a 500); each needs its list's permission. The lists
 * of invoices and withdrawals take a user id, for the links of a user's screen.
 */

const t = useTestApp();
let admin: string;
let viewer: TestMember;

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  viewer = await t.memberWith(['viewInvoices', 'viewWithdrawals', 'viewFinances']);
});

const byId = (id: number) => ({ headers: [{ value: 'id', filter: String(id) }], options: { page: 1, itemsPerPage: 1 } });
const ledgerOf = (column: 'invoice_id' | 'withdrawal_id', id: number) =>
  rows<{ id: string; type: string; amount: string }>(
    t.db,
    sql`SELECT id::text AS id, type, amount::text AS amount FROM transactions WHERE ${sql.raw(column)} = ${id} ORDER BY id`,
  );

describe('one invoice', () => {
  it('answers the list row, what was credited and the transactions that credited it', async () => {
    const paid = (await one<{ id: number }>(
      t.db,
      sql`SELECT i.id FROM invoices i WHERE i.status = 'paid' AND EXISTS (SELECT 1 FROM transactions x WHERE x.invoice_id = i.id) ORDER BY i.id LIMIT 1`,
    ))!.id;
    const detail = invoiceDetailSchema.parse(await t.ok('invoicesShow', { params: { id: paid } }, admin));
    const row = (await t.ok('invoicesTable', { query: { q: JSON.stringify(byId(paid)) } }, admin)).items[0];
    expect(detail).toMatchObject(row);
    expect(detail.paymentMethod).not.toBeNull();
    expect(detail.canBeMarkedAsPaid).toBe(false);
    expect(detail.paidAmount).toBe(detail.amount);
    const ledger = await ledgerOf('invoice_id', paid);
    expect(ledger.length).toBeGreaterThan(0);
    expect(detail.transactions.map((x) => [String(x.id), x.transactionType, x.amount])).toEqual(ledger.map((x) => [x.id, x.type, x.amount]));

    // The same fields and flags as the member's own list: no method without viewPaymentMethods.
    const asViewer = await t.ok('invoicesShow', { params: { id: paid } }, viewer);
    expect(asViewer.paymentMethod).toBeNull();
    expect(asViewer.transactions).toEqual(detail.transactions);
  });

  it('links a pending invoice to nothing until it is marked as paid, then to its deposit', async () => {
    const pending = (await one<{ id: number }>(t.db, sql`SELECT id FROM invoices WHERE status = 'pending' ORDER BY id LIMIT 1`))!.id;
    const before = await t.ok('invoicesShow', { params: { id: pending } }, admin);
    expect(before).toMatchObject({ status: 'pending', canBeMarkedAsPaid: true, paidAmount: null, bonusAmount: null, transactions: [], paidAt: null });
    expect((await t.ok('invoicesShow', { params: { id: pending } }, viewer)).canBeMarkedAsPaid).toBe(false);

    await t.ok('invoicesMarkAsPaid', { params: { id: pending }, body: { amount: '7.5' } }, admin);
    const after = await t.ok('invoicesShow', { params: { id: pending } }, admin);
    expect(after).toMatchObject({ status: 'paid', canBeMarkedAsPaid: false, paidAmount: '7.5000' });
    expect(after.paidAt).not.toBeNull();
    const deposit = after.transactions.find((x) => x.transactionType === 'deposit');
    expect(deposit?.amount).toBe('7.5000');
    const transaction = await t.ok('paymentsShow', { params: { id: deposit!.id } }, admin);
    expect(transaction).toMatchObject({ invoiceId: pending, transactionType: 'deposit', amount: '7.5000' });
  });

  it('is a 404 for an id that names no invoice, and a 403 without viewInvoices', async () => {
    for (const id of [99999999, 0, 'abc', '99999999999999999']) {
      const res = await t.call('invoicesShow', { params: { id } }, admin);
      expect(res.status, String(id)).toBe(404);
    }
    expect((await t.call('invoicesShow', { params: { id: 99999999 } }, admin)).body).toEqual({ message: 'Invoice 99999999 not found.' });
    const withoutInvoices = await t.memberWithout(['viewInvoices']);
    expect((await t.call('invoicesShow', { params: { id: 1 } }, withoutInvoices)).status).toBe(403);
    expect((await t.call('invoicesShow', { params: { id: 1 } })).status).toBe(401);
  });
});

describe('one withdrawal', () => {
  it('answers the list row, when it moved on, and its hold and release', async () => {
    const rejected = (await one<{ id: number }>(t.db, sql`SELECT id FROM withdrawals WHERE status = 'rejected' ORDER BY id LIMIT 1`))!.id;
    const detail = withdrawalDetailSchema.parse(await t.ok('withdrawalsShow', { params: { withdrawalId: rejected } }, admin));
    const row = (await t.ok('withdrawalsTable', { body: byId(rejected) }, admin)).items[0];
    expect(detail).toMatchObject(row);
    expect(detail).toMatchObject({ status: 'rejected', actions: { approvable: false, rejectable: false, payable: false }, paidAt: null });
    expect(detail.rejectedAt).not.toBeNull();
    expect(detail.transactions.map((x) => x.transactionType)).toEqual(['withdrawal', 'withdrawal_release']);
    const ledger = await ledgerOf('withdrawal_id', rejected);
    expect(detail.transactions.map((x) => [String(x.id), x.amount])).toEqual(ledger.map((x) => [x.id, x.amount]));
    expect(Number(detail.transactions[0].amount)).toBeLessThan(0);
  });

  it('gives a pending withdrawal its flags by the member, as the list does', async () => {
    const pending = (await one<{ id: number }>(t.db, sql`SELECT id FROM withdrawals WHERE status = 'pending' ORDER BY id LIMIT 1`))!.id;
    const asAdmin = await t.ok('withdrawalsShow', { params: { withdrawalId: pending } }, admin);
    expect(asAdmin.actions).toEqual({ approvable: true, rejectable: true, payable: true });
    expect(asAdmin.transactions.map((x) => x.transactionType)).toEqual(['withdrawal']);
    const asViewer = await t.ok('withdrawalsShow', { params: { withdrawalId: pending } }, viewer);
    expect(asViewer.actions).toEqual({ approvable: false, rejectable: false, payable: false });
    expect(asViewer.withdrawalMethod).toBeNull();
  });

  it('is a 404 for an id that names no withdrawal, and a 403 without viewWithdrawals', async () => {
    for (const withdrawalId of [99999999, 0, 'table-x', '-1']) {
      expect((await t.call('withdrawalsShow', { params: { withdrawalId } }, admin)).status, String(withdrawalId)).toBe(404);
    }
    const withoutWithdrawals = await t.memberWithout(['viewWithdrawals']);
    expect((await t.call('withdrawalsShow', { params: { withdrawalId: 1 } }, withoutWithdrawals)).status).toBe(403);
  });
});

describe('one transaction', () => {
  it('answers the list row with its links to the order, invoice or withdrawal', async () => {
    const samples = await rows<{ id: string; kind: string }>(
      t.db,
      sql`SELECT (SELECT min(id) FROM transactions WHERE order_id IS NOT NULL)::text AS id, 'order' AS kind
          UNION ALL SELECT (SELECT min(id) FROM transactions WHERE invoice_id IS NOT NULL)::text, 'invoice'
          UNION ALL SELECT (SELECT min(id) FROM transactions WHERE withdrawal_id IS NOT NULL)::text, 'withdrawal'`,
    );
    for (const sample of samples) {
      expect(sample.id, sample.kind).not.toBeNull();
      const id = Number(sample.id);
      const detail = transactionRowSchema.parse(await t.ok('paymentsShow', { params: { id } }, viewer));
      const row = (await t.ok('paymentsTable', { body: byId(id) }, viewer)).items[0];
      expect(detail).toEqual(row);
      const stored = (await one<{ order_id: string | null; invoice_id: number | null; withdrawal_id: number | null; user_id: number }>(
        t.db,
        sql`SELECT order_id::text AS order_id, invoice_id, withdrawal_id, user_id FROM transactions WHERE id = ${id}`,
      ))!;
      expect(detail.user.id).toBe(stored.user_id);
      expect(detail.orderId).toBe(stored.order_id === null ? null : Number(stored.order_id));
      expect(detail.invoiceId).toBe(stored.invoice_id);
      expect(detail.withdrawalId).toBe(stored.withdrawal_id);
      expect(detail[`${sample.kind}Id` as 'orderId' | 'invoiceId' | 'withdrawalId']).not.toBeNull();
    }
  });

  it('leaves the ledger check at its own path, is a 404 for an id that names no transaction, and a 403 without viewFinances', async () => {
    const check = await t.request('GET', '/api/v1/admin/payments/ledger-check', { token: admin });
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ mismatchedUsersCount: 0 });
    for (const id of [9007199254740991, 0, 'ledger', '99999999999999999999']) {
      expect((await t.call('paymentsShow', { params: { id } }, admin)).status, String(id)).toBe(404);
    }
    const withoutFinances = await t.memberWithout(['viewFinances']);
    expect((await t.call('paymentsShow', { params: { id: 1 } }, withoutFinances)).status).toBe(403);
  });
});

describe("a user's invoices and withdrawals", () => {
  it('are listed by the user id query', async () => {
    const user = (await one<{ user_id: number }>(
      t.db,
      sql`SELECT w.user_id FROM withdrawals w WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.user_id = w.user_id) ORDER BY w.user_id LIMIT 1`,
    ))!.user_id;
    const count = async (table: 'invoices' | 'withdrawals') =>
      (await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE user_id = ${user}`))!.n;
    const request = { options: { page: 1, itemsPerPage: 100 }, queries: { userId: user } };
    const invoices = await t.ok('invoicesTable', { query: { q: JSON.stringify(request) } }, viewer);
    expect(invoices.items.length).toBeGreaterThan(0);
    expect(invoices.items.every((i) => i.user.id === user)).toBe(true);
    expect(invoices.totalItemsCount).toBe(await count('invoices'));
    const withdrawals = await t.ok('withdrawalsTable', { body: request }, viewer);
    expect(withdrawals.items.every((w) => w.user.id === user)).toBe(true);
    expect(withdrawals.totalItemsCount).toBe(await count('withdrawals'));
    expect((await t.call('withdrawalsTable', { body: { queries: { userId: 'bob' } } }, viewer)).status).toBe(422);
  });
});
