import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway PostgreSQL database for the suites that need real concurrency (PGlite has one
 * connection and proves nothing about races) and for the benchmarks on PostgreSQL: created on the
 * server at PG_TEST_URL (benchmarks pass PG_BENCH_URL; default 127.0.0.1:5432, user postgres) and
 * dropped afterwards.
 *
 *   const scratch = await createScratchDatabase('the money suite');
 *   database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
 *   …
 *   await database.close();
 *   await scratch.drop();
 */
export const PG_SERVER = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  /** Drops it, once the pools that used it have closed (a lingering connection is not killed mid-goodbye). */
  drop(): Promise<void>;
}

export async function createScratchDatabase(purpose: string, server = PG_SERVER): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`${purpose} needs PostgreSQL at ${server} (user postgres): ${(error as Error).message}`);
  }
  const name = `pc_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
