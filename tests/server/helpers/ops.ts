import { spawn, type ChildProcess } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Shared by the operations suites: a real server process on an embedded data directory. */
export const TSX = 'node_modules/.bin/tsx';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then waits for the exit (PGlite flushes and releases the directory). */
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(TSX, ['src/server/main.ts'], {
    env: { ...process.env, SIMULATOR: 'off', SEED_ORDERS: '2000', NODE_ENV: 'production', STATIC_DIR: '/nonexistent-panel-static', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (log.includes('Panel Console is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${log}`));
    });
  });
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function runCli(script: string, args: string[], env: Record<string, string>, cwd?: string): Promise<{ code: number; output: string }> {
  const child = spawn(`${process.cwd()}/${TSX}`, [`${process.cwd()}/src/server/cli/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  return { code, output };
}

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.get('authorization')!.slice('Bearer '.length);
}

/** The figures a restore or a move must keep: row counts and the ledger's total. */
export const FIGURES_SQL = `SELECT (SELECT count(*) FROM orders)::text AS orders,
  (SELECT count(*) FROM users)::text AS users,
  (SELECT count(*) FROM transactions)::text AS transactions,
  (SELECT coalesce(sum(amount), 0) FROM transactions)::text AS ledger_total,
  (SELECT coalesce(sum(price), 0) FROM orders)::text AS order_prices,
  (SELECT count(*) FROM users WHERE status = 'frozen')::text AS frozen`;

export async function embeddedFigures(dataDir: string): Promise<Record<string, string>> {
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  try {
    return (await client.query<Record<string, string>>(FIGURES_SQL)).rows[0];
  } finally {
    await client.close();
  }
}
