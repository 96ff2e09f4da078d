import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { one } from '../../../src/server/db/client';
import { createRecord, deleteRecord, isUniqueViolation, updateRecord } from '../../../src/server/kit/crud';
import { findById } from '../../../src/server/kit/records';
import { createWidgetTable, insertWidget, testActor, widgetAudits, widgetChangeLogs, widgetRecord, rejection } from '../helpers/kitFixture';
import { useTestApp } from '../helpers/testServer';

/**
 * createRecord / updateRecord / deleteRecord: audit entries with old and new values (created: new
 * only; updated: the changed fields only; deleted: old only), secrets never written, a change log
 * when asked, unique violations as a 422 on their field, and nothing left behind by a failure.
 */

const t = useTestApp({ demo: false });
const actor = testActor();

beforeAll(async () => {
  await createWidgetTable(t.db);
});

describe('createRecord', () => {
  it('inserts and audits the new values by column name, the secret as "changed", with a change log', async () => {
    const row = await t.db.transaction((tx) =>
      createRecord(
        tx,
        actor,
        widgetRecord,
        { code: 'C-create', name: 'Created', apiKey: 'sk_secret_1', price: '3.25' },
        {
          changeLog: { information: ({ row }) => `Widget ${row.code} created.` },
        },
      ),
    );
    expect(row).toMatchObject({ code: 'C-create', price: '3.2500', status: 'draft' });
    const [audit] = await widgetAudits(t.db, row.id);
    expect(audit).toMatchObject({ event: 'created', old_values: null, ip_address: '198.51.100.7' });
    expect(audit.new_values).toEqual({
      code: 'C-create',
      name: 'Created',
      serial: null,
      api_key: 'changed',
      status: 'draft',
      price: '3.2500',
      live_at: null,
      parent_id: null,
    });
    expect(JSON.stringify(audit)).not.toContain('sk_secret_1');
    expect(await widgetChangeLogs(t.db, row.id)).toEqual([{ action_type: 'create', information: 'Widget C-create created.' }]);
  });

  it('answers a duplicate of a mapped unique column with 422 on its field, and writes nothing', async () => {
    await insertWidget(t.db);
    const existing = await one<{ code: string }>(t.db, sql`SELECT code FROM kit_widgets ORDER BY id DESC LIMIT 1`);
    const before = await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_entries`);
    const error = await rejection(t.db.transaction((tx) => createRecord(tx, actor, widgetRecord, { code: existing!.code, name: 'Dup' })));
    expect(error.status).toBe(422);
    expect(error.body()).toEqual({ message: 'The code has already been taken.', errors: { code: ['The code has already been taken.'] } });
    expect(await one<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_entries`)).toEqual(before);
  });

  it('answers a unique column the record does not map with 409, never a 500', async () => {
    await t.db.transaction((tx) => createRecord(tx, actor, widgetRecord, { code: 'C-serial-1', name: 'S', serial: 'SN-1' }));
    const error = await rejection(t.db.transaction((tx) => createRecord(tx, actor, widgetRecord, { code: 'C-serial-2', name: 'S', serial: 'SN-1' })));
    expect(error.status).toBe(409);
    expect(error.message).toBe('A widget with these values already exists.');
  });
});

describe('updateRecord', () => {
  it('audits only the fields that changed, old and new, and touches updated_at', async () => {
    const id = await insertWidget(t.db, { price: '2' });
    const before = await findById(t.db, widgetRecord, id);
    const liveAt = new Date('2030-05-06T07:08:09Z');
    const { changed, after } = await t.db.transaction((tx) =>
      updateRecord(
        tx,
        actor,
        widgetRecord,
        id,
        { name: before.name, price: '4.5', status: 'live', liveAt },
        {
          changeLog: { actionType: 'go_live', information: ({ changed }) => `Widget ${id}: ${changed.join(', ')}.` },
        },
      ),
    );
    expect(changed).toEqual(['price', 'status', 'liveAt']);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    const [audit] = await widgetAudits(t.db, id);
    expect(audit.event).toBe('updated');
    expect(audit.old_values).toEqual({ price: '2.0000', status: 'draft', live_at: null });
    expect(audit.new_values).toEqual({ price: '4.5000', status: 'live', live_at: '2030-05-06 07:08:09' });
    expect(await widgetChangeLogs(t.db, id)).toEqual([{ action_type: 'go_live', information: `Widget ${id}: price, status, liveAt.` }]);
  });

  it('writes nothing when nothing changes, also when a decimal is sent in another form', async () => {
    const id = await insertWidget(t.db, { price: '5' });
    const before = await findById(t.db, widgetRecord, id);
    const same = await t.db.transaction((tx) => updateRecord(tx, actor, widgetRecord, id, { name: before.name, code: before.code, apiKey: undefined }));
    expect(same.changed).toEqual([]);
    expect((await findById(t.db, widgetRecord, id)).updatedAt).toEqual(before.updatedAt);
    const reformatted = await t.db.transaction((tx) => updateRecord(tx, actor, widgetRecord, id, { price: '5.0' }));
    expect(reformatted.changed).toEqual([]);
    expect(await widgetAudits(t.db, id)).toEqual([]);
  });

  it('records a changed secret as "changed" and never its old or new value', async () => {
    const id = await insertWidget(t.db, { apiKey: 'sk_old_value' });
    await t.db.transaction((tx) => updateRecord(tx, actor, widgetRecord, id, { apiKey: 'sk_new_value', name: 'Rotated' }));
    const [audit] = await widgetAudits(t.db, id);
    expect(audit.new_values).toEqual({ api_key: 'changed', name: 'Rotated' });
    expect(audit.old_values).not.toHaveProperty('api_key');
    expect(JSON.stringify(audit)).not.toMatch(/sk_old_value|sk_new_value/);
    expect((await findById(t.db, widgetRecord, id)).apiKey).toBe('sk_new_value');
  });

  it('answers 404 for a missing row and 422 for a taken code, leaving the row as it was', async () => {
    expect((await rejection(t.db.transaction((tx) => updateRecord(tx, actor, widgetRecord, 987654, { name: 'x' })))).body()).toEqual({
      message: 'Widget 987654 not found.',
    });
    const a = await insertWidget(t.db);
    const b = await insertWidget(t.db);
    const taken = (await findById(t.db, widgetRecord, a)).code;
    const error = await rejection(t.db.transaction((tx) => updateRecord(tx, actor, widgetRecord, b, { code: taken, name: 'Clash' })));
    expect(error.errors).toEqual({ code: ['The code has already been taken.'] });
    expect((await findById(t.db, widgetRecord, b)).name).not.toBe('Clash');
    expect(await widgetAudits(t.db, b)).toEqual([]);
  });
});

describe('deleteRecord', () => {
  it('deletes and audits the old values without the secret', async () => {
    const id = await insertWidget(t.db, { apiKey: 'sk_gone', price: '7' });
    const removed = await t.db.transaction((tx) => deleteRecord(tx, actor, widgetRecord, id, { changeLog: { information: () => 'Widget removed.' } }));
    expect(removed.id).toBe(id);
    const [audit] = await widgetAudits(t.db, id);
    expect(audit).toMatchObject({ event: 'deleted', new_values: null });
    expect(audit.old_values).toMatchObject({ price: '7.0000', status: 'draft' });
    expect(audit.old_values).not.toHaveProperty('api_key');
    expect(audit.old_values).not.toHaveProperty('id');
    expect((await widgetChangeLogs(t.db, id)).map((c) => c.action_type)).toEqual(['delete']);
    expect((await rejection(t.db.transaction((tx) => deleteRecord(tx, actor, widgetRecord, id)))).status).toBe(404);
  });

  it('answers 409 while other rows refer to it, and keeps it', async () => {
    const parent = await insertWidget(t.db);
    await insertWidget(t.db, { parentId: parent });
    const error = await rejection(t.db.transaction((tx) => deleteRecord(tx, actor, widgetRecord, parent)));
    expect(error.status).toBe(409);
    expect(error.message).toBe(`Widget ${parent} cannot be deleted: other records refer to it.`);
    expect((await findById(t.db, widgetRecord, parent)).id).toBe(parent);
    expect(await widgetAudits(t.db, parent)).toEqual([]);
  });
});

describe('isUniqueViolation', () => {
  it('recognises the driver error by its constraint, and nothing else', async () => {
    const error = await t.db.execute(sql`INSERT INTO kit_widgets (code, name) SELECT code, name FROM kit_widgets LIMIT 1`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'kit_widgets_code_unique')).toBe(true);
    expect(isUniqueViolation(error, 'kit_widgets_serial_unique')).toBe(false);
    expect(isUniqueViolation(new Error('duplicate'))).toBe(false);
  });
});
