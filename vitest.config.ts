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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'console', include: ['tests/console/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        extends: true,
        // Two workers: the server files are the long pole (the console's finish first), and many
        // of them wait on PostgreSQL or child processes rather than the CPU.
        test: { name: 'server', include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
      },
    ],
  },
});
