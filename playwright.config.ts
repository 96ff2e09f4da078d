import { defineConfig } from '@playwright/test';

/**
 * e2e: Debian's Chromium (Playwright cannot download its own browser here) against the production
 * build served by the real server on a fresh embedded database with demo data — one server per
 * worker (e2e/fixtures.ts), so files run two at a time without sharing data. Within a file the
 * tests run in order.
 */

export default defineConfig({
  testDir: './e2e',
  // Seeds the demo database once; each worker's server starts on a copy (e2e/fixtures.ts).
  globalSetup: './e2e/globalSetup.ts',
  // Three minutes: a test signs in, seeds and walks several screens while the other worker does the same on
  // two cores. On an idle machine the slowest takes about 35 s; a busy machine has run the suite three
  // times slower.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two files at a time: most of a test's time is spent waiting on the browser and the server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Recording a trace costs about a fifth of a test's time (snapshots on every step). In CI a
    // failed test runs again with the recorder on, so the trace of a failure is still kept.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Menus, dialogs and notices without transitions (the theme respects reduced motion): less to render.
    reducedMotion: 'reduce',
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
