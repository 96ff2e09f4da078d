import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNTERS_CHANNEL, COUNTERS_EVENT } from '../../../src/contract/realtime';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { freeTrialRequests } from '../../../src/server/areas/free-trials/schema';
import { orders } from '../../../src/server/db/schema/orders';
import { countersNotifier, readCounters, readLiveCounters } from '../../../src/server/realtime/counters';

/** The live counters' SQL and the notifier that broadcasts them after commits. */

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`DROP TABLE IF EXISTS combo_orders CASCADE`);
  await database.db.delete(orders);
  await database.db.delete(freeTrialRequests);
});

describe('readCounters', () => {
  it('counts exactly what each navigation link filters', async () => {
    await database.db
      .insert(orders)
      .values([
        { status: 'in_processing' },
        { status: 'in_processing', hasNoActiveProviders: true },
        { status: 'in_moderation' },
        { status: 'in_moderation' },
        { status: 'in_moderation', hasNoActiveProviders: true },
        { status: 'completed' },
        { status: 'canceled' },
      ]);
    await database.db.insert(freeTrialRequests).values([{ status: 'pending' }, { status: 'approved' }, { status: 'rejected' }, { status: 'pending' }]);
    expect(await readCounters(database.db)).toEqual({
      ordersInProcessing: 2,
      ordersInModeration: 3,
      ordersWithNoActiveProviders: 2,
      freeTrialsPending: 2,
    });
  });

  it('answers zeros on empty tables', async () => {
    expect(await readCounters(database.db)).toEqual({
      ordersInProcessing: 0,
      ordersInModeration: 0,
      ordersWithNoActiveProviders: 0,
      freeTrialsPending: 0,
    });
  });

  it('adds combo orders in moderation only once a combo_orders table exists', async () => {
    expect(await readLiveCounters(database.db)).not.toHaveProperty('comboOrdersInModeration');
    await database.db.execute(sql`CREATE TABLE combo_orders (id serial PRIMARY KEY, status text NOT NULL)`);
    await database.db.execute(sql`INSERT INTO combo_orders (status) VALUES ('in_moderation'), ('in_moderation'), ('completed')`);
    expect((await readLiveCounters(database.db)).comboOrdersInModeration).toBe(2);
  });
});

describe('countersNotifier', () => {
  const published: { channel: string; event: string; data: any }[] = [];
  const publish = (channel: string, event: string, data: unknown) => void published.push({ channel, event, data });
  beforeEach(() => void published.splice(0));

  it('coalesces a burst of changes into one counters.updated on private-admin.counters', async () => {
    const notifier = countersNotifier({ database, publish }, { delayMs: 30 });
    await database.db.insert(orders).values({ status: 'in_moderation' });
    for (let i = 0; i < 50; i++) notifier.changed();
    await notifier.flush();
    expect(published).toEqual([
      {
        channel: COUNTERS_CHANNEL,
        event: COUNTERS_EVENT,
        data: { ordersInProcessing: 0, ordersInModeration: 1, ordersWithNoActiveProviders: 0, freeTrialsPending: 0 },
      },
    ]);
    notifier.close();
  });

  it('does not send values equal to the last broadcast again', async () => {
    const notifier = countersNotifier({ database, publish }, { delayMs: 5 });
    notifier.changed();
    await notifier.flush();
    notifier.changed();
    await notifier.flush();
    expect(published).toHaveLength(1);
    await database.db.insert(freeTrialRequests).values({ status: 'pending' });
    notifier.changed();
    await notifier.flush();
    expect(published).toHaveLength(2);
    expect(published[1].data.freeTrialsPending).toBe(1);
    notifier.close();
  });

  it('broadcasts once more when a change lands while the counters are being read', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first read takes its snapshot, then stalls; a commit and a change() arrive meanwhile.
    const slowDatabase = {
      db: new Proxy(database.db, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver);
          return async (query: any) => {
            const result = await target.execute(query);
            await gate;
            return result;
          };
        },
      }),
    };
    const notifier = countersNotifier({ database: slowDatabase, publish }, { delayMs: 1 });
    notifier.changed();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await database.db.insert(orders).values({ status: 'in_processing' });
    notifier.changed();
    release();
    await notifier.flush();
    expect(published.map((p) => p.data.ordersInProcessing)).toEqual([0, 1]);
    notifier.close();
  });

  it('reports a failing read and keeps working', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const flaky = {
      db: new Proxy(database.db, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver);
          return async (query: any) => {
            if (fail) throw new Error('connection lost');
            return target.execute(query);
          };
        },
      }),
    };
    const notifier = countersNotifier({ database: flaky, publish }, { delayMs: 1, onError: (e) => errors.push(e) });
    notifier.changed();
    await notifier.flush();
    expect(errors).toHaveLength(1);
    expect(published).toHaveLength(0);
    fail = false;
    notifier.changed();
    await notifier.flush();
    expect(published).toHaveLength(1);
    notifier.close();
  });

  it('does nothing after close()', async () => {
    const notifier = countersNotifier({ database, publish }, { delayMs: 1 });
    notifier.close();
    notifier.changed();
    await notifier.flush();
    expect(published).toHaveLength(0);
  });
});
