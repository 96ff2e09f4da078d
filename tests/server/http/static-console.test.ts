import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEnv } from '../../../src/server/http/context';
import { mountStaticConsole } from '../../../src/server/http/staticConsole';

/** The built console as the reference server serves it: content types, cache policy, history routing. */
let dir: string;
let app: Hono<AppEnv>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-static-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Panel Console</title><div id="root"></div>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dir, 'workbox-d8ed3718.js'), 'define([], () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Panel Console' }));
  writeFileSync(join(dir, 'assets', 'index-Dxzj_fH9.js'), 'console.log(1);');
  writeFileSync(join(dir, 'assets', 'index-Dxzj_fH9.css'), 'body{}');
  writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = new Hono<AppEnv>();
  app.get('/settings', (c) => c.json({ panelName: 'Panel Console' }));
  app.notFound((c) => c.json({ message: 'Not Found.' }, 404));
  mountStaticConsole(app, dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string) => app.request(path);

describe('the built console', () => {
  it('serves the service worker and the manifest with their types, revalidated on every request', async () => {
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('text/javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'Panel Console' });
  });

  it('lets browsers keep hashed files for a year, and revalidates the page', async () => {
    for (const path of ['/assets/index-Dxzj_fH9.js', '/assets/index-Dxzj_fH9.css', '/workbox-d8ed3718.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/index-Dxzj_fH9.css')).headers.get('content-type')).toContain('text/css');
    for (const path of ['/', '/index.html']) {
      const res = await get(path);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('answers the page for the console’s addresses, and 404 for missing files and API paths', async () => {
    for (const path of ['/orders', '/users/12', '/login', '/orders?status=in_processing']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<div id="root">');
    }
    for (const path of ['/assets/index-OLD.js', '/icons/missing.png', '/api/v1/nothing', '/broadcasting/nothing']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).not.toContain('immutable');
      expect(await res.json(), path).toEqual({ message: 'Not Found.' });
    }
    expect(await (await get('/settings')).json()).toEqual({ panelName: 'Panel Console' });
    const head = await app.request('/assets/index-Dxzj_fH9.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/javascript');
  });
});
