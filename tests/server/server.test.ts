import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writePreparedDataDir } from './helpers/preparedDatabase';
import { KEEP_ALIVE_TIMEOUT_MS, startServer, createPublisherHub, type StartConfig } from '../../src/server/server';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'pc-server-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const baseConfig = (dataDir: string): StartConfig => ({
  port: 0,
  dataDir,
  demo: true,
  tokenTtlSeconds: 1800,
  pusher: { appId: 'a', key: 'k', secret: 's' },
  simulator: false,
  staticDir: resolve('/nonexistent-static-dir'),
  trustProxy: false,
});

const loginOver = async (url: string, email: string, password: string) => {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
    body: JSON.stringify({ email, password }),
  });
  return res;
};

describe('startServer', () => {
  it('serves over HTTP, and a restart keeps data, the signing secret and valid tokens', async () => {
    const dataDir = tempDir();
    // The demo data as it stands after its first start (seeding it again here was this file's minute).
    await writePreparedDataDir(dataDir);
    const first = await startServer(baseConfig(dataDir));
    let token: string;
    let counters: unknown;
    try {
      expect(first.url).toMatch(/^http:\/\/localhost:\d+$/);
      const res = await loginOver(first.url, 'admin@example.com', 'password');
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-expose-headers')).toContain('Authorization');
      token = res.headers.get('authorization')!.slice('Bearer '.length);
      counters = await (await fetch(`${first.url}/api/v1/admin/websockets/init`, { headers: { authorization: `Bearer ${token}` } })).json();
    } finally {
      await first.close();
    }

    const second = await startServer(baseConfig(dataDir));
    try {
      const again = await fetch(`${second.url}/api/v1/admin/websockets/init`, { headers: { authorization: `Bearer ${token}` } });
      expect(again.status).toBe(200);
      // Same counts: the demo seed did not run twice.
      expect(await again.json()).toEqual(counters);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("keeps an idle keep-alive connection open past Node's 5 s default: a reused connection is not reset under the client", async () => {
    const running = await startServer({ ...baseConfig('memory://'), demo: false });
    const socket = connect(Number(new URL(running.url).port), '127.0.0.1');
    try {
      await once(socket, 'connect');
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      const ask = async () => {
        const before = received.length;
        socket.write('GET /settings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
        await vi.waitFor(() => expect(received.slice(before)).toMatch(/^HTTP\/1\.1 200 /), { timeout: 10_000 });
      };
      await ask();
      expect(received).toMatch(new RegExp(`keep-alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`, 'i'));
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      expect(socket.destroyed || socket.readyState !== 'open').toBe(false);
      await ask();
    } finally {
      socket.destroy();
      await running.close();
    }
  }, 120_000);

  it('refuses to start on a port in use, and closes its database', async () => {
    const running = await startServer({ ...baseConfig('memory://'), demo: false });
    try {
      const port = Number(new URL(running.url).port);
      await expect(startServer({ ...baseConfig('memory://'), demo: false, port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await running.close();
    }
  }, 120_000);
});

describe('createPublisherHub', () => {
  it('fans out to every subscriber, survives a failing one, and unsubscribes', () => {
    const hub = createPublisherHub();
    const got: unknown[] = [];
    const quiet = console.error;
    console.error = () => {};
    try {
      hub.publish('private-counters', 'early', 1); // nobody listening: no error
      hub.add(() => {
        throw new Error('broken subscriber');
      });
      const off = hub.add((channel, event, data) => got.push([channel, event, data]));
      hub.publish('private-counters', 'updated', { n: 1 });
      off();
      hub.publish('private-counters', 'updated', { n: 2 });
    } finally {
      console.error = quiet;
    }
    expect(got).toEqual([['private-counters', 'updated', { n: 1 }]]);
  });
});

describe('npm run create-admin', () => {
  const run = (args: string[], stdin: string, dataDir: string) =>
    new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), 'src/server/cli/create-admin.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => done({ code, out }));
      child.stdin.end(stdin);
    });

  it('creates an administrator from a password on stdin, never from the command line', async () => {
    const dataDir = tempDir();
    // A migrated database without demo data: the command and the server open it instead of migrating
    // a new one each (three migrations were most of this test's time on a busy machine).
    await writePreparedDataDir(dataDir, { demo: false });
    // Both fail before the database is opened, so they can run side by side.
    const [refused, short] = await Promise.all([
      run(['--email', 'boss@acme.test', '--password', 'hunter22'], '', dataDir),
      run(['--email', 'boss@acme.test'], 'short\n', dataDir),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('not accepted on the command line');
    expect(short.code).toBe(1);
    expect(short.out).toContain('at least 8 characters');

    const created = await run(['--email', 'Boss@Acme.test', '--name', 'Big Boss'], 'long-enough-pw\n', dataDir);
    expect(created.out).toContain('Created administrator boss@acme.test');
    expect(created.code).toBe(0);

    const duplicate = await run(['--email', 'boss@acme.test'], 'long-enough-pw\n', dataDir);
    expect(duplicate.code).toBe(1);
    expect(duplicate.out).toContain('already exists');

    const server = await startServer({ ...baseConfig(dataDir), demo: false });
    try {
      const res = await loginOver(server.url, 'boss@acme.test', 'long-enough-pw');
      expect(res.status).toBe(200);
      const token = res.headers.get('authorization')!.slice(7);
      const profile = await (await fetch(`${server.url}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(profile.name).toBe('Big Boss');
      expect(profile.roles.map((r: { name: string }) => r.name)).toEqual(['Administrator']);
    } finally {
      await server.close();
    }
  }, 300_000);
});
