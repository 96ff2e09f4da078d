import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { login, startServerProcess, type ServerProcess } from '../helpers/ops';
import { writePreparedDataDir } from '../helpers/preparedDatabase';

/**
 * The deployment recipe's nginx configuration (deploy/nginx.conf), run for real in front of a
 * server process: the API answers through it, the channel server's websocket upgrade passes, and
 * the operations endpoint stays closed. CI installs nginx (.ci/run), so there a missing nginx fails.
 */
const NGINX = '/usr/sbin/nginx';
const SERVER_PORT = 8146;
const PROXY_PORT = 8147;
const hasNginx = existsSync(NGINX);
if (!hasNginx && process.env.CI === 'true') throw new Error(`${NGINX} is missing: .ci/run installs nginx-light for this suite.`);
if (!hasNginx) console.warn(`[ops-proxy] skipped: ${NGINX} is not installed (apt-get install -y nginx-light).`);

const root = mkdtempSync(join(tmpdir(), 'panel-ops-proxy-'));
let server: ServerProcess | undefined;
let nginx: ChildProcess | undefined;

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** deploy/nginx.conf with this test's ports, inside a main configuration rooted in a temp prefix. */
function writeConfig(prefix: string): string {
  const site = readFileSync('deploy/nginx.conf', 'utf8');
  const upstreams = site.match(/^\s*server 127\.0\.0\.1:\d+[^;]*;$/gm) ?? [];
  expect(upstreams).toHaveLength(3);
  const templated = site
    .replace(upstreams.join('\n'), `    server 127.0.0.1:${SERVER_PORT} max_fails=1 fail_timeout=5s;`)
    .replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${PROXY_PORT};`);
  expect(templated).toContain(`127.0.0.1:${PROXY_PORT}`);
  writeFileSync(join(prefix, 'site.conf'), templated);
  const temp = join(prefix, 'temp');
  mkdirSync(temp, { recursive: true });
  const main = `pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${prefix}/site.conf;
}
`;
  const path = join(prefix, 'nginx.conf');
  writeFileSync(path, main);
  return path;
}

async function waitForProxy(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx did not answer at ${url}: ${readFileSync(join(root, 'error.log'), 'utf8')}`);
}

describe.skipIf(!hasNginx)('deploy/nginx.conf in front of the server', () => {
  it('passes the API and the channel server websocket, and keeps the operations endpoint closed', async () => {
    const config = writeConfig(root);
    const check = spawnSync(NGINX, ['-t', '-p', root, '-c', config], { encoding: 'utf8' });
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);

    await writePreparedDataDir(join(root, 'data'));
    server = await startServerProcess({ PORT: String(SERVER_PORT), DATA_DIR: join(root, 'data'), TRUST_PROXY: 'on' });
    nginx = spawn(NGINX, ['-p', root, '-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    const proxy = `http://127.0.0.1:${PROXY_PORT}`;
    await waitForProxy(`${proxy}/settings`);

    // The API through the proxy: log in, then an authenticated call.
    const token = await login(proxy);
    const profile = await fetch(`${proxy}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { email?: string }).email ?? JSON.stringify(profile)).toBe('admin@example.com');

    // The operations endpoint is not reachable from outside, token or not.
    const ops = await fetch(`${proxy}/ops/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readFileSync(join(root, 'data', 'ops-token'), 'utf8').trim()}` },
    });
    expect(ops.status).toBe(404);

    // The websocket upgrade on the channel server's path: the Pusher handshake arrives through nginx.
    const socket = new WebSocket(`ws://127.0.0.1:${PROXY_PORT}/app/panel-console-key?protocol=7&client=js&version=8.4.0`);
    const first = await new Promise<{ event: string; data: string }>((resolve, reject) => {
      socket.once('message', (raw) => resolve(JSON.parse(String(raw))));
      socket.once('error', reject);
    });
    socket.close();
    expect(first.event).toBe('pusher:connection_established');
    expect(JSON.parse(first.data).socket_id).toMatch(/^\d+\.\d+$/);
  }, 120_000);
});
