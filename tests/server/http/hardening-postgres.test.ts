import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../../src/server/app';
import { openDatabase, rows, sql, type Database } from '../../../src/server/db/client';
import type { AppEnv } from '../../../src/server/http/context';
import type { AppDeps } from '../../../src/server/deps';
import { STATEMENT_TIMEOUT_MESSAGE } from '../../../src/server/http/errors';
import { withStatementTimeout } from '../../../src/server/server';
import { type ScratchDatabase } from '../helpers/postgres';
import { testConfig } from '../helpers/testServer';
import { createMigratedDatabase } from '../helpers/postgres';

/**
 * Issue finding 2 on PostgreSQL: a runaway statement is cancelled by the statement timeout every
 * connection carries and answered 503 with a message, never a hang — and while it runs, other
 * requests (GET /settings) are answered on the pool's other connections. No wall-clock figure is
 * asserted: the proof is the order of the answers. bench/slow-request.ts prints the timings.
 */

const TIMEOUT_MS = 2000;
let scratch: ScratchDatabase;
let database: Database;
let app: Hono<AppEnv>;

beforeAll(async () => {
  scratch = await createMigratedDatabase('The hardening suite', { seed: 'base' });
  database = await openDatabase({ databaseUrl: withStatementTimeout(scratch.url, TIMEOUT_MS), poolSize: 4 });
  const deps: AppDeps = { database, config: testConfig({ statementTimeoutMs: TIMEOUT_MS }), publish: () => {} };
  // A route outside the endpoint table whose statement runs far past the timeout.
  app = createApp(deps, [
    (a) =>
      a.get('/test/runaway', async (c) => {
        await database.db.execute(sql`SELECT pg_sleep(60)`);
        return c.json({ message: 'finished' });
      }),
  ]);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe('a runaway statement on PostgreSQL', () => {
  it('carries the statement timeout on every connection of the pool', async () => {
    const [setting] = await rows<{ statement_timeout: string }>(database.db, sql`SHOW statement_timeout`);
    expect(setting.statement_timeout).toBe(`${TIMEOUT_MS / 1000}s`);
  });

  it('is cancelled and answered 503 with a message, and GET /settings is answered while it runs', async () => {
    let runawayAnswered = false;
    const runaway = Promise.resolve(app.request('/test/runaway')).then((res: Response) => {
      runawayAnswered = true;
      return res;
    });
    const settingsWhileRunning: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.request('/settings');
      expect(res.status).toBe(200);
      settingsWhileRunning.push(!runawayAnswered);
    }
    expect(settingsWhileRunning).toEqual([true, true, true, true, true]);

    const res = await runaway;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(STATEMENT_TIMEOUT_MESSAGE);
    // The connection went back to the pool in working order.
    expect((await app.request('/settings')).status).toBe(200);
  }, 30_000);
});
