/**
 * Time from navigation start to the first users row painted on a reload of /users, with the users
 * API delayed 2 s: uncached (a fresh browser profile) vs cached (IndexedDB holds the page).
 * Run after `npm run build`: `npx tsx bench/users-reload.ts` (starts its own server on port 8093).
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const PORT = 8093;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 5;
const DELAY_MS = 2000;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/settings`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  rmSync('.bench-data', { recursive: true, force: true });
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    // STATIC_DIR lets the bench measure a build kept apart from dist/ (default: dist/).
    env: { ...process.env, PORT: String(PORT), DATA_DIR: '.bench-data', SIMULATOR: 'off', SEED_ORDERS: '2000' },
    stdio: 'ignore',
  });
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.route('**/api/v1/admin/users/table', async (route) => {
      await new Promise((r) => setTimeout(r, DELAY_MS));
      await route.continue();
    });

    // The moment the first data row (id '<list>-row-<key>', not the loader or empty row) enters
    // the document, recorded in the page by a MutationObserver: Playwright's own polling would add
    // its poll interval to every figure. Two moments: the first row on screen (index.html's copy of
    // the last screen counts), and the first row the app itself rendered (interactive).
    // (No named inner functions here: tsx would wrap them in a helper the page does not have.)
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRowAt?: number; __appRowAt?: number };
      const ROW = '[role="grid"] tbody tr[id*="-row-"]';
      const observer = new MutationObserver(() => {
        if (w.__firstRowAt === undefined && document.querySelector(ROW)) w.__firstRowAt = performance.now();
        if (w.__appRowAt === undefined && Array.from(document.querySelectorAll(ROW)).some((row) => !row.closest('[data-screen-snapshot]'))) {
          w.__appRowAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const firstRowPaint = async () => {
      await page.locator('[role="grid"] tbody tr[id*="-row-"]:not([data-screen-snapshot] *)').first().waitFor();
      return page.evaluate(() => {
        const w = window as unknown as { __firstRowAt: number; __appRowAt: number };
        return { painted: w.__firstRowAt, app: w.__appRowAt };
      });
    };
    const uncached: number[] = [];
    const cached: number[] = [];
    const cachedApp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Uncached: the member's IndexedDB cache removed before the navigation.
      // ... and the copy of the last screen that index.html would paint.
      await page.evaluate(() => localStorage.removeItem('panel-console-screen-snapshot'));
      await page.evaluate(() => new Promise<void>((resolve) => {
        const req = indexedDB.deleteDatabase('panel-console');
        req.onsuccess = req.onerror = req.onblocked = () => resolve();
      }));
      await page.goto(`${BASE}/users`, { waitUntil: 'commit' });
      uncached.push((await firstRowPaint()).app);
      await page.getByTestId('table-updating').waitFor({ state: 'detached' }).catch(() => {});
      await page.waitForTimeout(300); // the persister writes after the answer
      // Cached: reload the same URL.
      await page.reload({ waitUntil: 'commit' });
      const reloaded = await firstRowPaint();
      cached.push(reloaded.painted);
      cachedApp.push(reloaded.app);
      await page.waitForTimeout(DELAY_MS + 300);
    }
    await browser.close();
    const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms  p95 ${pct(xs, 95).toFixed(0)} ms`;
    console.log(`users reload, API delayed ${DELAY_MS} ms, ${RUNS} runs each (navigation start -> first row painted)`);
    console.log(`  uncached: ${fmt(uncached)}`);
    console.log(`  cached:   ${fmt(cached)}   (first row on screen)`);
    console.log(`  cached, rendered by the app (interactive): ${fmt(cachedApp)}`);
    console.log(`  ratio (uncached / cached, p50): ${(pct(uncached, 50) / pct(cached, 50)).toFixed(1)}x`);
    console.log(`goal: cached paint under 150 ms: ${pct(cached, 95) < 150 ? 'met' : 'not met'} (p95 ${pct(cached, 95).toFixed(0)} ms)`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
