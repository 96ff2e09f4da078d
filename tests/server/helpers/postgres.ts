import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../../src/server/db/client';
import { seedBase } from '../../../src/server/seed';

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
 *
 * Test suites take one already migrated (and seeded), copied from a template database built once
 * per `vitest run`: `await createMigratedDatabase('the money suite', { seed: 'base' })`.
 */
export const PG_SERVER = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  /** Drops it, once the pools that used it have closed (a lingering connection is not killed mid-goodbye). */
  drop(): Promise<void>;
}

async function connectAdmin(purpose: string, server: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`${purpose} needs PostgreSQL at ${server} (user postgres): ${(error as Error).message}`);
  }
  return admin;
}

function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty database, or a copy of `template`. */
export async function createScratchDatabase(purpose: string, server = PG_SERVER, template?: string): Promise<ScratchDatabase> {
  const admin = await connectAdmin(purpose, server);
  const name = `pc_test_${randomBytes(6).toString('hex')}`;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(server, name);
  return {
    name,
    url,
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

export type TemplateSeed = 'none' | 'base';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's template databases (globalSetup.ts drops them at the end). */
    testRunId: string;
  }
}

/** The template databases of a test run, one per seed. */
export const templateDatabaseName = (runId: string, seed: TemplateSeed) => `pc_template_${runId}_${seed}`;

/**
 * A scratch database with the migrations applied and, with `seed: 'base'`, the base seed
 * (permissions, roles, settings): a copy of this run's template, which the first suite to ask for
 * it builds while the others wait on an advisory lock.
 */
export async function createMigratedDatabase(purpose: string, { seed }: { seed: TemplateSeed }): Promise<ScratchDatabase> {
  const runId = await testRunId();
  if (!runId) {
    // Outside a test run (a benchmark): migrated and seeded here.
    const scratch = await createScratchDatabase(purpose);
    await migrateAndSeed(scratch.url, seed);
    return scratch;
  }
  const template = templateDatabaseName(runId, seed);
  const admin = await connectAdmin(purpose, PG_SERVER);
  try {
    // One lock for every template of every run: building is rare and short.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['panel-console test templates']);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${template}`);
      try {
        await migrateAndSeed(databaseUrl(PG_SERVER, template), seed);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
        throw error;
      }
    }
  } finally {
    await admin.end();
  }
  return createScratchDatabase(purpose, PG_SERVER, template);
}

async function migrateAndSeed(url: string, seed: TemplateSeed): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    if (seed === 'base') await seedBase(database.db);
  } finally {
    await database.close();
  }
}

/** The run's id inside vitest (globalSetup.ts), else undefined. */
async function testRunId(): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject('testRunId');
  } catch {
    return undefined;
  }
}

/** Drops a run's template databases, if PostgreSQL is there and they were built. */
export async function dropTemplateDatabases(runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch {
    return;
  }
  try {
    for (const seed of ['none', 'base'] as const) await admin.query(`DROP DATABASE IF EXISTS ${templateDatabaseName(runId, seed)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
