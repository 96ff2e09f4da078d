import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { PGlite } from '@electric-sql/pglite';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { AppDeps } from '../deps';

/**
 * The local operations endpoint of an embedded (PGlite) server. PGlite is single-process: while the
 * server runs nobody else may open its data directory, so a backup is asked of the server itself.
 * `POST /ops/backup` answers a gzipped tarball of the data directory, only to a caller on the
 * loopback interface, not relayed by a proxy, carrying the token written at start to
 * `<DATA_DIR>/ops-token` (mode 0600: only the account running the server can read it).
 */
export const OPS_TOKEN_FILE = 'ops-token';
/** `{ pid, port }` of the server holding the data directory (restore refuses while it lives). */
export const OPS_SERVER_FILE = 'ops-server.json';

export interface OpsServerInfo {
  pid: number;
  port: number;
}

/** Mounts `/ops/*` when the server runs on an embedded data directory; nothing on PostgreSQL or in memory. */
export function mountOps(app: Hono<AppEnv>, deps: AppDeps): void {
  const dataDir = deps.config.dataDir;
  if (deps.database.kind !== 'pglite' || deps.config.databaseUrl || !dataDir || dataDir === 'memory://') return;
  const client = (deps.database.db as unknown as { $client?: PGlite }).$client;
  if (!client || !existsSync(dataDir)) return;

  const token = randomBytes(32).toString('hex');
  const tokenPath = join(dataDir, OPS_TOKEN_FILE);
  writeFileSync(tokenPath, `${token}\n`, { mode: 0o600 });
  chmodSync(tokenPath, 0o600); // an existing file keeps its old mode through writeFileSync
  const info: OpsServerInfo = { pid: process.pid, port: deps.config.port };
  writeFileSync(join(dataDir, OPS_SERVER_FILE), JSON.stringify(info), { mode: 0o600 });

  app.post('/ops/backup', async (c) => {
    if (!isLocalDirectCall(c)) return c.json({ message: 'The operations endpoint answers local calls only.' }, 403);
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) return c.json({ message: 'Missing or wrong operations token.' }, 403);
    const archive = await dumpConsistent(client);
    return new Response(archive as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': 'application/gzip', 'content-length': String(archive.byteLength), 'cache-control': 'no-store' },
    });
  });
}

/** A loopback peer, and no proxy headers: a reverse proxy on the same machine must not open it. */
function isLocalDirectCall(c: Context<AppEnv>): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  const relayed = ['x-forwarded-for', 'x-real-ip', 'forwarded'].some((h) => c.req.header(h) !== undefined);
  return loopback && !relayed;
}

/** Constant-time comparison (of digests, so lengths never leak either). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

/**
 * A consistent gzipped tarball of the data directory. PGlite runs one statement at a time; its
 * transaction lock is taken first, so the files are read between transactions, never halfway
 * through one (the checkpoint before only makes the restore's recovery short).
 */
export async function dumpConsistent(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const internal = client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const blob = await internal._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await blob.arrayBuffer());
}

/** The server recorded in the data directory, when its process is still alive. */
export function liveServer(dataDir: string): OpsServerInfo | undefined {
  const path = join(dataDir, OPS_SERVER_FILE);
  if (!existsSync(path)) return undefined;
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as OpsServerInfo;
    process.kill(info.pid, 0);
    return info;
  } catch (error) {
    // EPERM: the process exists under another account.
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return JSON.parse(readFileSync(path, 'utf8')) as OpsServerInfo;
    return undefined;
  }
}
