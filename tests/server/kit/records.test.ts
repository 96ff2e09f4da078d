import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../src/server/db/schema/orders';
import { defineRecord, findById, findOptional, toAuditValues } from '../../../src/server/kit/records';
import { createWidgetTable, insertWidget, widgetRecord, rejection } from '../helpers/kitFixture';
import { useTestApp } from '../helpers/testServer';

/** findById: one row by id, or the 404 that names it; never a database error for an impossible id. */

const t = useTestApp({ demo: false });

beforeAll(async () => {
  await createWidgetTable(t.db);
});

describe('findById', () => {
  it('answers the row with typed values: dates as Date, decimals as text', async () => {
    const id = await insertWidget(t.db, { status: 'live', price: '12.5' });
    const widget = await findById(t.db, widgetRecord, id);
    expect(widget).toMatchObject({ id, status: 'live', price: '12.5000', apiKey: null });
    expect(widget.createdAt).toBeInstanceOf(Date);
  });

  it('throws 404 "Widget 12 not found." for a missing id', async () => {
    const error = await rejection(findById(t.db, widgetRecord, 987654));
    expect(error.status).toBe(404);
    expect(error.body()).toEqual({ message: 'Widget 987654 not found.' });
  });

  it('answers an id the column cannot hold with the same 404, not an out-of-range error', async () => {
    for (const id of [0, -1, 1.5, 2 ** 31]) {
      expect((await rejection(findById(t.db, widgetRecord, id))).status, String(id)).toBe(404);
    }
    // A bigint id column holds more than int4.
    const orderRecord = defineRecord({ table: orders, thing: 'Order', type: 'order' });
    expect(orderRecord.maxId).toBe(Number.MAX_SAFE_INTEGER);
    expect((await rejection(findById(t.db, orderRecord, 2 ** 40))).body()).toEqual({ message: `Order ${2 ** 40} not found.` });
  });

  it('locks the row inside a transaction when asked, and findOptional answers undefined', async () => {
    const id = await insertWidget(t.db);
    const locked = await t.db.transaction(async (tx) => {
      const row = await findById(tx, widgetRecord, id, { lock: true });
      await tx.execute(sql`UPDATE kit_widgets SET name = 'renamed' WHERE id = ${row.id}`);
      return row;
    });
    expect(locked.id).toBe(id);
    expect((await findById(t.db, widgetRecord, id)).name).toBe('renamed');
    expect(await findOptional(t.db, widgetRecord, 987654)).toBeUndefined();
  });
});

describe('audit values of a row', () => {
  it('uses SQL column names, UTC text for dates, and leaves secret columns out', () => {
    const values = toAuditValues(widgetRecord, {
      liveAt: new Date('2030-01-02T03:04:05.678Z'),
      apiKey: 'sk_live_123',
      price: '1.0000',
      parentId: null,
      notAColumn: 1,
    });
    expect(values).toEqual({ live_at: '2030-01-02 03:04:05', price: '1.0000', parent_id: null });
  });
});
