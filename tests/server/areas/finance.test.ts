import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceRowSchema,
  paymentMethodDetailSchema,
  SECRET_MASK,
  transactionRowSchema,
  withdrawalRowSchema,
  type PaymentMethodBody,
} from '../../../src/contract/finance';
import { encodeTableQuery } from '../../../src/contract/table';
import { one, rows } from '../../../src/server/db/client';
import { requestWithdrawal } from '../../../src/server/areas/finance/transitions';
import { useTestApp, type TestMember } from '../helpers/testServer';

/**
 * Finance through the real app on PGlite with the demo seed: the ledger adds up after seeding;
 * mark as paid credits amount and bonus once; withdrawals hold, release once and pay once, within
 * the method's withdrawal options; payment-method secrets are masked, kept by their mask and
 * audited as 'changed'; bonuses are stored together with per-row errors; the lists' permission
 * columns. Calls go through the endpoint table (t.call / t.ok).
 */

const t = useTestApp();
let admin: string;
let viewer: TestMember;
const SYSTEM = { staffId: null, ip: null, userAgent: null };

beforeAll(async () => {
  admin = await t.login('admin@example.com', 'password');
  viewer = await t.memberWith(['viewInvoices', 'viewWithdrawals', 'viewFinances']);
});

const mismatched = async () =>
  rows(
    t.db,
    sql`SELECT u.id FROM users u LEFT JOIN (SELECT user_id, sum(amount) s FROM transactions WHERE balance_type = 'main' GROUP BY user_id) x
    ON x.user_id = u.id WHERE u.balance <> coalesce(x.s, 0)`,
  );
const balanceOf = async (userId: number) => (await one<{ b: string }>(t.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b;

describe('the demo ledger', () => {
  it('seeds 8–12 methods with secrets, invoices and withdrawals, and every balance equals its transactions', async () => {
    const counts = await one<{ m: number; s: number; i: number; w: number; held: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM payment_methods) m, (SELECT count(*)::int FROM payment_methods WHERE secrets <> '{}'::jsonb) s,
                 (SELECT count(*)::int FROM invoices) i, (SELECT count(*)::int FROM withdrawals) w,
                 (SELECT count(*)::int FROM transactions WHERE type = 'withdrawal') held`,
    );
    expect(counts!.m).toBeGreaterThanOrEqual(8);
    expect(counts!.m).toBeLessThanOrEqual(12);
    expect(counts!.s).toBeGreaterThanOrEqual(8);
    expect(counts!.i).toBeGreaterThan(1000);
    expect(counts!.w).toBeGreaterThan(50);
    expect(counts!.held).toBe(counts!.w);
    expect(await mismatched()).toEqual([]);
    const check = await t.ok('paymentsLedgerCheck', {}, admin);
    expect(check.mismatchedUsersCount).toBe(0);
    expect(check.holdMismatches).toBe(0);
    expect(Number(check.heldInPendingWithdrawals)).toBeGreaterThan(0);
    expect(check.usersChecked).toBe((await one<{ n: number }>(t.db, sql`SELECT count(*)::int n FROM users`))!.n);
  });

  it("answers a user's ledger newest first with the running balance ending at the balance", async () => {
    const bob = (await one<{ id: number }>(t.db, sql`SELECT id FROM users WHERE email = 'bob@example.com'`))!.id;
    const ledger = await t.ok('paymentsUserLedger', { params: { userId: bob }, query: { page: 1, perPage: 200 } }, admin);
    expect(ledger.balanced).toBe(true);
    expect(ledger.sum).toBe(ledger.user.balance);
    expect(ledger.items[0].runningBalance).toBe(ledger.user.balance);
    for (let i = 0; i + 1 < ledger.items.length; i++) {
      expect(Number(ledger.items[i + 1].runningBalance) + Number(ledger.items[i].amount)).toBeCloseTo(Number(ledger.items[i].runningBalance), 4);
    }
    expect((await t.call('paymentsUserLedger', { params: { userId: 99999999 } }, admin)).status).toBe(404);
  });
});

describe('invoices', () => {
  const pending = async (skip = 0) =>
    (await one<{ id: number; user_id: number; amount: string; payment_method_id: number }>(
      t.db,
      sql`SELECT id, user_id, amount::text AS amount, payment_method_id FROM invoices WHERE status = 'pending' ORDER BY id LIMIT 1 OFFSET ${skip}`,
    ))!;

  it('lists by GET with the table request as a query string; payment method hidden without viewPaymentMethods', async () => {
    const request = { options: { page: 1, itemsPerPage: 5 }, headers: [{ value: 'status', filter: ['pending'] }] };
    const res = await t.request('GET', `/api/v1/admin/invoices?${encodeTableQuery(request)}`, { token: admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    const items = invoiceRowSchema.array().parse(body.items);
    expect(items.every((i) => i.status === 'pending' && i.canBeMarkedAsPaid && i.paymentMethod)).toBe(true);
    const asViewer = await t.ok('invoicesTable', { query: { q: JSON.stringify(request) } }, viewer);
    expect(asViewer.items.every((i) => i.paymentMethod === null && !i.canBeMarkedAsPaid)).toBe(true);
    const filtered = await t.call('invoicesTable', { query: { q: JSON.stringify({ headers: [{ value: 'paymentMethod.name', filter: 1 }] }) } }, viewer);
    expect(filtered.status).toBe(422);
  });

  it('mark as paid credits the amount and the best enabled bonus once, then answers 409', async () => {
    const inv = await pending();
    await t.db.execute(sql`DELETE FROM payment_method_bonuses WHERE payment_method_id = ${inv.payment_method_id}`);
    await t.db.execute(sql`INSERT INTO payment_method_bonuses (payment_method_id, bonus_percent, from_amount, is_enabled) VALUES
      (${inv.payment_method_id}, 0.05, 10, true), (${inv.payment_method_id}, 0.10, 100, true), (${inv.payment_method_id}, 0.50, 150, false),
      (${inv.payment_method_id}, 0.20, 1000, true)`);
    const before = await balanceOf(inv.user_id);
    const answer = await t.ok('invoicesMarkAsPaid', { params: { id: inv.id }, body: { amount: '120' } }, admin);
    expect(answer.credited).toBe('120.0000');
    expect(answer.bonus).toBe('12.0000');
    expect(answer.invoice.status).toBe('paid');
    expect(answer.invoice.canBeMarkedAsPaid).toBe(false);
    expect(Number(await balanceOf(inv.user_id))).toBeCloseTo(Number(before) + 132, 4);
    const credits = await rows<{ type: string; amount: string }>(
      t.db,
      sql`SELECT type, amount::text AS amount FROM transactions WHERE invoice_id = ${inv.id} ORDER BY type`,
    );
    expect(credits).toEqual([
      { type: 'bonus', amount: '12.0000' },
      { type: 'deposit', amount: '120.0000' },
    ]);
    const again = await t.call('invoicesMarkAsPaid', { params: { id: inv.id }, body: { amount: '120' } }, admin);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: `Invoice ${inv.id} cannot be marked as paid: it is paid.` });
    expect(await mismatched()).toEqual([]);
    const log = await one<{ information: string }>(
      t.db,
      sql`SELECT information #>> '{}' AS information FROM change_logs WHERE model_type = 'invoice' AND model_id = ${inv.id}`,
    );
    expect(log!.information).toContain('12.00');
  });

  it("mark as paid takes the amount as a JSON number, as the API's callers send it, and keeps it exact", async () => {
    const inv = await pending(1);
    await t.db.execute(sql`DELETE FROM payment_method_bonuses WHERE payment_method_id = ${inv.payment_method_id}`);
    const before = await balanceOf(inv.user_id);
    const res = await t.request('POST', `/api/v1/admin/invoices/${inv.id}/mark-as-paid`, { token: admin, body: { amount: 107.25 } });
    expect(res.status).toBe(200);
    expect((await res.json()).credited).toBe('107.2500');
    const deposit = await one<{ amount: string }>(t.db, sql`SELECT amount::text AS amount FROM transactions WHERE invoice_id = ${inv.id} AND type = 'deposit'`);
    expect(deposit!.amount).toBe('107.2500');
    expect(await balanceOf(inv.user_id)).toBe((Number(before) + 107.25).toFixed(4));
  });

  it('refuses a bad amount on its field (422), an unknown invoice (404), and a member without manageInvoices (403)', async () => {
    const inv = await pending();
    for (const amount of ['abc', '0', '-5', '1.23456', 0.1 + 0.2, 1e21, true, {}, null] as unknown as string[]) {
      const res = await t.call('invoicesMarkAsPaid', { params: { id: inv.id }, body: { amount } }, admin);
      expect(res.status).toBe(422);
      expect(Object.keys((res.body as { errors: object }).errors)).toEqual(['amount']);
    }
    expect((await t.call('invoicesMarkAsPaid', { params: { id: 99999999 }, body: { amount: '1' } }, admin)).status).toBe(404);
    expect((await t.call('invoicesMarkAsPaid', { params: { id: inv.id }, body: { amount: '1' } }, viewer)).status).toBe(403);
    expect((await one<{ s: string }>(t.db, sql`SELECT status s FROM invoices WHERE id = ${inv.id}`))!.s).toBe('pending');
  });
});

describe('withdrawals', () => {
  const method = async () => (await one<{ id: number }>(t.db, sql`SELECT id FROM payment_methods WHERE name = 'PayPal'`))!.id;
  const richUser = async (skip = 0) => (await one<{ id: number }>(t.db, sql`SELECT id FROM users WHERE balance > 100 ORDER BY id LIMIT 1 OFFSET ${skip}`))!.id;

  it('a request holds the amount within the withdrawal options', async () => {
    const userId = await richUser();
    const m = await method();
    const before = await balanceOf(userId);
    const request = (amount: string) =>
      t.db.transaction((tx) => requestWithdrawal(tx, SYSTEM, { userId, paymentMethodId: m, amount, accountNumber: 'pp@example.com' }));
    await expect(request('5')).rejects.toMatchObject({ status: 422, errors: { amount: ['The amount must be at least 10.00.'] } });
    await expect(request('2500')).rejects.toMatchObject({ status: 422, errors: { amount: ['The amount may not be greater than 2000.00.'] } });
    const stripe = (await one<{ id: number }>(t.db, sql`SELECT id FROM payment_methods WHERE name = 'Stripe'`))!.id;
    await expect(
      t.db.transaction((tx) => requestWithdrawal(tx, SYSTEM, { userId, paymentMethodId: stripe, amount: '20', accountNumber: 'x' })),
    ).rejects.toMatchObject({ status: 422 });
    const { id, fee } = await request('50');
    expect(fee).toBe('1.0000');
    expect(Number(await balanceOf(userId))).toBeCloseTo(Number(before) - 50, 4);
    expect(await mismatched()).toEqual([]);
    expect((await one<{ s: string }>(t.db, sql`SELECT status s FROM withdrawals WHERE id = ${id}`))!.s).toBe('pending');
  });

  it('reject needs a note (422 on admin_note), releases the hold once, and a second reject or paid is a 409', async () => {
    const userId = await richUser(1);
    const paymentMethodId = await method();
    const { id } = await t.db.transaction((tx) => requestWithdrawal(tx, SYSTEM, { userId, paymentMethodId, amount: '30', accountNumber: 'acc' }));
    const held = await balanceOf(userId);
    const empty = await t.call('withdrawalsReject', { params: { withdrawalId: id }, body: { admin_note: '  ' } }, admin);
    expect(empty.status).toBe(422);
    expect(Object.keys((empty.body as { errors: object }).errors)).toEqual(['admin_note']);
    const done = await t.ok('withdrawalsReject', { params: { withdrawalId: id }, body: { admin_note: 'Wrong account.' } }, admin);
    expect(withdrawalRowSchema.parse(done.withdrawal)).toMatchObject({
      status: 'rejected',
      adminNote: 'Wrong account.',
      actions: { rejectable: false, payable: false },
    });
    expect(Number(await balanceOf(userId))).toBeCloseTo(Number(held) + 30, 4);
    expect((await t.call('withdrawalsReject', { params: { withdrawalId: id }, body: { admin_note: 'Again' } }, admin)).status).toBe(409);
    expect((await t.call('withdrawalsMarkAsPaid', { params: { withdrawalId: id }, body: { transaction_id: 'T1' } }, admin)).status).toBe(409);
    const releases = await rows(t.db, sql`SELECT id FROM transactions WHERE withdrawal_id = ${id} AND type = 'withdrawal_release'`);
    expect(releases).toHaveLength(1);
  });

  it('approve then paid keeps the hold; paid needs a transaction id; each needs its permission', async () => {
    const userId = await richUser(2);
    const paymentMethodId = await method();
    const { id } = await t.db.transaction((tx) => requestWithdrawal(tx, SYSTEM, { userId, paymentMethodId, amount: '40', accountNumber: 'acc' }));
    const approverOnly = await t.memberWith(['viewWithdrawals', 'approveWithdrawalRequests']);
    expect((await t.call('withdrawalsReject', { params: { withdrawalId: id }, body: { admin_note: 'no' } }, approverOnly)).status).toBe(403);
    const approved = await t.ok('withdrawalsApprove', { params: { withdrawalId: id } }, approverOnly);
    expect(approved.withdrawal).toMatchObject({ status: 'approved', actions: { approvable: false, rejectable: false, payable: false } });
    expect((await t.call('withdrawalsApprove', { params: { withdrawalId: id } }, admin)).status).toBe(409);
    const missing = await t.call('withdrawalsMarkAsPaid', { params: { withdrawalId: id }, body: { transaction_id: '' } }, admin);
    expect(missing.status).toBe(422);
    expect(Object.keys((missing.body as { errors: object }).errors)).toEqual(['transaction_id']);
    const before = await balanceOf(userId);
    const paid = await t.ok('withdrawalsMarkAsPaid', { params: { withdrawalId: id }, body: { transaction_id: 'PAYOUT-1' } }, admin);
    expect(paid.withdrawal).toMatchObject({ status: 'paid', transactionId: 'PAYOUT-1' });
    expect(await balanceOf(userId)).toBe(before);
    expect(await mismatched()).toEqual([]);
  });

  it('lists withdrawals with flags by permission', async () => {
    const res = await t.ok('withdrawalsTable', { body: { headers: [{ value: 'status', filter: ['pending'] }] } }, admin);
    const items = withdrawalRowSchema.array().parse(res.items);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((w) => w.actions.approvable && w.actions.rejectable && w.actions.payable)).toBe(true);
    const asViewer = await t.ok('withdrawalsTable', { body: { headers: [{ value: 'status', filter: ['pending'] }] } }, viewer);
    expect(asViewer.items.every((w) => !w.actions.approvable && !w.actions.rejectable && w.withdrawalMethod === null)).toBe(true);
  });
});

describe('transactions', () => {
  it('lists newest first; search by user id or e-mail; filters by balance type', async () => {
    const bob = (await one<{ id: number }>(t.db, sql`SELECT id FROM users WHERE email = 'bob@example.com'`))!.id;
    const all = await t.ok('paymentsTable', { body: { options: { page: 1, itemsPerPage: 30 } } }, admin);
    const ids = transactionRowSchema
      .array()
      .parse(all.items)
      .map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byEmail = await t.ok('paymentsTable', { body: { search: 'bob@example.com', options: { page: 1, itemsPerPage: 100 } } }, admin);
    expect(byEmail.items.length).toBeGreaterThan(0);
    expect(byEmail.items.every((r) => r.user.id === bob)).toBe(true);
    const byId = await t.ok('paymentsTable', { body: { search: String(bob), options: { page: 1, itemsPerPage: 100 } } }, admin);
    expect(byId.items.some((r) => r.user.id === bob)).toBe(true);
    const task = await t.ok('paymentsTable', { body: { headers: [{ value: 'type', filter: ['task'] }] } }, admin);
    expect(task.items.every((r) => r.type === 'task')).toBe(true);
    expect((await t.call('paymentsTable', { body: { headers: [{ value: 'nope', filter: 'x' }] } }, admin)).status).toBe(422);
  });
});

describe('payment methods', () => {
  const base = (over: Partial<PaymentMethodBody> = {}): PaymentMethodBody => ({
    type: 'stripe',
    translations: { en: { name: 'Stripe EU', description: 'Cards in Europe' }, fr: { name: 'Stripe UE' } },
    icon: null,
    allowQrCode: false,
    paymentQrCode: null,
    minAmount: '5',
    maxAmount: '1000',
    feePercent: 0.025,
    chargeCurrency: 'EUR',
    chargeType: 'gross',
    strategy: 'widget',
    isEnabled: true,
    isAllowedForNewUser: true,
    secrets: { publishableKey: 'pk_live_1', secretKey: 'sk_live_SECRET', webhookSecret: '' },
    publicFields: { isUserComment: false, qrCode: false },
    withdrawalOptions: { availableForWithdrawal: true, feePercent: 0.015, maxAmount: null, minAmount: '10', minFee: '1' },
    ...over,
  });

  it('lists by position ascending', async () => {
    const res = await t.ok('paymentMethodsTable', { body: {} }, admin);
    const positions = res.items.map((m) => m.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('creates at position count + 1 with secrets masked, keeps a secret sent back masked, audits "changed"', async () => {
    const count = (await t.ok('paymentMethodsCollections', {}, admin)).count;
    const created = await t.ok('paymentMethodsStore', { body: base() }, admin);
    const method = paymentMethodDetailSchema.parse(created.paymentMethod);
    expect(method.position).toBe(count + 1);
    expect(method.secrets).toEqual({ publishableKey: SECRET_MASK, secretKey: SECRET_MASK, webhookSecret: '' });
    expect(method.feePercent).toBe('0.0250');
    expect(method.withdrawalOptions.feePercent).toBe('0.015');
    expect(JSON.stringify(await t.ok('paymentMethodsShow', { params: { paymentMethodId: method.id } }, admin))).not.toContain('sk_live_SECRET');

    const updated = await t.ok(
      'paymentMethodsUpdate',
      {
        params: { paymentMethodId: method.id },
        body: base({ secrets: { publishableKey: SECRET_MASK, secretKey: 'sk_live_NEW', webhookSecret: SECRET_MASK } }),
      },
      admin,
    );
    expect(updated.paymentMethod.secrets.secretKey).toBe(SECRET_MASK);
    const stored = await one<{ secrets: Record<string, string> }>(t.db, sql`SELECT secrets FROM payment_methods WHERE id = ${method.id}`);
    expect(stored!.secrets).toEqual({ publishableKey: 'pk_live_1', secretKey: 'sk_live_NEW', webhookSecret: '' });
    const audits = await rows<{ v: string }>(
      t.db,
      sql`SELECT coalesce(old_values::text, '') || coalesce(new_values::text, '') AS v FROM audit_entries
      WHERE auditable_type = 'payment_method' AND auditable_id = ${method.id}`,
    );
    expect(audits.length).toBe(2);
    expect(audits.every((a) => !a.v.includes('sk_live') && !a.v.includes('pk_live'))).toBe(true);
    expect(audits[1].v).toContain('"secrets": "changed"');
  });

  it('puts bad input on its fields (422)', async () => {
    const res = await t.call(
      'paymentMethodsStore',
      {
        body: base({
          translations: { en: { name: '' } },
          minAmount: '10',
          maxAmount: '5',
          secrets: { secretKey: 'x', nope: 'y' },
          withdrawalOptions: { availableForWithdrawal: true, feePercent: 0.0155, maxAmount: null, minAmount: null, minFee: '0' },
        }),
      },
      admin,
    );
    expect(res.status).toBe(422);
    expect(Object.keys((res.body as { errors: object }).errors).sort()).toEqual(['translations.en.name', 'withdrawalOptions.feePercent']);
    const range = await t.call('paymentMethodsStore', { body: base({ minAmount: '10', maxAmount: '5' }) }, admin);
    expect((range.body as { errors: object }).errors).toEqual({ maxAmount: ['The maximum amount must be at least the minimum amount.'] });
    const secrets = await t.call('paymentMethodsStore', { body: base({ type: 'crypto', secrets: { network: 'SOL' } }) }, admin);
    expect(secrets.status).toBe(422);
    expect(Object.keys((secrets.body as { errors: object }).errors)).toEqual(['secrets.network']);
  });

  it('enables and disables by flag (409 on repeat), sorts, and stores bonuses together', async () => {
    const list = await t.ok('paymentMethodsTable', { body: {} }, admin);
    const enabled = list.items.find((m) => m.status === 'enabled')!;
    expect(enabled.actions).toMatchObject({ disablable: true, enablable: false });
    await t.ok('paymentMethodsDisable', { params: { paymentMethodId: enabled.id } }, admin);
    expect((await t.call('paymentMethodsDisable', { params: { paymentMethodId: enabled.id } }, admin)).status).toBe(409);
    await t.ok('paymentMethodsEnable', { params: { paymentMethodId: enabled.id } }, admin);

    const reversed = list.items.map((m) => m.id).reverse();
    await t.ok('paymentMethodsSort', { body: { ids: reversed } }, admin);
    const after = await t.ok('paymentMethodsTable', { body: {} }, admin);
    expect(after.items.map((m) => m.id)).toEqual(reversed);
    expect((await t.call('paymentMethodsSort', { body: { ids: [] } }, admin)).status).toBe(422);
    expect((await t.call('paymentMethodsSort', { body: { ids: reversed.slice(1) } }, admin)).status).toBe(422);

    const id = enabled.id;
    await t.db.execute(sql`DELETE FROM payment_method_bonuses WHERE payment_method_id = ${id}`);
    const stored = await t.ok(
      'paymentMethodBonusesStore',
      {
        params: { paymentMethodId: id },
        body: {
          bonuses: [
            { bonusPercent: 0.05, fromAmount: '100', isEnabled: true },
            { bonusPercent: 0, fromAmount: '0', isEnabled: false },
          ],
        },
      },
      admin,
    );
    expect(stored.paymentMethodBonuses.map((b) => [b.bonusPercent, b.fromAmount, b.isEnabled])).toEqual([
      ['0.0000', '0.0000', false],
      ['0.0500', '100.0000', true],
    ]);
    const bad = await t.call(
      'paymentMethodBonusesStore',
      {
        params: { paymentMethodId: id },
        body: {
          bonuses: [
            { bonusPercent: 2, fromAmount: '1', isEnabled: true },
            { bonusPercent: 0.1, fromAmount: 'x', isEnabled: true },
          ],
        },
      },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['bonuses.0.bonusPercent', 'bonuses.1.fromAmount']);
    // A new row starting where a stored one starts.
    const taken = await t.call(
      'paymentMethodBonusesStore',
      { params: { paymentMethodId: id }, body: { bonuses: [{ bonusPercent: 0.1, fromAmount: '100', isEnabled: true }] } },
      admin,
    );
    expect((taken.body as { errors: object }).errors).toEqual({ 'bonuses.0.fromAmount': ['Another bonus starts at this amount.'] });
    const [first] = stored.paymentMethodBonuses;
    await t.ok('paymentMethodBonusesDelete', { params: { bonusId: first.id } }, admin);
    expect((await t.call('paymentMethodBonusesDelete', { params: { bonusId: first.id } }, admin)).status).toBe(404);
    const detail = await t.ok('paymentMethodsShow', { params: { paymentMethodId: id } }, admin);
    expect(detail.paymentMethodBonuses).toHaveLength(1);
  });
});
