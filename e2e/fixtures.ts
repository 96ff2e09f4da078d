import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';

/**
 * Every e2e file's `test` and `expect`. Each Playwright worker starts its own server — the
 * production build on a fresh embedded database with demo data — and its tests' `baseURL` points
 * there, so the files run in parallel without sharing data: one worker's approvals never move
 * another's counters. A worker that restarts after a failure gets a fresh server too. The fresh
 * database is a copy of the one the run's global set-up seeded once (e2e/globalSetup.ts), so a
 * server is ready in seconds instead of seeding the demo again.
 */

/** The first worker's port; worker n listens on E2E_PORT + n. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8091);

/** The simulator's control key (its `drift` action moves a catalogue on demand: provider-sync.spec.ts). */
export const SIM_CONTROL_KEY = 'e2e-drift-control';

const START_TIMEOUT_MS = 180_000;

/** The seeded database every worker's server starts from a copy of (e2e/globalSetup.ts); one per run's ports. */
export const TEMPLATE_DATA_DIR = `.e2e-data-template-${E2E_BASE_PORT}`;

export function serverEnvironment(port: number, dataDir = `.e2e-data-${port}`): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    // The simulated panels answer (provider sync, validate, import); the order worker and the
    // catalogues' timed drift stay off so order statuses do not move under the tests.
    SIMULATOR: 'api',
    SIM_CONTROL_KEY,
    NODE_ENV: 'production',
    // Warnings and errors only: a line per request would bury the test report.
    LOG_LEVEL: 'warn',
    // A smaller demo (the full one is 200,000 orders) so the server is ready in seconds.
    SEED_ORDERS: '20000',
    // The webhook e2e delivers to a receiver the test runs on this machine.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
}

export async function waitUntilServing(url: string, server: ChildProcess, output: () => string, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the e2e server exited with ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e server did not answer ${url} within ${timeoutMs / 1000} s:\n${output()}`);
}

export const test = base.extend<object, { serverURL: string }>({
  serverURL: [
    async ({}, use, workerInfo) => {
      const port = E2E_BASE_PORT + workerInfo.parallelIndex;
      const dataDir = `.e2e-data-${port}`;
      rmSync(dataDir, { recursive: true, force: true });
      if (existsSync(TEMPLATE_DATA_DIR)) cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
      const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], { env: serverEnvironment(port), stdio: ['ignore', 'pipe', 'pipe'] });
      // The server's last words, for a start-up that fails; warnings after start go to the report.
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      };
      server.stdout!.on('data', keep);
      server.stderr!.on('data', (chunk: Buffer) => {
        keep(chunk);
        process.stderr.write(`[server ${port}] ${chunk}`);
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitUntilServing(`${url}/settings`, server, () => output);
        await use(url);
      } finally {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 20_000 },
  ],
  baseURL: async ({ serverURL }, use) => {
    await use(serverURL);
  },
});

export { expect };
