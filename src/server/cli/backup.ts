import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '../config';
import { takeBackup, timestampName } from '../ops/embedded';

/**
 * `npm run backup [-- FILE]`: a consistent snapshot of the embedded database (DATA_DIR) as a
 * gzipped tarball. While the server runs, the snapshot is asked of it (PGlite lets only one process
 * open the directory); otherwise the directory is opened here. On PostgreSQL use pg_dump.
 */
async function main(): Promise<void> {
  const config = readConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md, "Backups").');
  const target = resolve(process.argv[2] ?? `${timestampName('backup')}.tar.gz`);
  const { archive, via } = await takeBackup(config.dataDir, config.port);
  writeFileSync(target, archive, { mode: 0o600 });
  console.log(`Backup of ${config.dataDir} (taken by the ${via}) written to ${target} (${(archive.byteLength / 1024 / 1024).toFixed(1)} MB).`);
}

main().catch((error) => {
  console.error('Backup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
