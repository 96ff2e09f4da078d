import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dumpConsistent, liveServer, OPS_TOKEN_FILE } from '.';

/** Opens an embedded data directory (nobody else may hold it), or loads a backup into memory. */
export async function openEmbedded(source: { dataDir: string } | { backup: Uint8Array; dataDir?: string }): Promise<PGlite> {
  const loadDataDir = 'backup' in source ? new Blob([source.backup as BlobPart]) : undefined;
  const client = new PGlite({ dataDir: source.dataDir, loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

export function timestampName(prefix: string, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
  return `${prefix}-${stamp}`;
}

/** Asks the running server of this data directory for a snapshot; undefined when no server answers. */
export async function backupFromServer(dataDir: string, fallbackPort: number): Promise<Uint8Array | undefined> {
  const server = liveServer(dataDir);
  const tokenPath = join(dataDir, OPS_TOKEN_FILE);
  if (!server || !existsSync(tokenPath)) return undefined;
  const token = readFileSync(tokenPath, 'utf8').trim();
  const port = server.port || fallbackPort;
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/ops/backup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    throw new Error(`The server (pid ${server.pid}) holds ${dataDir} but its operations endpoint on port ${port} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`The server refused the backup (${response.status}): ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A snapshot of the data directory: from the running server, or by opening it when none runs. */
export async function takeBackup(dataDir: string, port: number): Promise<{ archive: Uint8Array; via: 'server' | 'data directory' }> {
  const fromServer = await backupFromServer(dataDir, port);
  if (fromServer) return { archive: fromServer, via: 'server' };
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no embedded database (no PG_VERSION).`);
  const client = await openEmbedded({ dataDir });
  try {
    return { archive: await dumpConsistent(client), via: 'data directory' };
  } finally {
    await client.close();
  }
}

/** Whether a server holds the data directory (its recorded process lives, or the endpoint answers). */
export async function serverHolds(dataDir: string, port: number): Promise<boolean> {
  if (liveServer(dataDir)) return true;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ops/backup`, { method: 'POST', signal: AbortSignal.timeout(2000) });
    // Our endpoint refuses an untokened call with 403; anything else is not a panel on this data directory.
    return response.status === 403 && (await response.text()).includes('operations token');
  } catch {
    return false;
  }
}
