import { sql } from 'drizzle-orm';
import { createMigratedDatabase, type ScratchDatabase } from '../helpers/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, openDatabase, rows, type Database } from '../../../src/server/db/client';
import { HttpError } from '../../../src/server/http/errors';
import { defineTransition } from '../../../src/server/kit/transition';
import { createWidgetTable, insertWidget, testActor, widgetRecord } from '../helpers/kitFixture';

/**
 * defineTransition under real concurrency, on PostgreSQL at 127.0.0.1:5432 (its own database,
 * dropped afterwards): parallel calls on one row change it once, and bulk calls over the same rows
 * in opposite orders neither deadlock nor apply twice. PGlite has one connection and proves
 * nothing about races.
 */

let scratch: ScratchDatabase | undefined;
let database: Database;
const actor = testActor();

const publish = defineTransition({
  record: widgetRecord,
  action: 'publish',
  event: 'published',
  from: ['draft'],
  set: sql`status = 'live', live_at = now()`,
  permission: 'manageCoupons',
  audit: ['status', 'liveAt'],
});

beforeAll(async () => {
  scratch = await createMigratedDatabase("The kit's concurrency suite", { seed: 'none' });
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  await createWidgetTable(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

const auditCount = async (ids: readonly number[]) =>
  (await one<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM audit_entries WHERE auditable_type = 'widget' AND auditable_id IN ${ids}`))!.n;

describe('defineTransition on PostgreSQL', () => {
  it('30 parallel calls on one row: one changes it, the others get 409, one audit entry', async () => {
    const id = await insertWidget(database.db, { status: 'draft' });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        database.db
          .transaction((tx) => publish.one(tx, actor, id))
          .then(
            () => 200,
            (error: unknown) => (error instanceof HttpError ? error.status : 500),
          ),
      ),
    );
    expect(outcomes.filter((s) => s === 200)).toHaveLength(1);
    expect(outcomes.filter((s) => s === 409)).toHaveLength(29);
    expect(await auditCount([id])).toBe(1);
    const [changeLogs] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM change_logs WHERE model_type = 'widget' AND model_id = ${id}`,
    );
    expect(changeLogs.n).toBe(1);
  });

  it('bulk calls over the same rows in opposite orders neither deadlock nor apply twice', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await insertWidget(database.db, { status: 'draft' }));
    const reversed = [...ids].reverse();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => database.db.transaction((tx) => publish.many(tx, actor, i % 2 ? reversed : ids))));
    const done = results.flatMap((r) => r.done);
    expect(done.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const r of results) expect(r.failed.every((f) => f.message.endsWith('cannot be published: it is live.'))).toBe(true);
    expect(await auditCount(ids)).toBe(ids.length);
  });
});
