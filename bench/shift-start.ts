/**
 * The first moments of a shift, as a moderator lives them: the first Ctrl+K right after signing in
 * (keydown to the palette's input focused, and to its first command listed) and moving between
 * lists by go keys (the second key's keydown to the new list's first row rendered by the app), on
 * an idle machine and on a loaded one, in one run. Loaded means `HOGS` processes spinning on a CPU
 * each (default: as many as the machine has cores), started before and stopped after each loaded
 * round, so idle and loaded rounds alternate and share whatever else the machine is doing.
 *
 *   npm run build && npx tsx bench/shift-start.ts          (RUNS=6 sign-ins per mode, port 8098)
 *
 * Each sign-in uses a fresh browser context (nothing cached, as on a new desktop), and presses
 * Ctrl+K 300 ms after the navigation shows — a user's quickest reach for the palette.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 6);
const PORT = Number(process.env.BENCH_PORT ?? 8098);
const HOGS = Number(process.env.HOGS ?? cpus().length);
const BASE = `http://127.0.0.1:${PORT}`;
/** The lists visited by go keys, in order, with their list id (the rows' id prefix). */
const TRIP = [
  { keys: 'go', path: '/orders', list: 'orders' },
  { keys: 'gu', path: '/users', list: 'users' },
  { keys: 'gt', path: '/transactions', list: 'transactions' },
  { keys: 'gi', path: '/invoices', list: 'invoices' },
  { keys: 'gd', path: '/drip-feed', list: 'drip-feeds' },
  { keys: 'go', path: '/orders', list: 'orders' },
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/settings`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${BASE} did not start`);
}

function startServer(): ChildProcess {
  const dataDir = resolve(`.bench-data-${PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  return spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SIMULATOR: 'off', SEED_ORDERS: '2000' },
    stdio: 'ignore',
  });
}

const startHogs = (): ChildProcess[] => Array.from({ length: HOGS }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));

/**
 * Marks taken in the page (Playwright's polling would add its interval to every figure): the last
 * keydown, the moment the palette's input has the focus, its first listed command, and the first
 * row of each list rendered by the app (not the copy of the last screen).
 */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __keyAt?: number; __paletteAt?: number; __paletteItemAt?: number; __rowAt?: Record<string, number> };
    w.__rowAt = {};
    document.addEventListener('keydown', () => (w.__keyAt = performance.now()), true);
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (
        w.__paletteAt === undefined &&
        active instanceof HTMLInputElement &&
        active.closest('[role="dialog"]') &&
        active.getAttribute('aria-autocomplete') === 'list'
      )
        w.__paletteAt = performance.now();
      if (w.__paletteItemAt === undefined && document.querySelector('[role="dialog"] [role="option"]')) w.__paletteItemAt = performance.now();
      for (const row of Array.from(document.querySelectorAll('[role="grid"] tbody tr[id*="-row-"]'))) {
        if (row.closest('[data-screen-snapshot]')) continue;
        const list = row.id.slice(0, row.id.indexOf('-row-'));
        if (w.__rowAt && w.__rowAt[list] === undefined) w.__rowAt[list] = performance.now();
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-activedescendant', 'data-focused'] });
    document.addEventListener('focusin', () => {
      const active = document.activeElement;
      if (w.__paletteAt === undefined && active instanceof HTMLInputElement && active.closest('[role="dialog"]')) w.__paletteAt = performance.now();
    });
  });
}

async function until<T>(page: Page, read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await page.evaluate(read);
    if (value !== undefined && value !== null) return value as T;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Figures {
  paletteInput: number[];
  paletteItem: number[];
  navigation: number[];
}

async function oneShift(browser: Browser, figures: Figures): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await instrument(page);
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await page.waitForTimeout(300);

  await page.keyboard.press('Control+k');
  const keyAt = await until(page, () => (window as unknown as { __keyAt?: number }).__keyAt, 'the key');
  const inputAt = await until(page, () => (window as unknown as { __paletteAt?: number }).__paletteAt, 'the palette input');
  const itemAt = await until(page, () => (window as unknown as { __paletteItemAt?: number }).__paletteItemAt, 'a palette command');
  figures.paletteInput.push(inputAt - keyAt);
  figures.paletteItem.push(itemAt - keyAt);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  for (const step of TRIP) {
    await page.evaluate((list) => {
      const w = window as unknown as { __rowAt: Record<string, number> };
      delete w.__rowAt[list];
    }, step.list);
    await page.keyboard.press(step.keys[0]);
    await page.keyboard.press(step.keys[1]);
    const pressedAt = await page.evaluate(() => (window as unknown as { __keyAt: number }).__keyAt);
    const rowAt = await waitRow(page, step.list);
    figures.navigation.push(rowAt - pressedAt);
    await page.waitForURL(`**${step.path}**`);
  }
  await context.close();
}

async function waitRow(page: Page, list: string): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const at = await page.evaluate((name) => (window as unknown as { __rowAt: Record<string, number> }).__rowAt[name], list);
    if (at !== undefined) return at;
    await page.waitForTimeout(50);
  }
  throw new Error(`no row of ${list}`);
}

async function main() {
  const server = startServer();
  const modes = {
    idle: { paletteInput: [], paletteItem: [], navigation: [] } as Figures,
    loaded: { paletteInput: [], paletteItem: [], navigation: [] } as Figures,
  };
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    // A warm-up shift: the server's first answers (query plans, caches) are not a user's first.
    await oneShift(browser, { paletteInput: [], paletteItem: [], navigation: [] });
    for (let i = 0; i < RUNS; i++) {
      await oneShift(browser, modes.idle);
      const hogs = startHogs();
      try {
        await oneShift(browser, modes.loaded);
      } finally {
        for (const hog of hogs) hog.kill('SIGKILL');
      }
    }
    await browser.close();
  } finally {
    server.kill('SIGTERM');
  }
  const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms   p95 ${pct(xs, 95).toFixed(0).padStart(5)} ms   (n=${xs.length})`;
  console.log(`shift start, ${RUNS} sign-ins per mode, loaded = ${HOGS} CPU-spinning processes on ${cpus().length} cores`);
  for (const [mode, f] of Object.entries(modes)) {
    console.log(`${mode}:`);
    console.log(`  first Ctrl+K after sign-in -> input focused   ${fmt(f.paletteInput)}`);
    console.log(`  first Ctrl+K after sign-in -> first command   ${fmt(f.paletteItem)}`);
    console.log(`  go keys -> first row of the list              ${fmt(f.navigation)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
