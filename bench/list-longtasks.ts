/**
 * The longest main-thread task (a long-task observer in the page) while a member types a search
 * into the orders list and while they page through it, at 1440×900. Goal: under 100 ms.
 *
 * Run after `npm run build`: `npx tsx bench/list-longtasks.ts [build dir …]` — each build dir (default
 * dist/) is served by its own server (STATIC_DIR) on port 8094 with a fresh data dir, so a build
 * kept aside before a change and the current one are measured the same way in one run:
 *   cp -r dist /tmp/dist-before   # before the change
 *   npx tsx bench/list-longtasks.ts /tmp/dist-before dist
 */
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const PORT = 8094;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
const ROWS = '[role="grid"] tbody tr[id*="-row-"]';

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

/** Clears the page's record of long tasks. */
const resetTasks = (page: Page) => page.evaluate(() => ((window as unknown as { __tasks: number[] }).__tasks = []));
const takeTasks = (page: Page) => page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks.slice());

const settled = async (page: Page) => {
  await page.locator('[aria-busy="false"][aria-label$="opens the row menu"]').waitFor();
  await page.waitForTimeout(300);
};

async function measure(dir: string) {
  rmSync('.bench-data-longtasks', { recursive: true, force: true });
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: '.bench-data-longtasks',
      SIMULATOR: 'off',
      SEED_ORDERS: '20000',
      NODE_ENV: 'production',
      STATIC_DIR: resolve(dir),
    },
    stdio: 'ignore',
  });
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // (No named inner functions: tsx would wrap them in a helper the page does not have.)
    await page.addInitScript(() => {
      const w = window as unknown as { __tasks: number[] };
      w.__tasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    const typing: number[] = [];
    const paging: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${BASE}/orders?status=completed`);
      await page.locator(ROWS).first().waitFor();
      await settled(page);

      await resetTasks(page);
      await page.getByRole('searchbox').pressSequentially('instagram', { delay: 90 });
      await page.waitForTimeout(700); // the search leaves after 500 ms of quiet
      await settled(page);
      typing.push(Math.max(0, ...(await takeTasks(page))));

      await page.getByRole('searchbox').fill('');
      await page.waitForTimeout(700);
      await settled(page);
      await resetTasks(page);
      for (let i = 0; i < 4; i++) {
        const before = await page.getByTestId('table-range').textContent();
        await page.getByRole('button', { name: 'Next page' }).click();
        await page.waitForFunction((text) => document.querySelector('[data-testid="table-range"]')?.textContent !== text, before);
        await settled(page);
      }
      paging.push(Math.max(0, ...(await takeTasks(page))));
    }
    await browser.close();
    return { typing, paging };
  } finally {
    server.kill();
  }
}

async function main() {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length ? dirs : ['dist']) {
    const { typing, paging } = await measure(dir);
    const fmt = (xs: number[]) => `longest ${Math.round(Math.max(...xs))} ms (runs: ${xs.map((x) => Math.round(x)).join(', ')})`;
    console.log(`${dir}: typing a search — ${fmt(typing)}; paging — ${fmt(paging)}; goal under 100 ms`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
