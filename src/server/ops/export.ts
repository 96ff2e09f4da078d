import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client';

/**
 * Copies an embedded panel into PostgreSQL: the target is migrated with the project's migrations,
 * then every table of the public schema is copied (values as text, so money and timestamps pass
 * unchanged), with triggers and foreign keys held off during the copy
 * (`session_replication_role = replica`, which needs a superuser or the table owner with that
 * right), sequences set to the source's positions, and row counts compared, in one transaction.
 *
 * Not copied: drizzle's migration journal (the target has its own) and the pg-boss job queue
 * (schema `pgboss`): the target's server creates its queues at start; jobs still queued (webhook
 * deliveries not yet made) are not moved, so export after the queue has drained. Nor the simulated
 * panels' state (schema `provider_sim`): the target's simulator creates its own when it runs.
 */
export interface TableCount {
  table: string;
  rows: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function exportToPostgres(source: PGlite, databaseUrl: string, log: (line: string) => void = () => {}): Promise<TableCount[]> {
  // The source is brought to the current schema first, so both sides have the same columns.
  await migratePglite(drizzlePglite(source) as never, { migrationsFolder: MIGRATIONS_FOLDER });
  const target = await openDatabase({ databaseUrl, poolSize: 1 });
  await target.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = (
      await source.query<{ table: string }>(
        `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
      )
    ).rows.map((r) => r.table);

    for (const table of ['users', 'orders', 'transactions']) {
      if (!tables.includes(table)) continue;
      const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS taken`);
      if (rows[0].taken) throw new Error(`The target database already holds ${table}: export into a new, empty database.`);
    }

    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL session_replication_role = replica').catch((error: Error) => {
        throw new Error(`The target user may not hold off triggers during the copy (connect as a superuser): ${error.message}`);
      });
      // Rows the migrations may have inserted (defaults) are replaced by the source's.
      if (tables.length) await client.query(`TRUNCATE ${tables.map(quote).join(', ')}`);

      const counts: TableCount[] = [];
      for (const table of tables) {
        const columns = (
          await source.query<{ name: string }>(
            `SELECT a.attname AS name FROM pg_attribute a
              WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
              ORDER BY a.attnum`,
            [`public.${quote(table)}`],
          )
        ).rows.map((r) => r.name);
        const perBatch = Math.max(1, Math.min(2000, Math.floor(30000 / Math.max(1, columns.length))));
        const select = `SELECT ctid::text AS "__ctid", ${columns.map((c) => `${quote(c)}::text`).join(', ')} FROM public.${quote(table)}`;
        let after: string | undefined;
        let copied = 0;
        for (;;) {
          // Keyset over the physical row id: each batch reads on from the last one, never re-scans.
          const batch = after
            ? await source.query<Record<string, string | null>>(`${select} WHERE ctid > $1::tid ORDER BY ctid LIMIT ${perBatch}`, [after])
            : await source.query<Record<string, string | null>>(`${select} ORDER BY ctid LIMIT ${perBatch}`);
          if (batch.rows.length === 0) break;
          const values: (string | null)[] = [];
          const tuples = batch.rows.map((row) => {
            const holders = columns.map((c) => {
              values.push(row[c]);
              return `$${values.length}`;
            });
            return `(${holders.join(', ')})`;
          });
          await client.query(
            `INSERT INTO public.${quote(table)} (${columns.map(quote).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`,
            values,
          );
          copied += batch.rows.length;
          after = batch.rows[batch.rows.length - 1].__ctid!;
          if (batch.rows.length < perBatch) break;
        }
        counts.push({ table, rows: copied });
        if (copied) log(`${table}: ${copied} rows`);
      }

      const sequences = (
        await source.query<{ name: string; last_value: string | null }>(
          `SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public'`,
        )
      ).rows;
      for (const seq of sequences) {
        const name = `public.${quote(seq.name)}`;
        if (seq.last_value === null) await client.query('SELECT setval($1::regclass, 1, false)', [name]);
        else await client.query('SELECT setval($1::regclass, $2::bigint, true)', [name, seq.last_value]);
      }

      for (const { table, rows } of counts) {
        const [{ n: sourceRows }] = (await source.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${quote(table)}`)).rows;
        const { rows: targetRows } = await client.query(`SELECT count(*)::int AS n FROM public.${quote(table)}`);
        if (sourceRows !== rows || targetRows[0].n !== rows) {
          throw new Error(`${table}: ${sourceRows} rows in the source, ${rows} copied, ${targetRows[0].n} in the target`);
        }
      }
      await client.query('COMMIT');
      return counts;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
}
