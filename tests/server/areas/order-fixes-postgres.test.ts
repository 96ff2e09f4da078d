import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, openDatabase, type Database } from '../../../src/server/db/client';
import { HttpError } from '../../../src/server/http/errors';
import { setOrderPartial } from '../../../src/server/areas/orders/fixes';
import { createMigratedDatabase, type ScratchDatabase } from '../helpers/postgres';
import { insertTestService } from '../helpers/testService';

/**
 * Set partial under concurrency on a real PostgreSQL (PGlite has one connection and proves
 * nothing about races): 30 members setting one order partial at once: one wins, 29 are told it is completed, it is refunded exactly once, and
 * the customer's balance stays the sum of their transactions.
 */

let scratch: ScratchDatabase | undefined;
let database: Database;
let serviceId: number;
const actor = { staffId: null, ip: null, userAgent: 'test' };

beforeAll(async () => {
  scratch = await createMigratedDatabase('The set-partial race suite', { seed: 'base' });
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  serviceId = await insertTestService(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe('set partial on PostgreSQL', () => {
  it('30 parallel requests refund the order once', async () => {
    const { db } = database;
    const user = (await one<{ id: number }>(db, sql`INSERT INTO users (name, email, balance) VALUES ('Racer', 'racer@example.test', 0) RETURNING id`))!;
    const orderId = (await one<{ id: number }>(
      db,
      sql`INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, source)
          VALUES ('in_processing', ${user.id}, ${serviceId}, 'Followers', 'https://instagram.com/racer', '7.5000', '1.0000', 1000, true, 'cabinet')
          RETURNING id::int AS id`,
    ))!.id;
    // Thirty members at once, each with the remains they read (100 … 390).
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => db.transaction((tx) => setOrderPartial(tx, actor, orderId, 100 + i * 10))));
    const won = outcomes.filter((o): o is PromiseFulfilledResult<{ refunded: string }> => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(29);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(HttpError);
      expect((r.reason as HttpError).status).toBe(409);
    }
    const money = await one<{ balance: string; sum: string; refunds: number; refunded: string }>(
      db,
      sql`SELECT u.balance::text AS balance,
                 (SELECT sum(amount)::numeric(14,4)::text FROM transactions WHERE user_id = u.id AND balance_type = 'main') AS sum,
                 (SELECT count(*)::int FROM transactions WHERE user_id = u.id AND type = 'refund') AS refunds,
                 (SELECT sum(refund_amount)::numeric(14,4)::text FROM orders WHERE user_id = u.id) AS refunded
            FROM users u WHERE u.id = ${user.id}`,
    );
    const refunded = won[0].value.refunded;
    expect(Number(refunded)).toBeGreaterThan(0);
    expect(money).toEqual({ balance: refunded, sum: refunded, refunds: 1, refunded });
  });
});
