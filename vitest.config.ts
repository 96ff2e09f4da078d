import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Console tests run in happy-dom; server and contract tests run in node (per-file
// `// @vitest-environment node` is not needed: tests/server/** and tests/contract/** match below).
export default defineConfig({
  plugins: [react()],
  test: {
    // No root `include`: `extends: true` concatenates arrays, so a root pattern would run every
    // test file in both projects (server tests in happy-dom too).
    environment: 'happy-dom',
    setupFiles: ['tests/setup.ts'],
    // Generous: a test waits for states, and on a machine busy with other work (CI beside a build,
    // two suites at once) the slowest ones — hundreds of concurrent money moves on PostgreSQL — have
    // taken several times their idle time. A test that passes is never slowed by this bound.
    testTimeout: 120_000,
    // Set-up hooks start databases, browsers-like DOMs and child processes: a few seconds idle, but
    // the machine is shared (two cores), and a hook cut off skips every test of its file.
    hookTimeout: 300_000,
    pool: 'forks',
    // Both projects share one pool of workers (vitest's default is one fewer than the cores: a
    // single file at a time here). Two at a time: many files wait on PostgreSQL, a browser-like
    // DOM or child processes rather than the CPU.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'console', include: ['tests/console/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds the databases test files start from once per run.
          globalSetup: ['tests/server/helpers/globalSetup.ts'],
        },
      },
    ],
  },
});
