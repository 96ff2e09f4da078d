import { defineConfig } from '@playwright/test';

/**
 * e2e: Debian's Chromium (Playwright cannot download its own browser here) against the production
 * build served by the real server on a fresh embedded database with demo data — one server per
 * worker (e2e/fixtures.ts), so files run two at a time without sharing data. Within a file the
 * tests run in order.
 */

export default defineConfig({
  testDir: './e2e',
  // Two minutes: a test signs in, seeds and walks several screens while the other worker does the same on
  // two cores; on a busy machine the slowest took a little over one minute.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two files at a time: most of a test's time is spent waiting on the browser and the server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
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
});
