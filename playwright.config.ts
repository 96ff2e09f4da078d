import { defineConfig } from '@playwright/test';

/**
 * e2e: Debian's Chromium (Playwright cannot download its own browser here) against the production
 * build served by the real server on a fresh embedded database with demo data.
 */
const port = Number(process.env.E2E_PORT ?? 8091);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `rm -rf .e2e-data-${port} && node_modules/.bin/tsx src/server/main.ts`,
    url: `${baseURL}/settings`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    // A smaller demo (the full one is 200,000 orders) so the server is ready in seconds.
    env: {
      PORT: String(port),
      DATA_DIR: `.e2e-data-${port}`,
      // The simulated panels answer (provider sync, validate, import); the order worker and the
      // catalogues' timed drift stay off so order statuses do not move under the tests.
      SIMULATOR: 'api',
      // The e2e lets the simulated catalogues drift through the simulator's control action.
      SIM_CONTROL_KEY: 'e2e-drift-control',
      NODE_ENV: 'production',
      // Warnings and errors only: a line per request would bury the test report.
      LOG_LEVEL: 'warn',
      SEED_ORDERS: '20000',
      // The webhook e2e delivers to a receiver the test runs on this machine.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
  },
});
