import { resolve } from 'node:path';
import type { ServerConfig } from '../../../src/server/config';

/** The server configuration of the tests (and the benchmarks, which run outside vitest: no vitest import here). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    dataDir: 'memory://',
    demo: true,
    jwtSecret: TEST_JWT_SECRET,
    tokenTtlSeconds: 1800,
    pusher: { appId: 'test-app', key: 'test-key', secret: 'test-pusher-secret' },
    simulator: false,
    staticDir: resolve('/nonexistent-static-dir'),
    // Tests send X-Forwarded-For to act as different addresses, as behind a proxy.
    trustProxy: true,
    ...overrides,
  };
}
