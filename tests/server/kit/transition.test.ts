import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, type Queryable } from '../../../src/server/db/client';
import { HttpError } from '../../../src/server/http/errors';
import { findById } from '../../../src/server/kit/records';
import { defineTransition } from '../../../src/server/kit/transition';
import { createWidgetTable, insertWidget, testActor, widgetAudits, widgetChangeLogs, widgetRecord, rejection } from '../helpers/kitFixture';
import { useTestApp } from '../helpers/testServer';

/**
 * defineTransition on PGlite: one conditional update per call, audit (declared columns, old and
 * new) and change log per changed row, 404 / 409 with sentences, bulk outcomes in the caller's
 * order, effects inside the transaction, afterCommit only after a commit that changed something.
 * Races are proven on PostgreSQL (kit-transition-postgres.test.ts).
 */

const t = useTestApp({ demo: false });
const actor = testActor();
const committed: number[][] = [];

const publish = defineTransition({
  record: widgetRecord,
  action: 'publish',
  event: 'published',
  from: ['draft', 'retired'],
  set: sql`status = 'live', live_at = now()`,
  permission: 'manageCoupons',
  audit: ['status', 'liveAt'],
  afterCommit: (_deps, done) => void committed.push([...done]),
});

/** Retiring also takes its children down, inside the same transaction, and says how many. */
const retire = defineTransition({
  record: widgetRecord,
  action: 'retire',
  event: 'retired',
  from: ['live'],
  set: sql`status = 'retired'`,
  permission: 'manageCoupons',
  returning: ['code'],
  conflict: (id, status) => `Widget ${id} is ${status}, not live.`,
  effects: async (tx: Queryable, _actor, change) => {
    const res = await one<{ n: number }>(
      tx,
      sql`WITH c AS (UPDATE kit_widgets SET status = 'retired' WHERE parent_id = ${change.id} AND status <> 'retired' RETURNING id) SELECT count(*)::int AS n FROM c`,
    );
    return { children: res!.n };
  },
  information: (change) => `Widget ${change.row.code} retired with ${change.effects.children} children.`,
});

beforeAll(async () => {
  await createWidgetTable(t.db);
});

const statusOf = async (id: number) => (await findById(t.db, widgetRecord, id)).status;

describe('one', () => {
  it('changes the row, audits the declared columns old and new, and writes the default change-log sentence', async () => {
    const id = await insertWidget(t.db, { status: 'draft' });
    const before = await findById(t.db, widgetRecord, id);
    const change = await t.db.transaction((tx) => publish.one(tx, actor, id));
    expect(change).toMatchObject({ id, from: 'draft', old: { status: 'draft', liveAt: null }, new: { status: 'live' } });
    expect(change.new.liveAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const after = await findById(t.db, widgetRecord, id);
    expect(after.status).toBe('live');
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    const [audit] = await widgetAudits(t.db, id);
    expect(audit).toMatchObject({
      event: 'published',
      old_values: { status: 'draft', live_at: null },
      new_values: { status: 'live', live_at: change.new.liveAt },
    });
    expect(await widgetChangeLogs(t.db, id)).toEqual([{ action_type: 'publish', information: `Widget ${id} published (was draft).` }]);
  });

  it('answers 409 with a sentence for a status it does not allow, and 404 for no row; nothing is written', async () => {
    const id = await insertWidget(t.db, { status: 'live' });
    const conflict = await rejection(t.db.transaction((tx) => publish.one(tx, actor, id)));
    expect(conflict.status).toBe(409);
    expect(conflict.message).toBe(`Widget ${id} cannot be published: it is live.`);
    const missing = await rejection(t.db.transaction((tx) => publish.one(tx, actor, 987654)));
    expect(missing.body()).toEqual({ message: 'Widget 987654 not found.' });
    expect((await rejection(t.db.transaction((tx) => publish.one(tx, actor, 2 ** 33)))).status).toBe(404);
    expect(await widgetAudits(t.db, id)).toEqual([]);
    expect(await statusOf(id)).toBe('live');
  });

  it('uses the declared conflict and information sentences, the returned columns and the effects', async () => {
    const parent = await insertWidget(t.db, { status: 'live' });
    await insertWidget(t.db, { status: 'live', parentId: parent });
    await insertWidget(t.db, { status: 'draft', parentId: parent });
    const code = (await findById(t.db, widgetRecord, parent)).code;
    const change = await t.db.transaction((tx) => retire.one(tx, actor, parent));
    expect(change.effects).toEqual({ children: 2 });
    expect(change.row).toEqual({ code });
    const [audit] = await widgetAudits(t.db, parent);
    // What the effects returned joins the audit's new values.
    expect(audit.new_values).toEqual({ status: 'retired', children: 2 });
    expect(await widgetChangeLogs(t.db, parent)).toEqual([{ action_type: 'retire', information: `Widget ${code} retired with 2 children.` }]);
    expect((await rejection(t.db.transaction((tx) => retire.one(tx, actor, parent)))).message).toBe(`Widget ${parent} is retired, not live.`);
  });

  it('rolls back the change, its effects and its trail when the transaction fails afterwards', async () => {
    const parent = await insertWidget(t.db, { status: 'live' });
    const child = await insertWidget(t.db, { status: 'live', parentId: parent });
    await expect(
      t.db.transaction(async (tx) => {
        await retire.one(tx, actor, parent);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect([await statusOf(parent), await statusOf(child)]).toEqual(['live', 'live']);
    expect(await widgetAudits(t.db, parent)).toEqual([]);
    expect(await widgetChangeLogs(t.db, parent)).toEqual([]);
  });
});

describe('many', () => {
  it('applies what it can and explains every other id, in the order asked, each id once', async () => {
    const a = await insertWidget(t.db, { status: 'draft' });
    const live = await insertWidget(t.db, { status: 'live' });
    const b = await insertWidget(t.db, { status: 'retired' });
    const result = await t.db.transaction((tx) => publish.many(tx, actor, [b, live, 987654, a, b, 2 ** 31]));
    expect(result).toEqual({
      done: [b, a],
      failed: [
        { id: live, message: `Widget ${live} cannot be published: it is live.` },
        { id: 987654, message: 'Widget 987654 not found.' },
        { id: 2 ** 31, message: `Widget ${2 ** 31} not found.` },
      ],
    });
    expect([await statusOf(a), await statusOf(b), await statusOf(live)]).toEqual(['live', 'live', 'live']);
    expect((await widgetAudits(t.db, a)).length).toBe(1);
    expect((await widgetAudits(t.db, b)).length).toBe(1);
    expect(await widgetAudits(t.db, live)).toEqual([]);
  });

  it('answers an empty list with nothing done', async () => {
    expect(await t.db.transaction((tx) => publish.many(tx, actor, []))).toEqual({ done: [], failed: [] });
  });
});

describe('run and runMany', () => {
  it('own the transaction and call afterCommit once, after the commit, with the ids done', async () => {
    committed.length = 0;
    const id = await insertWidget(t.db, { status: 'draft' });
    const answer = await publish.run(t.deps, actor, id, async (tx) => (await findById(tx, widgetRecord, id)).status);
    expect(answer).toBe('live');
    expect(committed).toEqual([[id]]);

    const c = await insertWidget(t.db, { status: 'draft' });
    const result = await publish.runMany(t.deps, actor, [c, id]);
    expect(result.done).toEqual([c]);
    expect(committed).toEqual([[id], [c]]);
  });

  it('do not call afterCommit when nothing changed or the answer failed', async () => {
    committed.length = 0;
    const live = await insertWidget(t.db, { status: 'live' });
    expect((await rejection(publish.run(t.deps, actor, live, async () => 'never'))).status).toBe(409);
    expect(await publish.runMany(t.deps, actor, [live])).toMatchObject({ done: [] });
    const draft = await insertWidget(t.db, { status: 'draft' });
    await expect(
      publish.run(t.deps, actor, draft, async () => {
        throw new Error('answer failed');
      }),
    ).rejects.toThrow('answer failed');
    expect(await statusOf(draft)).toBe('draft');
    expect(committed).toEqual([]);
  });
});

describe('permission and flags', () => {
  it('allows a status it starts from only with the permission, and authorize answers 403 without it', () => {
    const holder = new Set(['manageCoupons'] as const);
    expect(publish.allows('draft', holder)).toBe(true);
    expect(publish.allows('live', holder)).toBe(false);
    expect(publish.allows('draft', new Set())).toBe(false);
    const staff = { id: 1, email: 'a@b.c', name: 'A', permissions: new Set(['viewOrders'] as const), tokenVersion: 0 };
    expect(() => publish.authorize(staff)).toThrow(HttpError);
    expect(() => publish.authorize({ ...staff, permissions: holder })).not.toThrow();
  });

  it('refuses a declaration naming a column the table does not have', () => {
    expect(() =>
      defineTransition({
        record: widgetRecord,
        action: 'x',
        event: 'x',
        from: ['draft'],
        set: sql`status = 'live'`,
        permission: 'manageCoupons',
        audit: ['nope' as 'status'],
      }),
    ).toThrow(/has no column nope/);
  });
});
