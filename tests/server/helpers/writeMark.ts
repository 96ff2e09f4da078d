import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../../../src/server/db/client';

/**
 * Whether anything wrote to the database, at no cost: the next transaction id PostgreSQL will
 * hand out. Every transaction that inserts, updates or deletes a row (even one rolled back) takes
 * an id; reading takes none. Two equal marks around a request mean it wrote nothing, in any table.
 */
export async function writeMark(q: Queryable): Promise<string> {
  return (await one<{ next: string }>(q, sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`))!.next;
}
