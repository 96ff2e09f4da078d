import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTableSpec } from '../../../src/contract/columns';
import { tableRequestSchema, type TableRequest } from '../../../src/contract/table';
import type { Permission } from '../../../src/contract/permissions';
import type { Db } from '../../../src/server/db/client';
import { HttpError } from '../../../src/server/http/errors';
import { decimalText, defineTable, utcText, FilterValueError } from '../../../src/server/table';

/**
 * The generic table builder on a small table of its own (no app, no migrations): every filter
 * kind, search, sorting rules, paging, counts and the 422s a client can cause.
 */
let client: PGlite;
let db: Db;

interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  city: string | null;
  amount: string;
  vip: boolean;
  status: string;
  owner_email: string | null;
  created_at: string;
}

const ITEMS_TABLE = defineTableSpec({
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    city: { filter: 'text', sortable: true },
    amount: { filter: 'numberRange', sortable: true },
    vip: { filter: 'boolean', sortable: true },
    status: { filter: 'multiSelect', options: ['new', 'done', 'failed'], sortable: true },
    'owner.email': { filter: 'select', valueType: 'int', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
    secret: { filter: 'text', sortable: true, permission: 'viewGrades' },
    note: {},
  },
  queries: {
    ownerId: { filter: 'select', valueType: 'int' },
    nameStartsWith: { filter: 'text' },
  },
});

const table = defineTable(ITEMS_TABLE, {
  from: sql`t_items i LEFT JOIN t_owners o ON o.id = i.owner_id`,
  select: sql`i.id, i.name, i.city, ${decimalText(sql`i.amount`)} AS amount, i.vip, i.status, o.email AS owner_email,
              ${utcText(sql`i.created_at`)} AS created_at`,
  id: sql`i.id`,
  columns: {
    id: { sql: sql`i.id` },
    name: { sql: sql`i.name` },
    city: { sql: sql`i.city`, nullable: true },
    amount: { sql: sql`i.amount` },
    vip: { sql: sql`i.vip` },
    status: { sql: sql`i.status` },
    'owner.email': { sql: sql`o.email`, filterSql: sql`i.owner_id` },
    createdAt: { sql: sql`i.created_at` },
    secret: { sql: sql`i.secret`, nullable: true },
  },
  search: [sql`i.name`, sql`i.city`],
  queries: {
    ownerId: { sql: sql`i.owner_id` },
    nameStartsWith: {
      filter: (value: unknown) => {
        if (typeof value !== 'string') throw new FilterValueError('Must be a string.');
        return sql`i.name LIKE ${`${value}%`}`;
      },
    },
  },
  defaultSort: [{ key: 'id', desc: true }],
  map: (row: Row) => row,
});

const noPermissions = { permissions: new Set<Permission>() };
const withGrades = { permissions: new Set<Permission>(['viewGrades']) };

const run = (request: TableRequest, ctx = noPermissions) => table.query(db, tableRequestSchema.parse(request), ctx);

async function expect422(request: TableRequest, key: string, ctx = noPermissions) {
  const error = await run(request, ctx).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(422);
  expect(Object.keys((error as HttpError).errors ?? {})).toContain(key);
  return error as HttpError;
}

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  db = drizzle(client) as unknown as Db;
  await db.execute(sql`CREATE TABLE t_owners (id serial PRIMARY KEY, email text NOT NULL)`);
  await db.execute(sql`CREATE TABLE t_items (
    id serial PRIMARY KEY, name text NOT NULL, city text, amount numeric(14,4) NOT NULL, vip boolean,
    status text NOT NULL, owner_id int REFERENCES t_owners(id), created_at timestamptz NOT NULL, secret text, note text)`);
  await db.execute(sql`INSERT INTO t_owners (email) VALUES ('ann@example.com'), ('bob@example.com')`);
  // 30 rows: ids 1..30; names item-01..item-30; three cities (and NULL); amounts 1.5 x id;
  // vip every third (NULL every fifth); statuses cycle; a row per day from 2024-01-01 at 23:30 UTC.
  await db.execute(sql`
    INSERT INTO t_items (name, city, amount, vip, status, owner_id, created_at, secret, note)
    SELECT 'item-' || lpad(i::text, 2, '0'),
           (ARRAY['Paris', 'Berlin', 'Rome', NULL])[1 + i % 4],
           i * 1.5,
           CASE WHEN i % 5 = 0 THEN NULL ELSE i % 3 = 0 END,
           (ARRAY['new', 'done', 'failed'])[1 + i % 3],
           CASE WHEN i % 2 = 0 THEN 1 ELSE 2 END,
           timestamptz '2024-01-01 23:30:00+00' + (i - 1) * interval '1 day',
           'secret-' || i,
           'note'
    FROM generate_series(1, 30) AS i`);
  await db.execute(sql`INSERT INTO t_items (name, city, amount, vip, status, owner_id, created_at)
    VALUES ('100% pure_cotton', 'Oslo', 7, false, 'new', NULL, '2025-06-01 00:00:00+00')`);
});

afterAll(async () => {
  await client.close();
});

describe('table builder: paging, counts and draw', () => {
  it('answers the default sort (id descending), the filtered total and echoes draw', async () => {
    const res = await run({ options: { page: 1, itemsPerPage: 10, sortBy: [], sortDesc: [] }, draw: 7 });
    expect(res.draw).toBe(7);
    expect(res.totalItemsCount).toBe(31);
    expect(res.items.map((r) => r.id)).toEqual([31, 30, 29, 28, 27, 26, 25, 24, 23, 22]);
    expect(res.items[1]).toMatchObject({ amount: '45.0000', owner_email: 'ann@example.com', created_at: '2024-01-30 23:30:00' });
  });

  it('returns every row when itemsPerPage is 0 or negative', async () => {
    for (const itemsPerPage of [0, -1]) {
      const res = await run({ options: { page: 3, itemsPerPage, sortBy: [], sortDesc: [] } });
      expect(res.items).toHaveLength(31);
      expect(res.totalItemsCount).toBe(31);
    }
  });

  it('answers a page past the end with no items and the real total', async () => {
    const res = await run({ options: { page: 99, itemsPerPage: 10, sortBy: [], sortDesc: [] }, draw: 3 });
    expect(res).toEqual({ items: [], totalItemsCount: 31, draw: 3 });
  });

  it('pages stably through equal sort values (id breaks ties)', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await run({ options: { page, itemsPerPage: 8, sortBy: ['status'], sortDesc: [false] } });
      seen.push(...res.items.map((r) => r.id));
    }
    expect(seen).toHaveLength(31);
    expect(new Set(seen).size).toBe(31);
  });

  it('counts only the filtered rows', async () => {
    const res = await run({ headers: [{ value: 'city', filter: 'par' }], options: { page: 1, itemsPerPage: 2, sortBy: [], sortDesc: [] } });
    expect(res.totalItemsCount).toBe(7);
    expect(res.items).toHaveLength(2);
  });
});

describe('table builder: filters of every kind', () => {
  const ids = async (request: TableRequest, ctx = noPermissions) =>
    (await run({ options: { page: 1, itemsPerPage: 0, sortBy: ['id'], sortDesc: [false] }, ...request }, ctx)).items.map((r) => r.id);

  it('text: case-insensitive contains, wildcards taken literally', async () => {
    expect(await ids({ headers: [{ value: 'name', filter: 'ITEM-2' }] })).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    expect(await ids({ headers: [{ value: 'name', filter: '100%' }] })).toEqual([31]);
    expect(await ids({ headers: [{ value: 'name', filter: 'pure_' }] })).toEqual([31]);
    expect(await ids({ headers: [{ value: 'name', filter: 'item_0' }] })).toEqual([]);
  });

  it('select: equality, integers read from numbers or digit strings, on its own expression', async () => {
    expect(await ids({ headers: [{ value: 'id', filter: 12 }] })).toEqual([12]);
    expect(await ids({ headers: [{ value: 'id', filter: '12' }] })).toEqual([12]);
    const byOwner = await ids({ headers: [{ value: 'owner.email', filter: 2 }] });
    expect(byOwner).toHaveLength(15);
    expect(byOwner.every((id) => id % 2 === 1)).toBe(true);
  });

  it('multiSelect: any of the listed values; an empty list filters nothing', async () => {
    const res = await run({ headers: [{ value: 'status', filter: ['done', 'failed'] }], options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } });
    expect(res.items.every((r) => r.status === 'done' || r.status === 'failed')).toBe(true);
    expect(res.totalItemsCount).toBe(20);
    expect((await ids({ headers: [{ value: 'status', filter: [] }] })).length).toBe(31);
  });

  it('numberRange: inclusive bounds, either end open, decimal strings exact', async () => {
    expect(await ids({ headers: [{ value: 'amount', filter: { from: 3, to: '7.5' } }] })).toEqual([2, 3, 4, 5, 31]);
    expect(await ids({ headers: [{ value: 'amount', filter: { from: '43.5' } }] })).toEqual([29, 30]);
    expect(await ids({ headers: [{ value: 'amount', filter: { to: 1.5 } }] })).toEqual([1]);
    expect((await ids({ headers: [{ value: 'amount', filter: { from: null, to: null } }] })).length).toBe(31);
  });

  it('dateRange: whole UTC days, both ends inclusive', async () => {
    // Row n was created on 2024-01-n at 23:30 UTC: the last half hour of the day must be included.
    expect(await ids({ headers: [{ value: 'createdAt', filter: { from: '2024-01-03', to: '2024-01-05' } }] })).toEqual([3, 4, 5]);
    expect(await ids({ headers: [{ value: 'createdAt', filter: { from: '2024-01-29' } }] })).toEqual([29, 30, 31]);
    expect(await ids({ headers: [{ value: 'createdAt', filter: ['2024-01-01', '2024-01-01'] }] })).toEqual([1]);
  });

  it('boolean: true matches true only; false matches false and NULL', async () => {
    const yes = await ids({ headers: [{ value: 'vip', filter: true }] });
    expect(yes).toEqual([3, 6, 9, 12, 18, 21, 24, 27]);
    const no = await ids({ headers: [{ value: 'vip', filter: 'false' }] });
    expect(no).toHaveLength(31 - yes.length);
    expect(no).toContain(5);
  });

  it('combines several filters with AND and ignores null filters', async () => {
    const res = await ids({
      headers: [{ value: 'city', filter: 'rome' }, { value: 'status', filter: ['done'] }, { value: 'note' }, { value: 'actions', filter: null }],
    });
    // Rome: i % 4 = 2; done: i % 3 = 1.
    expect(res).toEqual([10, 22]);
  });

  it('applies named queries, built-in or hand-written', async () => {
    expect((await ids({ queries: { ownerId: 1 } })).every((id) => id % 2 === 0)).toBe(true);
    expect(await ids({ queries: { nameStartsWith: '100' } })).toEqual([31]);
  });

  it('lets a caller with the permission filter a guarded column', async () => {
    expect(await ids({ headers: [{ value: 'secret', filter: 'secret-7' }] }, withGrades)).toEqual([7]);
  });

  it('adds a per-call restriction', async () => {
    const res = await table.query(db, tableRequestSchema.parse({ options: { itemsPerPage: 0 } }), noPermissions, { where: sql`i.id <= 3` });
    expect(res.items.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(res.totalItemsCount).toBe(3);
  });
});

describe('table builder: search', () => {
  it('matches any search column, case-insensitively', async () => {
    const res = await run({ search: 'OSLO', options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } });
    expect(res.items.map((r) => r.id)).toEqual([31]);
  });

  it('matches an integer search on the id as well as on text', async () => {
    const res = await run({ search: '7', options: { page: 1, itemsPerPage: 0, sortBy: ['id'], sortDesc: [false] } });
    // id 7 exactly, plus the names containing "7" (item-07, item-17, item-27); amounts are not searched.
    expect(res.items.map((r) => r.id)).toEqual([7, 17, 27]);
    const byId = await run({ search: '31', options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } });
    expect(byId.items.map((r) => r.id)).toEqual([31]);
  });

  it('survives integers beyond the id type and a blank search', async () => {
    const huge = await run({ search: '99999999999999999999', options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } });
    expect(huge.items).toEqual([]);
    const blank = await run({ search: '   ', options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } });
    expect(blank.totalItemsCount).toBe(31);
  });
});

describe('table builder: sorting', () => {
  it('sorts on several whitelisted keys, in the given directions', async () => {
    const res = await run({ options: { page: 1, itemsPerPage: 5, sortBy: ['city', 'amount'], sortDesc: [false, true] } });
    expect(res.items.map((r) => [r.city, r.id])).toEqual([
      ['Berlin', 29],
      ['Berlin', 25],
      ['Berlin', 21],
      ['Berlin', 17],
      ['Berlin', 13],
    ]);
  });

  it('sorts by a joined column', async () => {
    const res = await run({ options: { page: 1, itemsPerPage: 1, sortBy: ['owner.email'], sortDesc: [false] } });
    expect(res.items[0].owner_email).toBe('ann@example.com');
  });

  it('answers 422 for an unknown sort key, a non-sortable column, or a guarded one without permission', async () => {
    await expect422({ options: { page: 1, itemsPerPage: 10, sortBy: ['name', 'password'], sortDesc: [false, false] } }, 'options.sortBy.1');
    await expect422({ options: { page: 1, itemsPerPage: 10, sortBy: ['note'], sortDesc: [true] } }, 'options.sortBy.0');
    await expect422({ options: { page: 1, itemsPerPage: 10, sortBy: ['secret'], sortDesc: [true] } }, 'options.sortBy.0');
    const ok = await run({ options: { page: 1, itemsPerPage: 1, sortBy: ['secret'], sortDesc: [true] } }, withGrades);
    // 'secret-9' is the greatest text; row 31 has none and sorts last even descending.
    expect(ok.items[0].id).toBe(9);
    const last = await run({ options: { page: 31, itemsPerPage: 1, sortBy: ['secret'], sortDesc: [true] } }, withGrades);
    expect(last.items[0].id).toBe(31);
  });

  it('never lets a sort key reach SQL as text', async () => {
    await expect422({ options: { page: 1, itemsPerPage: 10, sortBy: ['id; DROP TABLE t_items'], sortDesc: [false] } }, 'options.sortBy.0');
    const res = await run({ options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } });
    expect(res.totalItemsCount).toBe(31);
  });
});

describe('table builder: invalid filters are 422, never 500', () => {
  it('rejects filters on unknown, non-filterable or guarded columns', async () => {
    await expect422({ headers: [{ value: 'name' }, { value: 'password', filter: 'x' }] }, 'headers.1.filter');
    await expect422({ headers: [{ value: 'note', filter: 'x' }] }, 'headers.0.filter');
    const e = await expect422({ headers: [{ value: 'secret', filter: 'x' }] }, 'headers.0.filter');
    expect(e.errors?.['headers.0.filter'][0]).toMatch(/viewGrades/);
    await expect422({ queries: { nope: 1 } }, 'queries.nope');
  });

  it('rejects values of the wrong type, each at its path', async () => {
    const e = await expect422(
      {
        headers: [
          { value: 'id', filter: 'abc' },
          { value: 'amount', filter: { from: 'lots' } },
          { value: 'createdAt', filter: { from: '2024-02-30' } },
          { value: 'createdAt', filter: { from: '01/02/2024' } },
          { value: 'vip', filter: 'maybe' },
          { value: 'status', filter: ['done', 'exploded'] },
          { value: 'name', filter: { from: 1 } },
          { value: 'amount', filter: 'cheap' },
          { value: 'id', filter: 99999999999 },
          { value: 'id', filter: [1, 2] },
        ],
      },
      'headers.0.filter',
    );
    expect(Object.keys(e.errors ?? {}).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `headers.${i}.filter`).sort());
    expect(e.body().message).toBeTruthy();
    await expect422({ queries: { nameStartsWith: 5 } }, 'queries.nameStartsWith');
  });
});

describe('table builder: estimated counts', () => {
  it('answers the planner estimate, flagged, above the threshold and the exact count below it', async () => {
    const estimating = defineTable(defineTableSpec({ columns: { id: { filter: 'select', valueType: 'int', sortable: true } } }), {
      from: sql`t_items i`,
      select: sql`i.id`,
      id: sql`i.id`,
      columns: { id: { sql: sql`i.id` } },
      map: (row: Row) => row.id,
      estimateCountAbove: 0,
    });
    await db.execute(sql`ANALYZE t_items`);
    const estimated = await estimating.query(db, tableRequestSchema.parse({}), noPermissions);
    expect(estimated.totalIsEstimate).toBe(true);
    expect(estimated.totalItemsCount).toBeGreaterThan(0);
    expect(estimated.items.length).toBeGreaterThan(0);

    // The last page by the estimate, and a page past it, count exactly: the console can then
    // tell which page really is the last instead of offering an empty one.
    const lastPage = Math.ceil(estimated.totalItemsCount / 10);
    for (const page of [lastPage, lastPage + 3]) {
      const atEnd = await estimating.query(db, tableRequestSchema.parse({ options: { page, itemsPerPage: 10 } }), noPermissions);
      expect(atEnd.totalIsEstimate).toBeUndefined();
      expect(atEnd.totalItemsCount).toBe(31);
    }

    const exact = defineTable(defineTableSpec({ columns: {} }), {
      from: sql`t_items i`,
      select: sql`i.id`,
      id: sql`i.id`,
      columns: {},
      map: (row: Row) => row.id,
      estimateCountAbove: 1_000_000,
    });
    const counted = await exact.query(db, tableRequestSchema.parse({}), noPermissions);
    expect(counted.totalIsEstimate).toBeUndefined();
    expect(counted.totalItemsCount).toBe(31);
  });
});
