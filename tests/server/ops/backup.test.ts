import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedFigures, login, runCli, startServerProcess, type ServerProcess } from '../helpers/ops';
import { writePreparedDataDir } from '../helpers/preparedDatabase';

/**
 * Backup of a RUNNING embedded server and restore into a new data directory: the restored panel
 * has the same orders, users and ledger, the change made through the API included.
 */
const PORT = '8141';
const root = mkdtempSync(join(tmpdir(), 'panel-ops-backup-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('snapshots the running server, refuses to restore under it, and restores the same panel', async () => {
    const dataDir = join(root, 'data');
    const env = { PORT, DATA_DIR: dataDir };
    // The demo data as the run's prepared database holds it: the server starts on it without seeding.
    await writePreparedDataDir(dataDir);
    server = await startServerProcess(env);

    // The operations token is the server's alone.
    expect(statSync(join(dataDir, 'ops-token')).mode & 0o777).toBe(0o600);
    const anonymous = await fetch(`${server.url}/ops/backup`, { method: 'POST' });
    expect(anonymous.status).toBe(403);
    const relayed = await fetch(`${server.url}/ops/backup`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.status).toBe(403);

    // A change through the API, made before the backup, must be in it.
    const token = await login(server.url);
    let frozenId: number | undefined;
    for (let userId = 1; userId <= 40 && frozenId === undefined; userId++) {
      const res = await fetch(`${server.url}/api/v1/admin/users/freeze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      if (res.status === 200) frozenId = userId;
    }
    expect(frozenId).toBeDefined();

    const backupFile = join(root, 'snapshot.tar.gz');
    const backup = await runCli('backup', [backupFile], env, root);
    expect(backup.output).toContain('taken by the server');
    expect(backup.code).toBe(0);
    expect(statSync(backupFile).size).toBeGreaterThan(1000);

    // A restore under the running server is refused and changes nothing.
    const refused = await runCli('restore', [backupFile], env, root);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('stop it first');
    expect(readdirSync(root).filter((name) => name.startsWith('data.before-restore'))).toEqual([]);

    await server.stop();
    server = undefined;
    const before = await embeddedFigures(dataDir);
    expect(Number(before.orders)).toBeGreaterThan(0);
    expect(Number(before.transactions)).toBeGreaterThan(0);

    // Restore into a new data directory.
    const restoredDir = join(root, 'restored');
    const restore = await runCli('restore', [backupFile], { ...env, DATA_DIR: restoredDir }, root);
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    expect(existsSync(join(restoredDir, 'ops-token'))).toBe(false);
    expect(await embeddedFigures(restoredDir)).toEqual(before);

    // The restored panel starts and serves the frozen user as frozen.
    server = await startServerProcess({ PORT, DATA_DIR: restoredDir });
    const again = await login(server.url);
    const list = await fetch(`${server.url}/api/v1/admin/users/freeze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${again}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: frozenId }),
    });
    expect(list.status).toBe(409); // already frozen: the change survived
    await server.stop();
    server = undefined;

    // Restoring over an existing directory keeps the old one aside.
    const over = await runCli('restore', [backupFile], env, root);
    expect(over.code).toBe(0);
    expect(readdirSync(root).filter((name) => name.startsWith('data.before-restore'))).toHaveLength(1);
    expect(await embeddedFigures(dataDir)).toEqual(before);
  }, 150_000);
});
