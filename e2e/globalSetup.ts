import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { E2E_BASE_PORT, serverEnvironment, TEMPLATE_DATA_DIR, waitUntilServing } from './fixtures';

/**
 * Once per e2e run: the server started on an empty data directory migrates and seeds the demo,
 * exactly as a worker's server would, then stops. Every worker's server starts on a copy of that
 * directory (e2e/fixtures.ts): the demo is seeded once instead of once per worker and again after
 * every restart of a worker.
 */
export default async function globalSetup(): Promise<() => void> {
  rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  // A port beside the workers' (E2E_PORT + n, n < a few).
  const port = E2E_BASE_PORT + 50;
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], { env: serverEnvironment(port, TEMPLATE_DATA_DIR), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  try {
    // Seeding alone, once: ten minutes leave room for a machine busy with other work.
    await waitUntilServing(`http://127.0.0.1:${port}/settings`, server, () => output, 600_000);
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  return () => rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
}
