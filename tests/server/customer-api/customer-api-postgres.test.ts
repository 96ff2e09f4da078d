import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { issueCustomerApiKey } from '../../../src/server/customer-api/keys';
import { one, openDatabase, type Database } from '../../../src/server/db/client';
import type { AppDeps } from '../../../src/server/deps';
import type { AppEnv } from '../../../src/server/http/context';
import { flushCounters } from '../../../src/server/realtime/counters';
import { insertTestService } from '../helpers/testService';
import { createMigratedDatabase, type ScratchDatabase } from '../helpers/postgres';
import { testConfig } from '../helpers/testServer';

/**
 * Customers ordering at once on a real PostgreSQL (PGlite has one connection and proves nothing
 * about races): 30 parallel `add` calls of one customer whose balance pays for exactly 10 orders
 * place 10, refuse 20 with the reason, and leave the balance equal to the sum of its transactions.
 */

let scratch: ScratchDatabase | undefined;
let database: Database;
let app: Hono<AppEnv>;
let deps: AppDeps;
let serviceId: number;

beforeAll(async () => {
  scratch = await createMigratedDatabase('The customer API race suite', { seed: 'base' });
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  deps = { database, config: testConfig(), publish: () => {} };
  app = createApp(deps);
  // 100 followers cost 0.5000: a customer with 5.0000 pays for ten orders.
  serviceId = await insertTestService(database.db, { defaultPrice: '5', minQuantity: 100, maxQuantity: 1000 });
}, 120_000);

afterAll(async () => {
  if (deps) await flushCounters(deps);
  await database?.close();
  await scratch?.drop();
});

const add = async (key: string, i: number) => {
  const res = await app.request('/api/v2', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key, action: 'add', service: String(serviceId), link: `https://instagram.com/p/${i}`, quantity: '100' }).toString(),
  });
  return (await res.json()) as { order?: number; error?: string };
};

describe('customer API on PostgreSQL', () => {
  it('places exactly as many parallel orders as the balance pays for, each debited once', async () => {
    const { db } = database;
    const user = await one<{ id: number }>(db, sql`INSERT INTO users (name, email, balance) VALUES ('Racer', 'racer@example.test', 5) RETURNING id`);
    await db.execute(
      sql`INSERT INTO transactions (user_id, amount, balance_type, type, transaction_type) VALUES (${user!.id}, 5, 'main', 'deposit', 'income')`,
    );
    const { key } = await issueCustomerApiKey(db, user!.id);

    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => add(key, i)));
    const placed = answers.filter((a) => a.order);
    expect(placed).toHaveLength(10);
    expect(answers.filter((a) => a.error)).toHaveLength(20);
    for (const refused of answers.filter((a) => a.error)) expect(refused.error).toMatch(/lower than the amount/);

    const money = await one<{ balance: string; sum: string; orders: number; debits: number }>(
      db,
      sql`SELECT u.balance::text AS balance,
                 (SELECT sum(amount)::numeric(14,4)::text FROM transactions WHERE user_id = u.id AND balance_type = 'main') AS sum,
                 (SELECT count(*)::int FROM orders WHERE user_id = u.id) AS orders,
                 (SELECT count(*)::int FROM transactions WHERE user_id = u.id AND type = 'order') AS debits
            FROM users u WHERE u.id = ${user!.id}`,
    );
    expect(money).toEqual({ balance: '0.0000', sum: '0.0000', orders: 10, debits: 10 });
  });
});
