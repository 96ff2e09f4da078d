import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientErrors, pageViews } from '../../../src/server/areas/session/schema';
import { allowedOrigin } from '../../../src/server/http/cors';
import { inlineScriptHashes } from '../../../src/server/http/securityHeaders';
import { REPORT_LIMITS } from '../../../src/server/http/reportLimits';
import { useTestApp } from '../helpers/testServer';

/**
 * Issue findings 4 and 5: the console and the API answer with strict headers, CORS names only the
 * console's origins, source maps are not public, and the console's reports (client errors, page
 * views) are limited and de-duplicated.
 */

const THEME_SCRIPT = "document.documentElement.setAttribute('data-theme', 'light');";
const SNAPSHOT_SCRIPT = "\n      (function () { var root = document.getElementById('root'); })();\n    ";
const staticDir = mkdtempSync(join(tmpdir(), 'pc-headers-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(
  join(staticDir, 'index.html'),
  `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div>` +
    `<script>${SNAPSHOT_SCRIPT}</script><script type="module" crossorigin src="/assets/index-abc.js"></script></body></html>`,
);
writeFileSync(join(staticDir, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
writeFileSync(join(staticDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');

const t = useTestApp({ config: { staticDir } });

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('headers of the console', () => {
  it('serves the page with a strict CSP that allows its two inline scripts by hash and nothing else inline', async () => {
    const res = await t.app.request('/orders', { headers: { host: 'panel.test' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['script-src']).toContain("'self'");
    expect(directives['script-src']).toContain(sha(THEME_SCRIPT));
    expect(directives['script-src']).toContain(sha(SNAPSHOT_SCRIPT));
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(expect.arrayContaining(["'self'", 'ws://panel.test', 'wss://panel.test']));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('hashes exactly the inline scripts of a page, never those with src', () => {
    const hashes = inlineScriptHashes('<script>a()</script><script src="/x.js"></script><script type="text/javascript">b()</script>');
    expect(hashes).toEqual([sha('a()'), sha('b()')]);
  });

  it('does not serve source maps unless SOURCE_MAPS=on', async () => {
    const map = await t.app.request('/assets/index-abc.js.map');
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
    const script = await t.app.request('/assets/index-abc.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('headers of the API', () => {
  it('answers the profile with no-store, nosniff and a CSP that allows nothing', async () => {
    const member = await t.createMember();
    const res = await t.request('GET', '/api/v1/profile', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('carries the same headers on errors', async () => {
    const res = await t.request('GET', '/api/v1/profile');
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  const preflight = (origin: string, host = 'core.panel.test') =>
    t.app.request('http://core.panel.test/api/v1/profile', {
      method: 'OPTIONS',
      headers: { origin, host, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('answers the console origins of the core. pairing and refuses any other origin', async () => {
    expect((await preflight('https://panel.test')).headers.get('access-control-allow-origin')).toBe('https://panel.test');
    expect((await preflight('https://admin.panel.test')).headers.get('access-control-allow-origin')).toBe('https://admin.panel.test');
    expect((await preflight('https://evil.test')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('https://panel.test.evil.test')).headers.get('access-control-allow-origin')).toBeNull();
    const simple = await t.app.request('http://core.panel.test/settings', { headers: { origin: 'https://evil.test', host: 'core.panel.test' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the same origin and the origins of CONSOLE_ORIGINS', () => {
    const place = { host: 'api.example.test:8443', protocol: 'https:' };
    expect(allowedOrigin('https://api.example.test:8443', place, {})).toBe('https://api.example.test:8443');
    expect(allowedOrigin('https://console.example.test', place, {})).toBeNull();
    expect(allowedOrigin('https://console.example.test', place, { consoleOrigins: ['https://console.example.test'] })).toBe('https://console.example.test');
    expect(allowedOrigin('null', place, { consoleOrigins: ['https://console.example.test'] })).toBeNull();
    // Plain http from another scheme is not the same origin.
    expect(allowedOrigin('http://api.example.test:8443', place, {})).toBeNull();
  });
});

describe('client errors and page views are limited and de-duplicated', () => {
  const report = (ip: string, message: string, token?: string) =>
    t.request('POST', '/api/v1/client-errors', { token, body: { message, url: 'https://console.test/orders' }, headers: { 'x-forwarded-for': ip } });

  it('stores the same error from the same address once', async () => {
    const first = await report('203.0.113.1', 'TypeError: once');
    const again = await report('203.0.113.1', 'TypeError: once');
    expect([first.status, again.status]).toEqual([200, 200]);
    const stored = await t.db.select().from(clientErrors).where(eq(clientErrors.message, 'TypeError: once'));
    expect(stored).toHaveLength(1);
  });

  it('answers 429 with Retry-After past the ceiling of an address, and stores nothing more', async () => {
    const limit = REPORT_LIMITS.clientErrors.perAddress;
    for (let i = 0; i < limit; i++) expect((await report('203.0.113.2', `flood ${i}`)).status).toBe(200);
    const over = await report('203.0.113.2', 'flood over');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db.select().from(clientErrors).where(eq(clientErrors.message, 'flood over'))).toHaveLength(0);
    // Another address is not affected.
    expect((await report('203.0.113.3', 'flood other address')).status).toBe(200);
  });

  it('limits a member across addresses', async () => {
    const member = await t.createMember();
    const limit = REPORT_LIMITS.clientErrors.perMember;
    for (let i = 0; i < limit; i++) expect((await report(`198.51.100.${i + 1}`, `member flood ${i}`, member.token)).status).toBe(200);
    expect((await report('198.51.100.250', 'member flood over', member.token)).status).toBe(429);
  });

  it('refuses text/plain (a page elsewhere cannot post into it) and a body over the cap', async () => {
    const plain = await t.app.request('/api/v1/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"message":"x","url":"y"}',
    });
    expect(plain.status).toBe(415);
    const huge = await t.request('POST', '/api/v1/client-errors', { body: { message: 'x', url: 'y', stack: 'x'.repeat(200_000) } });
    expect(huge.status).toBe(413);
  });

  it('stores a page view sent twice in a row once, and limits page views per member', async () => {
    const member = await t.createMember();
    const view = (path: string) => t.request('POST', '/api/v1/page-views', { token: member.token, body: { path, visitorId: member.id } });
    expect((await view('/orders')).status).toBe(200);
    expect((await view('/orders')).status).toBe(200);
    expect(await t.db.select().from(pageViews).where(eq(pageViews.staffId, member.id))).toHaveLength(1);
    let status = 200;
    for (let i = 0; i < REPORT_LIMITS.pageViews.perMember && status === 200; i++) status = (await view(`/orders/${i}`)).status;
    expect(status).toBe(429);
  });
});
