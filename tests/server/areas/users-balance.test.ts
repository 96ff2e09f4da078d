import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, newIdempotencyKey } from '../../../src/contract/idempotency';
import { ROLE_PRESETS } from '../../../src/contract/permissions';
import type { AdjustBalanceBody } from '../../../src/contract/users';
import { one, rows } from '../../../src/server/db/client';
import { createTestApp, type TestApp, type TestMember } from '../helpers/testServer';

/**
 * Adjust balance (usersAdjustBalance) through the real app on PGlite with the demo seed: what moves,
 * the one ledger entry each change writes, the audit and history it leaves, deductions below zero,
 * field errors, permissions and Idempotency-Key replays. Races are in users-balance-postgres.test.ts.
 */

let t: TestApp;
let admin: string;
let adminId: number;
let manager: string;
let userSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'password');
  adminId = (await one<{ id: number }>(t.db, sql`SELECT id FROM staff_members WHERE email = 'admin@example.com'`))!.id;
  manager = await t.login('manager@example.com', 'password');
});

afterAll(async () => {
  await t?.close();
});

/** A customer of this file only, with nothing on any balance. */
async function newUser(): Promise<{ id: number; email: string }> {
  const email = `balance${++userSeq}.${Date.now()}@example.test`;
  const u = await one<{ id: number }>(t.db, sql`INSERT INTO users (name, email) VALUES ('Balance', ${email}) RETURNING id`);
  return { id: u!.id, email };
}

const adjust = (userId: number, body: unknown, as: string | TestMember = admin, headers?: Record<string, string>) =>
  t.call('usersAdjustBalance', { params: { userId }, body: body as AdjustBalanceBody, headers }, as);

const mainBalance = async (userId: number) => (await one<{ b: string }>(t.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b;

const entriesOf = (userId: number) =>
  rows<{ id: number; amount: string; balance_type: string; type: string; transaction_type: string; comment: string | null }>(
    t.db,
    sql`SELECT id::int AS id, amount::text AS amount, balance_type, type, transaction_type, comment FROM transactions WHERE user_id = ${userId} ORDER BY id`,
  );

const auditsOf = (userId: number) =>
  rows<{ event: string; staff_id: number | null; old_values: Record<string, unknown>; new_values: Record<string, unknown> }>(
    t.db,
    sql`SELECT event, staff_id, old_values, new_values FROM audit_entries WHERE auditable_type = 'user' AND auditable_id = ${userId} ORDER BY id`,
  );

describe('adjust a balance', () => {
  it('adds to the main balance: one staff_credit entry with the reason, the new balance answered, audited and in the history', async () => {
    const user = await newUser();
    const res = await adjust(user.id, { action: 'add', amount: 12.5, balanceType: 'main', reason: '  Compensation for order 991  ' });
    expect(res.status).toBe(200);
    if (!res.ok) return;
    expect(res.body).toMatchObject({
      action: 'add',
      balanceType: 'main',
      amount: '12.5000',
      balance: '12.5000',
      message: `12.50 added to the main balance of ${user.email}; it is now 12.50.`,
      user: { id: user.id, balance: '12.5000' },
    });
    const entries = await entriesOf(user.id);
    expect(entries).toEqual([
      {
        id: res.body.transactionId,
        amount: '12.5000',
        balance_type: 'main',
        type: 'staff_credit',
        transaction_type: 'income',
        comment: 'Compensation for order 991',
      },
    ]);
    expect(await mainBalance(user.id)).toBe('12.5000');

    const audits = await auditsOf(user.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      event: 'balance_added',
      staff_id: adminId,
      old_values: { balance: '0.0000' },
      new_values: {
        balance: '12.5000',
        amount: '12.5000',
        balance_type: 'main',
        type: 'staff_credit',
        reason: 'Compensation for order 991',
        transaction_id: res.body.transactionId,
      },
    });
    const history = await t.ok('recordHistory', { params: { recordType: 'user', recordId: user.id } }, admin);
    expect(history.items.map((i) => (i.kind === 'audit' ? i.event : i.actionType)).sort()).toEqual(['add_balance', 'balance_added']);
    const change = history.items.find((i) => i.kind === 'change');
    expect(change?.kind === 'change' && change.information).toBe(
      `12.50 added to the main balance of ${user.email} (transaction ${res.body.transactionId}): Compensation for order 991`,
    );
  });

  it('deducts from the main balance with an amount sent as a decimal string: one staff_debit entry', async () => {
    const user = await newUser();
    await adjust(user.id, { action: 'add', amount: '20', balanceType: 'main', reason: 'Top-up by bank transfer' });
    const res = await adjust(user.id, { action: 'deduct', amount: '7.2500', balanceType: 'main', reason: 'Chargeback' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'deduct', amount: '7.2500', balance: '12.7500', user: { balance: '12.7500' } });
    const entries = await entriesOf(user.id);
    expect(entries.map((e) => [e.type, e.amount, e.transaction_type, e.comment])).toEqual([
      ['staff_credit', '20.0000', 'income', 'Top-up by bank transfer'],
      ['staff_debit', '-7.2500', 'expense', 'Chargeback'],
    ]);
    expect(await mainBalance(user.id)).toBe('12.7500');
    expect((await auditsOf(user.id)).map((a) => a.event)).toEqual(['balance_added', 'balance_deducted']);
  });

  it('moves the task and referral balances (sums of their entries) without touching the main one', async () => {
    const user = await newUser();
    const task = await adjust(user.id, { action: 'add', amount: '3', balanceType: 'task', reason: 'Task 17 reward missed' });
    expect(task.body).toMatchObject({ balanceType: 'task', amount: '3.0000', balance: '3.0000' });
    const referral = await adjust(user.id, { action: 'add', amount: '1.5', balanceType: 'referral', reason: 'Referral of user 8' });
    expect(referral.body).toMatchObject({ balanceType: 'referral', balance: '1.5000' });
    const less = await adjust(user.id, { action: 'deduct', amount: '1', balanceType: 'task', reason: 'Task reward paid twice' });
    expect(less.body).toMatchObject({ balanceType: 'task', balance: '2.0000' });
    expect(await mainBalance(user.id)).toBe('0.0000');

    const detail = await t.ok('usersShow', { params: { userId: user.id } }, admin);
    expect(detail.transactionsSummary).toMatchObject({ main: '0.0000', task: '2.0000', referral: '1.5000' });
    expect((await auditsOf(user.id))[2]).toMatchObject({
      old_values: { task_balance: '3.0000' },
      new_values: { task_balance: '2.0000', balance_type: 'task' },
    });
  });

  it('refuses a deduction below zero with a 422 on amount and changes nothing', async () => {
    const user = await newUser();
    await adjust(user.id, { action: 'add', amount: '5', balanceType: 'main', reason: 'Goodwill' });
    await adjust(user.id, { action: 'add', amount: '3', balanceType: 'task', reason: 'Task reward' });
    const entriesBefore = await entriesOf(user.id);
    const auditsBefore = await auditsOf(user.id);

    const main = await adjust(user.id, { action: 'deduct', amount: '5.01', balanceType: 'main', reason: 'Too much' });
    expect(main.status).toBe(422);
    expect(main.body).toMatchObject({ errors: { amount: ['The main balance (5.00) is lower than the amount (5.01).'] } });
    const task = await adjust(user.id, { action: 'deduct', amount: '4', balanceType: 'task', reason: 'Too much' });
    expect(task.status).toBe(422);
    expect(task.body).toMatchObject({ errors: { amount: ['The tasks balance (3.00) is lower than the amount (4.00).'] } });

    expect(await entriesOf(user.id)).toEqual(entriesBefore);
    expect(await auditsOf(user.id)).toEqual(auditsBefore);
    expect(await mainBalance(user.id)).toBe('5.0000');
    // Down to exactly zero is allowed.
    expect((await adjust(user.id, { action: 'deduct', amount: '5', balanceType: 'main', reason: 'Refund to card' })).body).toMatchObject({ balance: '0.0000' });
  });

  it('refuses a credit past the most a balance holds with a 422 on amount', async () => {
    const user = await newUser();
    await adjust(user.id, { action: 'add', amount: '9999999999', balanceType: 'main', reason: 'Large' });
    const res = await adjust(user.id, { action: 'add', amount: '1', balanceType: 'main', reason: 'One more' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { amount: [expect.stringContaining('would exceed the most it can hold')] } });
    expect(await mainBalance(user.id)).toBe('9999999999.0000');
  });

  it('answers Laravel-shape field errors for bad input, and changes nothing', async () => {
    const user = await newUser();
    const good = { action: 'add', amount: '1', balanceType: 'main', reason: 'ok' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', 'The amount must be greater than 0.'],
      [{ amount: '-3' }, 'amount', 'The amount may not be negative.'],
      [{ amount: '1.23456' }, 'amount', 'The amount may have at most 4 decimals.'],
      [{ amount: 0.1 + 0.2 }, 'amount', 'The amount may have at most 4 decimals.'],
      [{ amount: 'ten' }, 'amount', 'The amount must be a number.'],
      [{ amount: '' }, 'amount', 'The amount field is required.'],
      [{ amount: true }, 'amount', 'The amount must be a number.'],
      [{ amount: '12345678901' }, 'amount', 'The amount is too large.'],
      [{ amount: undefined }, 'amount', 'The amount field is required.'],
      [{ reason: '   ' }, 'reason', 'The reason field is required.'],
      [{ reason: undefined }, 'reason', 'The reason field is required.'],
      [{ reason: 'x'.repeat(256) }, 'reason', 'The reason may have at most 255 characters.'],
      [{ action: 'steal' }, 'action', 'Choose whether to add or deduct.'],
      [{ balanceType: 'bonus' }, 'balanceType', 'Choose a balance.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await adjust(user.id, { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body, JSON.stringify(change)).toMatchObject({ errors: { [field]: [message] } });
    }
    // 255 characters are fine.
    expect((await adjust(user.id, { ...good, reason: 'y'.repeat(255) })).status).toBe(200);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown user and for an id that names none', async () => {
    const missing = await adjust(2_000_000_000, { action: 'add', amount: '1', balanceType: 'main', reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'User 2000000000 not found.' });
    const res = await t.request('POST', '/api/v1/admin/users/abc/balance', {
      token: admin,
      body: { action: 'add', amount: '1', balanceType: 'main', reason: 'x' },
    });
    expect(res.status).toBe(404);
  });

  it('answers 403 without adjustBalances (a manager, a member who may edit users) and changes nothing', async () => {
    const user = await newUser();
    const editor = await t.memberWith(['viewUsers', 'editUsers', 'viewFinances']);
    for (const who of [manager, editor]) {
      const res = await adjust(user.id, { action: 'add', amount: '100', balanceType: 'main', reason: 'Not allowed' }, who);
      expect(res.status).toBe(403);
    }
    expect(await entriesOf(user.id)).toEqual([]);
    expect(await auditsOf(user.id)).toEqual([]);
    const holder = await t.memberWith(['adjustBalances']);
    expect((await adjust(user.id, { action: 'add', amount: '1', balanceType: 'main', reason: 'Allowed' }, holder)).status).toBe(200);
  });

  it('is granted to the Administrator preset and not to the Manager', async () => {
    expect(ROLE_PRESETS.Administrator).toContain('adjustBalances');
    expect(ROLE_PRESETS.Manager).not.toContain('adjustBalances');
    const holders = await rows<{ name: string }>(
      t.db,
      sql`SELECT r.name FROM roles r JOIN role_permissions rp ON rp.role_id = r.id JOIN permissions p ON p.id = rp.permission_id
           WHERE p.name = 'adjustBalances' ORDER BY r.name`,
    );
    expect(holders.map((h) => h.name)).toEqual(['Administrator']);
  });

  it('credits once when the same request is sent again with its Idempotency-Key', async () => {
    const user = await newUser();
    const key = newIdempotencyKey();
    const body = { action: 'add', amount: '40', balanceType: 'main', reason: 'Bonus for the contest' };
    const send = () => t.request('POST', `/api/v1/admin/users/${user.id}/balance`, { token: admin, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await entriesOf(user.id)).toHaveLength(1);
    expect(await mainBalance(user.id)).toBe('40.0000');
    // Another key is another adjustment.
    await adjust(user.id, body, admin, { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() });
    expect(await mainBalance(user.id)).toBe('80.0000');
  });

  it('leaves the ledger check balanced', async () => {
    const check = await t.ok('paymentsLedgerCheck', {}, admin);
    expect(check.mismatchedUsersCount).toBe(0);
    expect(check.holdMismatches).toBe(0);
  });

  it('lists the entries with their labels in the transactions table', async () => {
    const user = await newUser();
    await adjust(user.id, { action: 'add', amount: '2', balanceType: 'main', reason: 'Listed' });
    const page = await t.ok('paymentsTable', { body: { queries: { userId: user.id } } }, admin);
    expect(page.items.map((r) => [r.transactionType, r.direction, r.comment])).toEqual([['staff_credit', 'income', 'Listed']]);
  });
});
