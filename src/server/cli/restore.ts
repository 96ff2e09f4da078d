import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readConfig } from '../config';
import { OPS_SERVER_FILE, OPS_TOKEN_FILE } from '../ops';
import { openEmbedded, serverHolds, timestampName } from '../ops/embedded';

/**
 * `npm run restore -- FILE`: replaces the embedded database (DATA_DIR) with a backup. Refuses while
 * a server holds the directory; the current directory is moved aside, never deleted.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore -- FILE (a backup-….tar.gz written by npm run backup)');
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore / psql.');
  const archive = new Uint8Array(readFileSync(resolve(file)));
  const dataDir = config.dataDir;
  if (await serverHolds(dataDir, config.port)) throw new Error(`A server is running on ${dataDir}: stop it first.`);

  let movedTo: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    movedTo = `${dataDir}.${timestampName('before-restore')}`;
    renameSync(dataDir, movedTo);
  }
  try {
    const client = await openEmbedded({ dataDir, backup: archive });
    try {
      // Proves the restored files open as a database before the server is pointed at them.
      await client.query('SELECT count(*) FROM pg_class');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (movedTo) renameSync(movedTo, dataDir);
    throw new Error(`${file} could not be loaded (the previous data directory is back in place): ${(error as Error).message}`);
  }
  // The snapshot carries the files of the server that took it: a stale token and process id.
  for (const name of [OPS_TOKEN_FILE, OPS_SERVER_FILE]) rmSync(join(dataDir, name), { force: true });
  console.log(`Restored ${file} into ${dataDir}.${movedTo ? ` The previous data directory is kept at ${movedTo}.` : ''}`);
}

main().catch((error) => {
  console.error('Restore failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
