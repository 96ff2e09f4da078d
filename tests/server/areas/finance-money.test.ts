import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createMigratedDatabase, type ScratchDatabase } from '../helpers/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '../../../src/contract/endpoint';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { createApp } from '../../../src/server/app';
import { flushCounters } from '../../../src/server/realtime/counters';
import { createStaffMember } from '../../../src/server/auth/accounts';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { one, openDatabase, rows, type Database } from '../../../src/server/db/client';
import { CANCEL_REASONS } from '../../../src/server/areas/orders/seed';
import { ledgerCheck } from '../../../src/server/areas/finance/ledger';
import { requestWithdrawal } from '../../../src/server/areas/finance/transitions';
import { postTransaction, lockUser } from '../../../src/server/kit/ledger';
import type { AppEnv } from '../../../src/server/http/context';
import type { AppDeps } from '../../../src/server/deps';
import { testConfig } from '../helpers/testServer';

/**
 * Finance money and concurrency on a real PostgreSQL (PGlite has one connection and proves nothing
 * about races): the suite creates its own database on 127.0.0.1:5432 (user postgres), migrates it,
 * seeds what it needs, fires parallel requests through a pool of 20 connections at the real app,
 * and drops the database afterwards. It fails when PostgreSQL is unreachable.
 */

const SYSTEM = { staffId: null, ip: null, userAgent: null };

let scratch: ScratchDatabase | undefined;
let database: Database;
let app: Hono<AppEnv>;
let deps: AppDeps;
let token: string;
let serviceId: number;
let methodId: number;

beforeAll(async () => {
  scratch = await createMigratedDatabase('The finance money suite', { seed: 'base' });
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  const { db } = database;
  const config = testConfig();
  deps = { database, config, publish: () => {} };
  app = createApp(deps);
  const staffId = await createStaffMember(db, { email: 'finance@example.test', name: 'Finance Tester', password: 'password', roles: ['Administrator'] });
  const member = await one<{ v: number }>(db, sql`SELECT token_version AS v FROM staff_members WHERE id = ${staffId}`);
  token = await signAccessToken(config.jwtSecret, { staffId, tokenVersion: member!.v }, config.tokenTtlSeconds);

  const net = await one<{ id: number }>(db, sql`INSERT INTO networks (name, network) VALUES ('Instagram', 'instagram') RETURNING id`);
  const type = await one<{ id: number }>(
    db,
    sql`INSERT INTO service_types (name, network_id, type) VALUES ('Followers', ${net!.id}, 'followers') RETURNING id`,
  );
  serviceId = (await one<{ id: number }>(
    db,
    sql`INSERT INTO services (name, service_type_id, default_price) VALUES ('Followers', ${type!.id}, 5) RETURNING id`,
  ))!.id;
  methodId = (await one<{ id: number }>(
    db,
    sql`INSERT INTO payment_methods (name, type, withdrawal_options) VALUES ('USDT', 'crypto',
          '{"availableForWithdrawal": true, "feePercent": "0.010", "minAmount": "5", "maxAmount": "400", "minFee": "0.5"}'::jsonb) RETURNING id`,
  ))!.id;
  await db.execute(sql`INSERT INTO payment_method_bonuses (payment_method_id, bonus_percent, from_amount, is_enabled)
    VALUES (${methodId}, 0.05, 50, true), (${methodId}, 0.10, 200, true), (${methodId}, 0.30, 100, false)`);
}, 120_000);

afterAll(async () => {
  if (deps) await flushCounters(deps);
  await database?.close();
  await scratch?.drop();
});

async function call(name: EndpointName, params: Record<string, number>, body?: unknown): Promise<{ status: number; body: any }> {
  const e = endpoints[name];
  const res = await app.request(buildPath(e.path, params), {
    method: e.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let userSeq = 0;
/** A customer with a ledger-made deposit. */
async function makeUser(deposit: string): Promise<number> {
  const { db } = database;
  const u = await one<{ id: number }>(
    db,
    sql`INSERT INTO users (name, email) VALUES ('Money', ${`fin${++userSeq}.${scratch!.name}@example.test`}) RETURNING id`,
  );
  await db.transaction((tx) => postTransaction(tx, SYSTEM, { userId: u!.id, amount: deposit, type: 'deposit' }));
  return u!.id;
}

const makeInvoice = async (userId: number, amount: string) =>
  (await one<{ id: number }>(
    database.db,
    sql`INSERT INTO invoices (user_id, payment_method_id, amount, short_name) VALUES (${userId}, ${methodId}, ${amount}::numeric, 'INV') RETURNING id`,
  ))!.id;

const withdraw = (userId: number, amount: string) =>
  database.db.transaction((tx) => requestWithdrawal(tx, SYSTEM, { userId, paymentMethodId: methodId, amount, accountNumber: 'wallet' }));

/** An order paid from the balance through the ledger (the user row locked first). */
const payOrder = (userId: number, price: string) =>
  database.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const o = await one<{ id: string }>(
      tx,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, current_quantity, is_paid)
          VALUES ('in_processing', ${userId}, ${serviceId}, 'Followers', 'https://instagram.com/fin', ${price}::numeric, 1, 1000, 0, true) RETURNING id`,
    );
    await postTransaction(tx, SYSTEM, {
      userId,
      amount: `-${price}`,
      type: 'order',
      orderId: Number(o!.id),
      refuseBelowZero: 'amount',
      comment: 'Order payment',
    });
    return Number(o!.id);
  });

async function mismatched(userIds: number[]) {
  return rows(
    database.db,
    sql`SELECT u.id, u.balance::text AS balance, coalesce(t.sum, 0)::numeric(14,4)::text AS sum
          FROM users u LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM transactions WHERE balance_type = 'main' GROUP BY user_id) t ON t.user_id = u.id
         WHERE u.id IN ${userIds} AND u.balance <> coalesce(t.sum, 0)`,
  );
}

describe('finance money on PostgreSQL', () => {
  it('runs on PostgreSQL, not PGlite', () => {
    expect(database.kind).toBe('postgres');
  });

  it('50 parallel mark-as-paid of one invoice credit it once, with its bonus once', async () => {
    const userId = await makeUser('10');
    const invoiceId = await makeInvoice(userId, '250');
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('invoicesMarkAsPaid', { id: invoiceId }, { amount: '250' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const credits = await rows<{ type: string; amount: string }>(
      database.db,
      sql`SELECT type, amount::text AS amount FROM transactions WHERE invoice_id = ${invoiceId} ORDER BY type`,
    );
    expect(credits).toEqual([
      { type: 'bonus', amount: '25.0000' },
      { type: 'deposit', amount: '250.0000' },
    ]);
    expect((await one<{ b: string }>(database.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b).toBe('285.0000');
    expect(await mismatched([userId])).toEqual([]);
  });

  it('50 parallel Reject and Paid on one withdrawal: one outcome, at most one release', async () => {
    const userId = await makeUser('300');
    const { id } = await withdraw(userId, '120');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? call('withdrawalsReject', { withdrawalId: id }, { admin_note: `No ${i}` })
          : call('withdrawalsMarkAsPaid', { withdrawalId: id }, { transaction_id: `T${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    const w = await one<{ status: string }>(database.db, sql`SELECT status FROM withdrawals WHERE id = ${id}`);
    const releases = await rows(database.db, sql`SELECT id FROM transactions WHERE withdrawal_id = ${id} AND type = 'withdrawal_release'`);
    expect(releases.length).toBe(w!.status === 'rejected' ? 1 : 0);
    const balance = (await one<{ b: string }>(database.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b;
    expect(balance).toBe(w!.status === 'rejected' ? '300.0000' : '180.0000');
    expect(await mismatched([userId])).toEqual([]);
  });

  it('300 random concurrent finance and order operations across 20 users keep every balance equal to its transactions and every hold accounted', async () => {
    const users: number[] = [];
    const invoices: number[] = [];
    const withdrawals: number[] = [];
    const orders: number[] = [];
    for (let u = 0; u < 20; u++) {
      const userId = await makeUser(`${200 + u * 13}.5`);
      users.push(userId);
      for (let k = 0; k < 4; k++) invoices.push(await makeInvoice(userId, `${20 + ((u * 7 + k * 31) % 300)}.${(u + k) % 10}0`));
      for (let k = 0; k < 2; k++) withdrawals.push((await withdraw(userId, `${10 + ((u + k) % 5) * 7}`)).id);
      for (let k = 0; k < 2; k++) orders.push(await payOrder(userId, `${5 + ((u * 3 + k) % 9)}.25`));
    }

    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(list: T[]) => list[random(list.length)];
    const ops: (() => Promise<{ status: number }>)[] = [];
    for (let i = 0; i < 300; i++) {
      switch (random(9)) {
        case 0:
        case 1: {
          const id = pick(invoices);
          const amount = `${1 + random(300)}.${random(100)}`;
          ops.push(() => call('invoicesMarkAsPaid', { id }, { amount }));
          break;
        }
        case 2: {
          const id = pick(withdrawals);
          ops.push(() => call('withdrawalsApprove', { withdrawalId: id }));
          break;
        }
        case 3: {
          const id = pick(withdrawals);
          ops.push(() => call('withdrawalsReject', { withdrawalId: id }, { admin_note: 'Rejected in the storm' }));
          break;
        }
        case 4: {
          const id = pick(withdrawals);
          ops.push(() => call('withdrawalsMarkAsPaid', { withdrawalId: id }, { transaction_id: `S${i}` }));
          break;
        }
        case 5: {
          const userId = pick(users);
          const amount = `${5 + random(60)}`;
          ops.push(() =>
            withdraw(userId, amount).then(
              () => ({ status: 200 }),
              (e: { status?: number }) => ({ status: e.status ?? 500 }),
            ),
          );
          break;
        }
        case 6: {
          const userId = pick(users);
          const price = `${1 + random(40)}.${random(100)}`;
          ops.push(() =>
            payOrder(userId, price).then(
              () => ({ status: 200 }),
              (e: { status?: number }) => ({ status: e.status ?? 500 }),
            ),
          );
          break;
        }
        default: {
          const orderId = pick(orders);
          ops.push(() =>
            call(
              'ordersCancel',
              {},
              { orderId, cancelReason: CANCEL_REASONS[0].value, cancelDescription: null, sendEmailNotification: false, returnMoney: true },
            ),
          );
        }
      }
    }
    const answers = await Promise.all(ops.map((op) => op()));
    expect(answers.filter((a) => ![200, 409, 422].includes(a.status))).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(60);

    expect(await mismatched(users)).toEqual([]);
    const check = await ledgerCheck(database.db);
    expect(check.mismatchedUsersCount).toBe(0);
    expect(check.holdMismatches).toBe(0);
    // What open withdrawals hold is exactly what their holds took and no release gave back.
    const held = await one<{ open: string; ledger: string }>(
      database.db,
      sql`SELECT (SELECT coalesce(sum(amount), 0)::numeric(14,4)::text FROM withdrawals WHERE status IN ('pending', 'approved')) AS open,
                 (SELECT coalesce(-sum(t.amount), 0)::numeric(14,4)::text FROM transactions t JOIN withdrawals w ON w.id = t.withdrawal_id
                   WHERE w.status IN ('pending', 'approved')) AS ledger`,
    );
    expect(held!.ledger).toBe(held!.open);
    expect(check.heldInPendingWithdrawals).toBe(held!.open);
    const doubled = await rows(
      database.db,
      sql`SELECT invoice_id FROM transactions WHERE invoice_id IS NOT NULL AND type = 'deposit' GROUP BY invoice_id HAVING count(*) > 1`,
    );
    expect(doubled).toEqual([]);
    const negative = await rows(database.db, sql`SELECT id FROM users WHERE id IN ${users} AND balance < 0`);
    expect(negative).toEqual([]);
  }, 120_000);
});
