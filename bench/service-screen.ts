/**
 * The service screen's time to interactive: navigation start to the service's form in the
 * document with its name filled (every section rendered, the save button present), opening
 * /services/:id directly, warm (the console's code cached by the browser) and after a reload.
 * Run after `npm run build`: `npx tsx bench/service-screen.ts [runs=10]` (starts its own server on
 * port 8096 with the demo catalogue).
 *
 * Figures only: nothing here asserts a time.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const RUNS = Math.max(3, Number(process.argv[2] ?? 10));
const PORT = 8096;
const BASE = `http://127.0.0.1:${PORT}`;
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
  throw new Error('server did not start');
}

async function main() {
  const dataDir = `.bench-data-${PORT}`;
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SIMULATOR: 'off', SEED_ORDERS: '2000', SEED_SERVICES: '2000' },
    stdio: 'ignore',
  });
  try {
    await waitForServer();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const ids: number[] = await page.evaluate(async () => {
      const token = document.cookie.match(/(?:^|; )AUTH_TOKEN=([^;]+)/)?.[1];
      const q = encodeURIComponent(JSON.stringify({ options: { page: 1, itemsPerPage: 50 } }));
      const res = await fetch(`/api/v1/admin/services?q=${q}`, {
        headers: token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {},
      });
      return res.ok ? ((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id) : [];
    });
    if (ids.length === 0) throw new Error('no services to open (the services table answered nothing)');

    // The moment the form's save button and a filled name input are both in the document.
    const ready = async () => {
      await page.getByRole('button', { name: 'Save service' }).waitFor();
      await page.waitForFunction(
        () => {
          const name = document.querySelector<HTMLInputElement>('form input[name="translations.en.name"]');
          return !!name && name.value !== '';
        },
        undefined,
        { polling: 'raf' },
      );
      return page.evaluate(() => performance.now());
    };
    const direct: number[] = [];
    const reload: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${BASE}/services/${ids[i % ids.length]}`);
      direct.push(await ready());
      await page.reload();
      reload.push(await ready());
    }
    await browser.close();
    const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(0)} ms  p95 ${pct(xs, 95).toFixed(0)} ms`;
    console.log(`service screen, navigation start -> form filled and ready, ${RUNS} runs`);
    console.log(`  opened by address: ${fmt(direct)}`);
    console.log(`  reloaded:          ${fmt(reload)}`);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
