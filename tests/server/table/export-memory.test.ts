import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints';
import { PERMISSIONS } from '../../../src/contract/permissions';
import { tableExportPath } from '../../../src/contract/table';
import { rows } from '../../../src/server/db/client';
import { useTestApp } from '../helpers/testServer';

/**
 * The export streams: 200,000 orders leave through POST …/orders/table/export while the process
 * memory (RSS, which also holds the embedded database) stays within 100 MB of what it was at
 * rest. Reading the whole answer into one string, or the table into one array, would not.
 *
 * V8 collects garbage lazily (the heap may grow by a few hundred MB of dead batches before a full
 * collection), so the memory is read after a collection at each sample: what the export holds,
 * not what the collector has not yet reclaimed.
 */
const t = useTestApp();
const MB = 1024 * 1024;
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

it('exports 200,000 orders with memory under 100 MB above rest', async () => {
  // Plain rows of the demo's users and services (the demo seed's pricing and history are not what
  // this test measures, and would take a minute).
  await t.db.execute(sql`
    WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users), s AS (SELECT array_agg(id ORDER BY id) AS ids FROM services)
    INSERT INTO orders (status, user_id, service_id, name, url, price, cost, quantity, is_paid, created_at)
    SELECT (ARRAY['in_processing', 'completed', 'canceled', 'completed'])[1 + i % 4],
           u.ids[1 + i % cardinality(u.ids)], s.ids[1 + (i * 7) % cardinality(s.ids)],
           'Order ' || i, 'https://example.com/post/' || i, (i % 5000) / 100.0 + 1, (i % 3000) / 100.0, 100 + i % 900, true,
           now() - (i || ' minutes')::interval
      FROM generate_series(1, 200000) AS i, u, s`);
  const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders`);
  expect(n).toBeGreaterThanOrEqual(200_000);
  const admin = await t.memberWith(PERMISSIONS);
  collect();
  const rest = process.memoryUsage().rss;
  let peak = 0;
  const res = await t.request('POST', tableExportPath(endpoints.ordersTable.path), {
    token: admin.token,
    body: {
      request: { headers: [], options: { page: 1, itemsPerPage: 30, sortBy: [], sortDesc: [] }, search: '' },
      columns: [
        { key: 'id', header: 'ID' },
        { key: 'status', header: 'Status' },
        { key: 'createdAt', header: 'Created' },
        { key: 'user.email', header: 'User' },
        { key: 'service.name', header: 'Service' },
        { key: 'url', header: 'Link' },
        { key: 'price', header: 'Price' },
      ],
    },
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let lines = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (++chunks % 10 === 0) {
      collect();
      peak = Math.max(peak, process.memoryUsage().rss - rest);
    }
  }
  expect(chunks).toBeGreaterThan(100); // the answer came in many pieces, not as one buffer
  expect(lines - 1).toBe(n);
  expect(peak).toBeLessThan(100 * MB);
}, 900_000);
