import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, login, savedLists, serviceWorkerActivated } from './helpers';

/**
 * The console as an installable PWA: its manifest, the service worker, and an
 * offline start after an online visit — the shell, the saved rows and the offline banner.
 */

const ordersTable = (page: Page) => page.getByRole('grid').first();
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('installable console', () => {
  test('the page fetches the start-up code in a handful of files, and starts reading the saved answers before any of them', async ({ request }) => {
    const html = await (await request.get('/users')).text();
    // The start-up chunks, preloaded by index.html once its copy of the last screen has painted
    // (vite.config.ts): the framework, the shell and the list screen; the endpoint table after the
    // first paint of the app.
    const listed = /<script type="application\/json" id="start-up-chunks">([^<]*)<\/script>/.exec(html);
    expect(listed, 'index.html lists its start-up chunks').not.toBeNull();
    const preloads = (JSON.parse(listed![1]) as string[]).map((href) => /^\/assets\/([a-z-]+)-[^/]*\.js$/.exec(href)?.[1]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(preloads).toEqual(expect.arrayContaining(['framework', 'start-up', 'list-screen']));
    expect(preloads).not.toContain('contract');
    expect(preloads.length).toBeLessThanOrEqual(6);
    // The early read of the saved answers is inline, ahead of the stylesheet (earlyRestore.ts).
    const early = html.indexOf('__panelConsoleEarlyRead');
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
  });

  test('the page links a manifest with the name, icons and shortcuts to Orders and Users', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();

    const answer = await request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = await answer.json();
    expect(manifest).toMatchObject({ name: 'Panel Console', short_name: 'Panel Console', display: 'standalone', start_url: '/' });
    expect(manifest.shortcuts).toEqual([
      expect.objectContaining({ name: 'Orders', url: '/orders' }),
      expect.objectContaining({ name: 'Users', url: '/users' }),
    ]);
    const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string }[]) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }

    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('the service worker is activated and Chromium finds the console installable', async ({ page, context }) => {
    await page.goto('/login');
    await serviceWorkerActivated(page);
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chromium never installs; any other
    // reason (manifest, icons, service worker) would be listed here.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('after an online visit, the console opens offline with the saved orders under the offline banner', async ({ page, context }) => {
    await login(page, ADMIN);
    await serviceWorkerActivated(page);

    await page.goto('/orders');
    const firstRow = ordersTable(page).locator('tbody tr[id^="orders-row-"]').first();
    await expect(firstRow).toHaveText(/\S/);
    const rowId = await firstRow.getAttribute('id');
    const rowText = (await firstRow.textContent()) ?? '';
    await expect.poll(() => savedLists(page, '"orders"')).toBeGreaterThan(0);
    await expect(page.getByText(/^Offline/)).toHaveCount(0);

    // Nothing may crash offline (the realtime connection, the profile and settings requests).
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await context.setOffline(true);
    await page.reload();
    await expect(mainNavigation(page)).toBeVisible();
    await expect(ordersTable(page).locator(`tbody tr[id="${rowId}"]`)).toHaveText(rowText);
    const banner = page.getByRole('status').filter({ hasText: /^Offline — data from \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ });
    await expect(banner).toBeVisible();
    // One notice says so: nothing else on the page (the live counters' connection, the queue) repeats it.
    await expect(page.getByText(/offline/i)).toHaveCount(1);
    // Still signed in: no logout for want of a network.
    expect(new URL(page.url()).pathname).toBe('/orders');
    expect((await context.cookies()).some((c) => c.name === 'AUTH_TOKEN')).toBe(true);

    // A screen never visited still opens: the shell, with nothing saved to show.
    await page.goto('/users');
    await expect(mainNavigation(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline — no saved data on this page' })).toBeVisible();

    expect(crashes).toEqual([]);

    await context.setOffline(false);
    await page.goto('/orders');
    await expect(ordersTable(page).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText(/^Offline — /)).toHaveCount(0);
  });
});
