import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '../../../src/contract/endpoint';
import { endpoints } from '../../../src/contract/endpoints';
import { createApp } from '../../../src/server/app';
import { createStaffMember } from '../../../src/server/auth/accounts';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { ledgerCheck } from '../../../src/server/areas/finance/ledger';
import { one, openDatabase, rows, type Database } from '../../../src/server/db/client';
import type { AppDeps } from '../../../src/server/deps';
import type { AppEnv } from '../../../src/server/http/context';
import { flushCounters } from '../../../src/server/realtime/counters';
import { createMigratedDatabase, type ScratchDatabase } from '../helpers/postgres';
import { testConfig } from '../helpers/testServer';

/**
 * Adjust balance under concurrency on a real PostgreSQL (PGlite has one connection and proves
 * nothing about races): parallel adjustments of one user through a pool of 20 connections, each
 * one locking the user row, so none is lost and no deduction takes a balance below zero. Fails
 * when PostgreSQL is unreachable (tests/server/helpers/postgres.ts).
 */

let scratch: ScratchDatabase | undefined;
let database: Database;
let app: Hono<AppEnv>;
let deps: AppDeps;
let token: string;
let userSeq = 0;

beforeAll(async () => {
  scratch = await createMigratedDatabase('The balance adjustment suite', { seed: 'base' });
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  const config = testConfig();
  deps = { database, config, publish: () => {} };
  app = createApp(deps);
  const staffId = await createStaffMember(database.db, {
    email: 'balance@example.test',
    name: 'Balance Tester',
    password: 'password',
    roles: ['Administrator'],
  });
  const member = await one<{ v: number }>(database.db, sql`SELECT token_version AS v FROM staff_members WHERE id = ${staffId}`);
  token = await signAccessToken(config.jwtSecret, { staffId, tokenVersion: member!.v }, config.tokenTtlSeconds);
}, 120_000);

afterAll(async () => {
  if (deps) await flushCounters(deps);
  await database?.close();
  await scratch?.drop();
});

async function adjust(userId: number, body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const e = endpoints.usersAdjustBalance;
  const res = await app.request(buildPath(e.path, { userId }), {
    method: e.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function newUser(): Promise<number> {
  const u = await one<{ id: number }>(
    database.db,
    sql`INSERT INTO users (name, email) VALUES ('Race', ${`race${++userSeq}.${scratch!.name}@example.test`}) RETURNING id`,
  );
  return u!.id;
}

const sumOf = async (userId: number, balanceType: string) =>
  (await one<{ s: string }>(
    database.db,
    sql`SELECT coalesce(sum(amount), 0)::numeric(14,4)::text AS s FROM transactions WHERE user_id = ${userId} AND balance_type = ${balanceType}`,
  ))!.s;

describe('adjust balance on PostgreSQL', () => {
  it('runs on PostgreSQL, not PGlite', () => {
    expect(database.kind).toBe('postgres');
  });

  it('two concurrent adds both land (and so do 30)', async () => {
    const userId = await newUser();
    const pair = await Promise.all([
      adjust(userId, { action: 'add', amount: '10', balanceType: 'main', reason: 'First' }),
      adjust(userId, { action: 'add', amount: '15', balanceType: 'main', reason: 'Second' }),
    ]);
    expect(pair.map((a) => a.status)).toEqual([200, 200]);
    // Each answer's balance is the one right after its own entry: one of them saw the other.
    expect([
      ['10.0000', '25.0000'],
      ['15.0000', '25.0000'],
    ]).toContainEqual(pair.map((a) => a.body.balance).sort());

    const many = await Promise.all(
      Array.from({ length: 30 }, (_, i) => adjust(userId, { action: 'add', amount: '1.0001', balanceType: 'main', reason: `Add ${i}` })),
    );
    expect(many.every((a) => a.status === 200)).toBe(true);
    const balance = (await one<{ b: string }>(database.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b;
    expect(balance).toBe('55.0030');
    expect(await sumOf(userId, 'main')).toBe(balance);
    const answered = many.map((a) => a.body.balance).sort();
    expect(new Set(answered).size).toBe(30); // every add saw a different balance: none read a stale one
  });

  it('parallel deductions never take a balance below zero: exactly as many pass as it holds', async () => {
    const userId = await newUser();
    await adjust(userId, { action: 'add', amount: '50', balanceType: 'main', reason: 'Start' });
    await adjust(userId, { action: 'add', amount: '20', balanceType: 'task', reason: 'Start' });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => adjust(userId, { action: 'deduct', amount: '10', balanceType: 'main', reason: 'Race' })),
      ...Array.from({ length: 10 }, () => adjust(userId, { action: 'deduct', amount: '5', balanceType: 'task', reason: 'Race' })),
    ]);
    const main = answers.slice(0, 20);
    const task = answers.slice(20);
    expect(main.filter((a) => a.status === 200)).toHaveLength(5);
    expect(main.filter((a) => a.status !== 200).every((a) => a.status === 422 && a.body.errors.amount)).toBe(true);
    expect(task.filter((a) => a.status === 200)).toHaveLength(4);
    expect(task.filter((a) => a.status !== 200).every((a) => a.status === 422)).toBe(true);
    expect((await one<{ b: string }>(database.db, sql`SELECT balance::text AS b FROM users WHERE id = ${userId}`))!.b).toBe('0.0000');
    expect(await sumOf(userId, 'task')).toBe('0.0000');
    const debits = await rows(database.db, sql`SELECT id FROM transactions WHERE user_id = ${userId} AND type = 'staff_debit'`);
    expect(debits).toHaveLength(9);

    const check = await ledgerCheck(database.db);
    expect(check.mismatchedUsersCount).toBe(0);
  });
});
