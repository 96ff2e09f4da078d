import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../../src/contract/permissions';
import { tableRequestSchema, type TableRequest } from '../../../src/contract/table';
import { defineTableSpec } from '../../../src/contract/columns';
import { rows, type Db, type Queryable } from '../../../src/server/db/client';
import { defineTable } from '../../../src/server/table';

/**
 * What the orders list added to the shared table builder, on a small table of its own: counts
 * capped at the estimate threshold (exact below it, flagged estimates above it) and search
 * matchers that look values up before the query.
 */
let client: PGlite;
let db: Db;
const ctx = { permissions: new Set<Permission>() };
const request = (r: TableRequest = {}) => tableRequestSchema.parse(r);

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client) as unknown as Db;
  await db.execute(sql`CREATE TABLE b_owners (id int PRIMARY KEY, email text NOT NULL)`);
  await db.execute(sql`CREATE TABLE b_items (id int PRIMARY KEY, owner_id int NOT NULL, kind text NOT NULL, label text NOT NULL)`);
  await db.execute(sql`INSERT INTO b_owners SELECT i, 'owner' || i || '@example.test' FROM generate_series(1, 20) i`);
  await db.execute(sql`INSERT INTO b_items SELECT i, 1 + i % 20, CASE WHEN i % 10 = 0 THEN 'rare' ELSE 'common' END, 'item ' || i
    FROM generate_series(1, 500) i`);
  await db.execute(sql`ANALYZE b_items`);
});

afterAll(async () => {
  await client?.close();
});

const lookups: string[] = [];
const ITEMS_TABLE = defineTableSpec({
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    kind: { filter: 'multiSelect', options: ['rare', 'common'], sortable: true },
  },
});
const items = defineTable(ITEMS_TABLE, {
  from: sql`b_items i`,
  select: sql`i.id`,
  id: sql`i.id`,
  columns: {
    id: { sql: sql`i.id` },
    kind: { sql: sql`i.kind` },
  },
  search: [
    sql`i.label`,
    {
      match: async (pattern: string, _term: string, q: Queryable) => {
        lookups.push(pattern);
        const owners = await rows<{ id: number }>(q, sql`SELECT id FROM b_owners WHERE email ILIKE ${pattern}`);
        return owners.length ? sql`i.owner_id IN ${owners.map((o) => o.id)}` : undefined;
      },
    },
  ],
  map: (row: { id: number }) => row.id,
  estimateCountAbove: 100,
});

describe('capped counts', () => {
  it('counts exactly at or below the threshold', async () => {
    const rare = await items.query(db, request({ headers: [{ value: 'kind', filter: ['rare'] }] }), ctx);
    expect(rare.totalItemsCount).toBe(50);
    expect(rare.totalIsEstimate).toBeUndefined();
  });

  it('answers a flagged estimate, never below what it counted, above the threshold', async () => {
    const all = await items.query(db, request({ options: { page: 2, itemsPerPage: 30, sortBy: [], sortDesc: [] } }), ctx);
    expect(all.totalIsEstimate).toBe(true);
    expect(all.totalItemsCount).toBeGreaterThan(100);
    expect(all.items).toHaveLength(30);
    expect(all.items[0]).toBe(470);
  });

  it('still counts exactly when the planner overestimates a small result', async () => {
    // The planner cannot see through the expression: it guesses a third of the table for 5 rows.
    const narrow = sql`abs(i.id - 250) < 3`;
    const [plan] = await rows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM b_items i WHERE ${narrow}`);
    expect(plan['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(100);
    const few = await items.query(db, request(), ctx, { where: narrow });
    expect(few.totalItemsCount).toBe(5);
    expect(few.totalIsEstimate).toBeUndefined();
  });
});

describe('search matchers', () => {
  it('look values up first and OR them with the plain search columns and the id', async () => {
    lookups.length = 0;
    const byOwner = await items.query(db, request({ search: 'OWNER7@', options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } }), ctx);
    expect(lookups).toEqual(['%OWNER7@%']);
    expect(byOwner.items.length).toBe(25);
    expect(byOwner.items.every((id) => 1 + (id % 20) === 7)).toBe(true);

    const byLabelOrId = await items.query(db, request({ search: '250', options: { page: 1, itemsPerPage: 0, sortBy: [], sortDesc: [] } }), ctx);
    expect(byLabelOrId.items).toEqual([250]);
  });

  it('match nothing when no part applies', async () => {
    const none = await items.query(db, request({ search: 'nobody-at-all' }), ctx);
    expect(none).toMatchObject({ items: [], totalItemsCount: 0 });
  });
});
