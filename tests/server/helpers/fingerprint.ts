import { sql } from 'drizzle-orm';
import { rows, type Queryable } from '../../../src/server/db/client';

/**
 * What the database holds, cheaply: per table of the public schema, its row count and the sum of
 * a hash of every row's text. Any insert, delete or update of any column changes it (barring a
 * hash collision); reading changes nothing. About 30 ms on the demo seed.
 */
export type Fingerprint = Record<string, string>;

export async function fingerprint(q: Queryable): Promise<Fingerprint> {
  const tables = await rows<{ name: string }>(
    q,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const parts = tables.map(
    (t) => sql`SELECT ${t.name}::text AS name, count(*) || ':' || coalesce(sum(hashtext(r::text)::bigint), 0) AS print FROM ${sql.identifier(t.name)} r`,
  );
  const found = await rows<{ name: string; print: string }>(q, sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(found.map((r) => [r.name, r.print]));
}
