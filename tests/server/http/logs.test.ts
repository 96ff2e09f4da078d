import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app';
import { createStaffMember } from '../../../src/server/auth/accounts';
import { openSession } from '../../../src/server/auth/sessions';
import { signAccessToken } from '../../../src/server/auth/tokens';
import { type Database } from '../../../src/server/db/client';
import { createLogger, defaultLogLevel } from '../../../src/server/http/logger';
import { apiFetch, apiRaw, configureApi } from '../../../src/console/api/client';
import { testConfig } from '../helpers/testServer';
import { openPreparedDatabase } from '../helpers/preparedDatabase';

/**
 * Structured logs (docs/operations.md, "Logs"): one JSON access line per request with the request
 * id the console sent (or one generated and echoed), the route's pattern and the staff id; errors
 * carry the same id; secrets never reach the output. The logger's output stream is captured.
 */

let database: Database;
let output: string[] = [];
const lines = () =>
  output
    .join('')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const config = testConfig();
let app: ReturnType<typeof createApp>;
let token: string;
let staffId: number;

beforeAll(async () => {
  database = await openPreparedDatabase({ demo: false });
  const logger = createLogger({ level: 'info', destination: { write: (s: string) => void output.push(s) } });
  app = createApp(
    { database, config, publish: () => {} },
    [
      (a) =>
        a.get('/ops-test/explode', () => {
          throw Object.assign(new Error('exploded'), { password: 'pw-in-error-9876', headers: { authorization: 'Bearer header-in-error-5432' } });
        }),
    ],
    { logger },
  );
  staffId = await createStaffMember(database.db, { email: 'logs@example.test', name: 'Logs Tester', password: 'password', roles: [] });
  const sessionId = await openSession(database.db, staffId, { staffId, ip: null, userAgent: 'test' }, config.tokenTtlSeconds);
  token = await signAccessToken(config.jwtSecret, { staffId, tokenVersion: 0, sessionId }, config.tokenTtlSeconds);
}, 60_000);

afterEach(() => {
  output = [];
});

afterAll(async () => {
  await database?.close();
});

describe('access log', () => {
  it("writes one line with the console's request id, echoed on the answer, and no credential", async () => {
    const res = await app.request('/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-request-id': 'console-req-42',
        authorization: 'Bearer leak-me-token-1234',
        cookie: 'session=cookie-value-777',
      },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'hunter2-Secret!' }),
    });
    expect(res.headers.get('x-request-id')).toBe('console-req-42');
    const access = lines().filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ level: 'info', requestId: 'console-req-42', method: 'POST', route: '/login', status: res.status });
    expect(typeof access[0].durationMs).toBe('number');
    expect(typeof access[0].time).toBe('string');
    const raw = output.join('');
    for (const secret of ['leak-me-token-1234', 'hunter2-Secret!', 'cookie-value-777']) expect(raw).not.toContain(secret);
  });

  it('generates an id when none is sent (or the one sent could forge a line) and echoes it', async () => {
    const plain = await app.request('/healthz');
    const generated = plain.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await app.request('/api/v1/profile', { headers: { 'x-request-id': 'x {"level":"info"} forged' } });
    const replaced = forged.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced).not.toBe(generated);
    const access = lines().filter((l) => l.msg === 'request');
    // The probe's line goes at debug (not written at info); the profile's carries the new id.
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ requestId: replaced, route: '/api/v1/profile', status: 401 });
  });

  it('names the staff member when the request was authenticated, and logs the pattern, not the path', async () => {
    const res = await app.request('/api/v1/profile', { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'with-staff' } });
    expect(res.status).toBe(200);
    const sessions = await app.request(`/api/v1/admin/staff/${staffId}/sessions`, { headers: { 'x-request-id': 'pattern' } });
    expect(sessions.status).toBe(401);
    const access = lines().filter((l) => l.msg === 'request');
    expect(access[0]).toMatchObject({ requestId: 'with-staff', route: '/api/v1/profile', status: 200, staffId });
    expect(access[1]).toMatchObject({ requestId: 'pattern', route: '/api/v1/admin/staff/:staffId/sessions' });
    expect(output.join('')).not.toContain(token);
  });

  it('logs an unhandled error with the request id, the secrets on the error redacted', async () => {
    const res = await app.request('/ops-test/explode', { headers: { 'x-request-id': 'boom-1' } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Server Error' });
    const error = lines().find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 'error', requestId: 'boom-1', route: '/ops-test/explode' });
    expect((error!.err as Record<string, unknown>).message).toBe('exploded');
    expect((error!.err as Record<string, unknown>).password).toBe('[redacted]');
    const raw = output.join('');
    expect(raw).not.toContain('pw-in-error-9876');
    expect(raw).not.toContain('header-in-error-5432');
    expect(lines().find((l) => l.msg === 'request')).toMatchObject({ requestId: 'boom-1', status: 500 });
  });
});

describe('log level', () => {
  it('is LOG_LEVEL when set, silent under the tests otherwise, info in production', () => {
    expect(defaultLogLevel({ LOG_LEVEL: 'debug', VITEST: 'true' })).toBe('debug');
    expect(defaultLogLevel({ VITEST: 'true' })).toBe('silent');
    expect(defaultLogLevel({})).toBe('info');
  });

  it('refuses an unknown level at start-up', () => {
    expect(() => createLogger({ level: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});

describe('the console', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a fresh X-Request-Id with every request (API calls and exports)', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push((init.headers as Record<string, string>)['X-Request-Id']);
      return new Response('{"message":"Not Found."}', { status: 404, headers: { 'content-type': 'application/json' } });
    });
    configureApi({ baseUrl: 'http://panel.test', getToken: () => null });
    await expect(apiRaw('profile')).rejects.toBeTruthy();
    await expect(apiRaw('profile')).rejects.toBeTruthy();
    await expect(apiFetch('/api/v1/admin/orders/export', { method: 'POST', body: {} })).rejects.toBeTruthy();
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
    expect(sent[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]).not.toBe(sent[0]);
  });
});
