import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../../src/server/ops/embedded';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/postgres';
import { embeddedFigures, FIGURES_SQL, runCli } from '../helpers/ops';
import { writePreparedDataDir } from '../helpers/preparedDatabase';

/** npm run export-to-postgres: an embedded panel moved into a new PostgreSQL database keeps every row. */
const root = mkdtempSync(join(tmpdir(), 'panel-ops-export-'));
const scratches: ScratchDatabase[] = [];

afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  rmSync(root, { recursive: true, force: true });
});

async function postgresFigures(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const figures = (await client.query(FIGURES_SQL)).rows[0] as Record<string, string>;
    // The sequences continue after the copied ids: the next order does not collide.
    const { rows } = await client.query(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::bigint > (SELECT max(id) FROM orders) AS after`);
    return { figures, sequenceAfterMax: rows[0].after as boolean };
  } finally {
    await client.end();
  }
}

describe('npm run export-to-postgres', () => {
  it('copies the data directory and a backup file into PostgreSQL with equal counts and ledger totals', async () => {
    const dataDir = join(root, 'data');
    // The demo data (2,000 orders and their ledger), as the run's prepared database holds it.
    await writePreparedDataDir(dataDir);
    const source = await embeddedFigures(dataDir);
    expect(Number(source.orders)).toBeGreaterThanOrEqual(2000);
    expect(Number(source.transactions)).toBeGreaterThan(0);

    const fromDir = await createScratchDatabase('the export suite');
    scratches.push(fromDir);
    const run = await runCli('export-to-postgres', [fromDir.url], { DATA_DIR: dataDir, PORT: '8142', DATABASE_URL: '' });
    expect(run.output).toContain('every row count matches');
    expect(run.code).toBe(0);
    expect(await postgresFigures(fromDir.url)).toEqual({ figures: source, sequenceAfterMax: true });

    // A second export into the same database is refused: it never mixes two panels.
    const again = await runCli('export-to-postgres', [fromDir.url], { DATA_DIR: dataDir, PORT: '8142', DATABASE_URL: '' });
    expect(again.code).not.toBe(0);
    expect(again.output).toContain('already holds');

    const backupFile = join(root, 'backup.tar.gz');
    writeFileSync(backupFile, (await takeBackup(dataDir, 8142)).archive);
    const fromBackup = await createScratchDatabase('the export suite');
    scratches.push(fromBackup);
    const run2 = await runCli('export-to-postgres', [fromBackup.url, '--from', backupFile], { DATA_DIR: join(root, 'absent'), PORT: '8142', DATABASE_URL: '' });
    expect(run2.output).toContain('every row count matches');
    expect(run2.code).toBe(0);
    expect(await postgresFigures(fromBackup.url)).toEqual({ figures: source, sequenceAfterMax: true });
  }, 150_000);
});
