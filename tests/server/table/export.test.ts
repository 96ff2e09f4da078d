import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TableSpec } from '../../../src/contract/columns';
import type { Endpoint } from '../../../src/contract/endpoint';
import { endpoints } from '../../../src/contract/endpoints';
import { PERMISSIONS, type Permission } from '../../../src/contract/permissions';
import { tableExportPath, tableRequestSchema, type TableExportRequest, type TableRequest } from '../../../src/contract/table';
import { rows } from '../../../src/server/db/client';
import { tableOfSpec } from '../../../src/server/table/define';
import { cellText, csvCell, listNameOf } from '../../../src/server/table/export';
import { parseCsv } from '../helpers/csv';
import { useTestApp, type TestMember } from '../helpers/testServer';

const t = useTestApp();

const tableEntries = (Object.entries(endpoints) as [string, Endpoint<any, any, any>][]).filter(([, e]) => e.table);

async function exportCsv(path: string, body: TableExportRequest, as?: TestMember) {
  const res = await t.request('POST', tableExportPath(path), { token: as?.token, body });
  return { res, text: await res.text() };
}

/** The list's rows for a request, every page, through its table endpoint. */
async function tableRows(name: keyof typeof endpoints, request: TableRequest, as: TestMember): Promise<Record<string, unknown>[]> {
  const e = endpoints[name] as Endpoint<any, any, any>;
  const all: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const req = { ...request, options: { ...request.options, page, itemsPerPage: 100 } };
    const res = e.method === 'GET' ? await t.call(name, { query: { q: JSON.stringify(req) } } as never, as) : await t.call(name, { body: req } as never, as);
    if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
    const items = (res.body as { items: Record<string, unknown>[] }).items;
    all.push(...items);
    if (items.length < 100) return all;
  }
}

describe('CSV export of a list', () => {
  it('mounts an export for every table endpoint (each has its server list)', () => {
    for (const [name, e] of tableEntries) expect(tableOfSpec(e.table as TableSpec), name).toBeDefined();
    expect(listNameOf('ordersTable')).toBe('orders');
    expect(listNameOf('externalPanelOrdersList')).toBe('external-panel-orders');
  });

  it('exports exactly the filtered, searched and sorted rows of orders, every page, in order, with the headers given', async () => {
    const admin = await t.memberWith(PERMISSIONS);
    const request: TableRequest = {
      headers: [{ value: 'id' }, { value: 'status', filter: ['completed', 'in_processing', 'canceled', 'stopped'] }, { value: 'price', filter: { from: 0.5 } }],
      options: { page: 1, itemsPerPage: 30, sortBy: ['price'], sortDesc: [true] },
      search: '',
    };
    const expected = await tableRows('ordersTable', request, admin);
    expect(expected.length).toBeGreaterThan(30); // more than one page of the list
    const { res, text } = await exportCsv(
      endpoints.ordersTable.path,
      {
        request,
        columns: [
          { key: 'id', header: 'ID' },
          { key: 'status', header: 'Status' },
          { key: 'price', header: 'Price' },
          { key: 'user.email', header: 'User' },
          { key: 'createdAt', header: 'Created' },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d-\d{4}\.csv"$/);
    const [header, ...body] = parseCsv(text);
    expect(header).toEqual(['ID', 'Status', 'Price', 'User', 'Created']);
    expect(body.map((r) => r[0])).toEqual(expected.map((o) => String(o.id)));
    expect(body.map((r) => r[2])).toEqual(expected.map((o) => String(o.price)));
    expect(body.map((r) => r[3])).toEqual(expected.map((o) => (o.user as { email: string }).email));
    for (const r of body) expect(r[4]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Money raw, with a dot.
    for (const r of body) expect(r[2]).toMatch(/^-?\d+\.\d+$/);
  });

  it('follows the search box and the extra queries of a list', async () => {
    const admin = await t.memberWith(PERMISSIONS);
    const [someone] = await rows<{ email: string }>(t.db, sql`SELECT u.email FROM orders o JOIN users u ON u.id = o.user_id ORDER BY o.id LIMIT 1`);
    const request: TableRequest = { headers: [], options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] }, search: someone.email };
    const expected = await tableRows('ordersTable', request, admin);
    expect(expected.length).toBeGreaterThan(0);
    const { text } = await exportCsv(endpoints.ordersTable.path, { request, columns: [{ key: 'id', header: 'ID' }] }, admin);
    expect(
      parseCsv(text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(expected.map((o) => String(o.id)));
  });

  it('serves GET lists too (audits), through POST <path>/export', async () => {
    const admin = await t.memberWith(PERMISSIONS);
    const request: TableRequest = { headers: [], options: { page: 1, itemsPerPage: 30, sortBy: ['createdAt'], sortDesc: [false] }, search: '' };
    const expected = await tableRows('auditsTable', request, admin);
    const { res, text } = await exportCsv(
      endpoints.auditsTable.path,
      {
        request,
        columns: [
          { key: 'id', header: 'ID' },
          { key: 'event', header: 'Event' },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    const body = parseCsv(text).slice(1);
    // The export's own audit entry is written before its rows are read, so it may be the last row.
    expect(body.map((r) => r[0]).slice(0, expected.length)).toEqual(expected.map((a) => String(a.id)));
  });

  it('reads every sort of every list in keyset batches that equal the list, ties and empty values included', async () => {
    const ctx = { permissions: new Set<Permission>(PERMISSIONS) };
    const FIRST_ROWS = 120;
    let compared = 0;
    for (const [name, e] of tableEntries) {
      const table = tableOfSpec(e.table as TableSpec)!;
      const sortable = Object.entries((e.table as TableSpec).columns)
        .filter(([, c]) => c.sortable)
        .map(([key]) => key);
      for (const key of [null, ...sortable]) {
        for (const desc of key === null ? [true] : [false, true]) {
          const request = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: FIRST_ROWS, sortBy: key ? [key] : [], sortDesc: key ? [desc] : [] } });
          const page = await table.query(t.db, request, ctx);
          const keyOf = (item: unknown) => JSON.stringify((item as { id: unknown }).id);
          const batched: string[] = [];
          // Batches of 3, 6, 12…: many batch edges inside runs of equal values. Long lists are
          // compared on their first rows (the whole of most lists).
          for await (const batch of table.batches(t.db, request, ctx, { batchSize: 3 })) {
            batched.push(...batch.map(keyOf));
            if (batched.length >= FIRST_ROWS) break;
          }
          expect(batched.slice(0, FIRST_ROWS), `${name} by ${key ?? 'default'} ${desc ? 'desc' : 'asc'}`).toEqual(page.items.map(keyOf));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  it('never exports a column the member may not see', async () => {
    const viewer = await t.memberWith(['viewUsers']);
    const request: TableRequest = { headers: [], options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] }, search: '' };
    const { res, text } = await exportCsv(
      endpoints.usersTable.path,
      {
        request,
        columns: [
          { key: 'id', header: 'ID' },
          { key: 'currentGrade.name', header: 'Grade' },
          { key: 'email', header: 'E-mail' },
        ],
      },
      viewer,
    );
    expect(res.status).toBe(200);
    const [header, first] = parseCsv(text);
    expect(header).toEqual(['ID', 'E-mail']);
    expect(first).toHaveLength(2);

    const grades = await t.memberWith(['viewUsers', 'viewGrades']);
    const withGrades = parseCsv(
      (
        await exportCsv(
          endpoints.usersTable.path,
          {
            request,
            columns: [
              { key: 'id', header: 'ID' },
              { key: 'currentGrade.name', header: 'Grade' },
            ],
          },
          grades,
        )
      ).text,
    );
    expect(withGrades[0]).toEqual(['ID', 'Grade']);

    // Filtering by it without the permission is refused, as on the list.
    const filtered = await exportCsv(
      endpoints.usersTable.path,
      {
        request: { ...request, headers: [{ value: 'currentGrade.name', filter: 1 }] },
        columns: [{ key: 'id', header: 'ID' }],
      },
      viewer,
    );
    expect(filtered.res.status).toBe(422);
    expect(JSON.parse(filtered.text).errors['headers.0.filter']).toBeDefined();
  });

  it('escapes cells that a spreadsheet would run as a formula, and keeps numbers raw', async () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(cellText(1234.5)).toBe('1234.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
    expect(cellText('2026-01-02T03:04:05.678Z')).toBe('2026-01-02 03:04:05');
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
    expect(
      cellText([
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'Beta' },
      ]),
    ).toBe('Alpha, Beta');
    expect(cellText({ apiAccess: true, hasRefill: false, isEnabled: true })).toBe('apiAccess, isEnabled');

    const admin = await t.memberWith(PERMISSIONS);
    const [user] = await rows<{ id: number }>(t.db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    await t.db.execute(sql`UPDATE users SET name = ${'=1+2'} WHERE id = ${user.id}`);
    const { text } = await exportCsv(
      endpoints.usersTable.path,
      {
        request: { headers: [{ value: 'id', filter: user.id }], options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] }, search: '' },
        columns: [
          { key: 'id', header: 'ID' },
          { key: 'name', header: 'Name' },
          { key: 'balance', header: 'Balance' },
        ],
      },
      admin,
    );
    const [, row] = parseCsv(text);
    expect(row[0]).toBe(String(user.id));
    expect(row[1]).toBe("'=1+2");
    expect(row[2]).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('writes an audit entry naming the list, its filters, sort and columns', async () => {
    const admin = await t.memberWith(PERMISSIONS);
    const { res } = await exportCsv(
      endpoints.dripFeedsTable.path,
      {
        request: {
          headers: [{ value: 'status', filter: ['completed'] }],
          options: { page: 1, itemsPerPage: 30, sortBy: ['createdAt'], sortDesc: [true] },
          search: 'http',
        },
        columns: [
          { key: 'id', header: 'ID' },
          { key: 'url', header: 'URL' },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    const [entry] = await rows<{ event: string; auditable_type: string; staff_id: number; new_values: Record<string, unknown> }>(
      t.db,
      sql`SELECT event, auditable_type, staff_id, new_values FROM audit_entries WHERE event = 'exported' AND staff_id = ${admin.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({ event: 'exported', auditable_type: 'drip-feeds', staff_id: admin.id });
    expect(entry.new_values).toEqual({
      list: 'drip-feeds',
      search: 'http',
      filters: { status: ['completed'] },
      queries: {},
      sort: ['createdAt desc'],
      columns: ['id', 'url'],
    });
  });

  it('answers 401 without a token and 403 without the list permission, for every list, and writes nothing', async () => {
    for (const [name, e] of tableEntries) {
      const body: TableExportRequest = { columns: [{ key: Object.keys((e.table as TableSpec).columns)[0], header: 'ID' }] };
      expect((await exportCsv(e.path, body)).res.status, name).toBe(401);
      // A list every signed-in member may read (banners) has no one to refuse.
      if (e.permission === 'authenticated') continue;
      const needed = typeof e.permission === 'string' ? [e.permission] : [...(e.permission as Permission[])];
      const outsider = await t.memberWithout(needed as Permission[]);
      const { res } = await exportCsv(e.path, body, outsider);
      expect(res.status, name).toBe(403);
      const [written] = await rows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM audit_entries WHERE event = 'exported' AND staff_id = ${outsider.id}`,
      );
      expect(written.n, name).toBe(0);
    }
  });

  it('answers 422 for a column the list does not have, no columns, or a bad sort', async () => {
    const admin = await t.memberWith(PERMISSIONS);
    const path = endpoints.ordersTable.path;
    const unknown = await exportCsv(path, { columns: [{ key: 'secret', header: 'Secret' }] }, admin);
    expect(unknown.res.status).toBe(422);
    expect(JSON.parse(unknown.text).errors['columns.0.key']).toEqual(['The list has no column "secret".']);
    expect((await exportCsv(path, { columns: [] }, admin)).res.status).toBe(422);
    const badSort = await exportCsv(
      path,
      { request: { options: { page: 1, itemsPerPage: 30, sortBy: ['nope'], sortDesc: [false] } }, columns: [{ key: 'id', header: 'ID' }] },
      admin,
    );
    expect(badSort.res.status).toBe(422);
    expect(JSON.parse(badSort.text).errors['options.sortBy.0']).toBeDefined();
  });
});
