import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { runSeed } from '../../../src/server/seed';

/**
 * Migrated and seeded PGlite databases, built once per `vitest run` and copied by every test file
 * that starts from one: migrating and seeding takes seconds idle and can take a minute on a loaded
 * machine, loading a copy a fraction of that.
 *
 * A prepared database is a data-directory dump in a directory of the run (made by the global set-up,
 * tests/server/helpers/globalSetup.ts). The first file to ask for a variant builds it, under a lock
 * directory other workers wait on; the rest load the file.
 */

export interface SeedVariant {
  /** Demo data on top of the base seed. */
  demo: boolean;
}

/** The file name of a variant: the seed sizes come from the environment (tests/seedSize.ts). */
function variantKey({ demo }: SeedVariant): string {
  const env = process.env;
  return [demo ? 'demo' : 'base', `u${env.SEED_USERS ?? ''}`, `o${env.SEED_ORDERS ?? ''}`, `h${env.SEED_HISTORY ?? ''}`].join('-');
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The dump of a variant in `dir`, built here unless it is there or another worker is building it. */
export async function preparedDump(dir: string, variant: SeedVariant): Promise<string> {
  const file = join(dir, `${variantKey(variant)}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (await exists(file)) return file;
    try {
      await mkdir(lock);
    } catch {
      // Another worker builds it: wait for the file (or for the lock to go, when its build failed).
      while (!(await exists(file)) && (await exists(lock))) await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    try {
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await runSeed(database.db, variant);
        const dump = await database.dumpDataDir!();
        await writeFile(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
        await rename(`${file}.part`, file);
      } finally {
        await database.close();
      }
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory of prepared databases (globalSetup.ts). */
    preparedDatabasesDir: string;
  }
}

/**
 * A new in-memory database holding the variant's seed: a copy of the prepared one when the run has
 * a directory for them, else migrated and seeded here.
 */
export async function openPreparedDatabase(variant: SeedVariant): Promise<Database> {
  const dir = inject('preparedDatabasesDir');
  if (!dir) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await runSeed(database.db, variant);
    return database;
  }
  const dump = await readFile(await preparedDump(dir, variant));
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
}

/**
 * A PGlite data directory on disk at `dataDir` holding the variant's seed, copied from the prepared
 * one: a server or a command started on it finds its demo steps done (each is marked when it runs)
 * and starts in seconds instead of seeding again.
 */
export async function writePreparedDataDir(dataDir: string, variant: SeedVariant = { demo: true }): Promise<void> {
  const dir = inject('preparedDatabasesDir');
  if (!dir) throw new Error('No prepared databases in this run (tests/server/helpers/globalSetup.ts)');
  const dump = await readFile(await preparedDump(dir, variant));
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([dump]) });
  await database.close();
}
