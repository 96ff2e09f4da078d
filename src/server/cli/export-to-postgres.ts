import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '../config';
import { openEmbedded, serverHolds } from '../ops/embedded';
import { exportToPostgres } from '../ops/export';

/**
 * `npm run export-to-postgres -- DATABASE_URL [--from BACKUP_FILE]`: moves an embedded panel
 * (DATA_DIR, with its server stopped, or a backup file) into a new PostgreSQL database. Then start
 * the server with DATABASE_URL set. See docs/operations.md, "Moving to PostgreSQL".
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const fromAt = args.indexOf('--from');
  const backupFile = fromAt >= 0 ? args[fromAt + 1] : undefined;
  if (fromAt >= 0 && !backupFile) throw new Error('--from needs a backup file');
  const [databaseUrl] = args.filter((_, i) => fromAt < 0 || (i !== fromAt && i !== fromAt + 1));
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('Usage: npm run export-to-postgres -- postgres://user@host:5432/database [--from backup-….tar.gz]');
  }
  const config = readConfig({ ...process.env, DATABASE_URL: '' });
  let source;
  if (backupFile) {
    source = await openEmbedded({ backup: new Uint8Array(readFileSync(resolve(backupFile))) });
  } else {
    if (await serverHolds(config.dataDir, config.port))
      throw new Error(`A server is running on ${config.dataDir}: stop it, or export from a backup (--from FILE).`);
    source = await openEmbedded({ dataDir: config.dataDir });
  }
  try {
    const counts = await exportToPostgres(source, databaseUrl, (line) => console.log(`  ${line}`));
    const total = counts.reduce((sum, c) => sum + c.rows, 0);
    console.log(`Copied ${counts.length} tables (${total} rows) from ${backupFile ?? config.dataDir}; every row count matches.`);
    console.log('Start the server with DATABASE_URL set to that database.');
  } finally {
    await source.close();
  }
}

main().catch((error) => {
  console.error('Export failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
