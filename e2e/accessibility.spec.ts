import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SCREENS } from './screens';
import { findingsLog, scan, startLight } from './axe';
import { ADMIN, headerProblems, login, navigateInApp, sidewaysOverflow, signIn } from './helpers';

/**
 * Every screen the console registers, at 1440×900: no serious or critical accessibility violation
 * in the light and the dark theme (the scan: e2e/axe.ts), no list wider than the screen with
 * its default columns (neither the page nor the table scrolls sideways), no other screen that
 * scrolls the page sideways, and column headers that hold their shape on every table (none
 * overlaps another, none is wider than its column, none is cut off: e2e/helpers.ts headerProblems).
 *
 * The screens come from the app's registry, not from a list here: every path of the screen table
 * (src/console/app/screens.ts: the core rows and each area's `defineArea` rows, read by e2e/screens.ts)
 * is opened, and the ones an area gives a component or a list (the others send
 * the member Home) are scanned. A record screen (`/orders/:id`) is reached by opening the first row
 * of its list. Beside the screens: the login screen, the command palette and an action's dialog.
 * The screens are shared among several tests (SHARDS below), so Playwright's workers scan them
 * side by side; each screen is opened once for both checks.
 */

// AXE_ONLY (a regular expression over paths) scans some screens while an area is being built; CI scans all.
const only = process.env.AXE_ONLY ? new RegExp(process.env.AXE_ONLY) : null;
const screenPaths = SCREENS.filter((s) => s.access.kind === 'auth' || s.access.kind === 'groups' || s.access.kind === 'permissions')
  .map((s) => s.path)
  .filter((path) => !only || only.test(path));

/**
 * The screens in SHARDS tests that Playwright's workers share (each has its own server): a list
 * and the screens under it (`/orders`, `/orders/:id`) stay in one test, as a record screen is
 * reached from its list. The login screen, the palette and an action's dialog are one more test.
 */
const SHARDS = 4;
const shards: string[][] = Array.from({ length: SHARDS }, () => []);
const byArea = new Map<string, string[]>();
for (const path of screenPaths) {
  const area = path.split('/')[1] ?? '';
  byArea.set(area, [...(byArea.get(area) ?? []), path]);
}
[...byArea.values()].forEach((paths, i) => shards[i % SHARDS].push(...paths));

/**
 * Opens a path inside the console, as its links do (the walk is about the screens, not about
 * loading the app sixty times); true when the app shows it (a path no area registers sends the
 * member Home).
 */
async function open(page: Page, path: string): Promise<boolean> {
  await navigateInApp(page, path);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // A path without a screen of its own is sent Home by its route's guard a moment after the push.
  await page.waitForTimeout(250);
  return new URL(page.url()).pathname === path;
}

async function waitForRows(page: Page) {
  // The other worker's scans keep both cores busy: a list's first rows have come past 10 s there.
  await expect(page.locator('[role="grid"] tbody tr[id*="-row-"]').or(page.getByText('No data found')).first()).toBeVisible({ timeout: 30_000 });
}

/** Opens a path; true when it shows a table, its rows loaded. */
async function openList(page: Page, path: string): Promise<boolean> {
  if (!(await open(page, path))) return false;
  if (!(await page.locator('[role="grid"]').count())) return false;
  await waitForRows(page);
  return true;
}

/** The headers of every table hold their shape; a screen that is not a list does not scroll the page sideways (a list's own check is above). */
async function expectShape(page: Page, path: string, list: boolean) {
  expect.soft(await headerProblems(page), `${path}: column headers`).toEqual([]);
  if (!list) expect.soft((await sidewaysOverflow(page)).page, `${path}: the page scrolls sideways`).toBe(0);
}

/** What a screen's scan covers: its own content (the shell around it is scanned once per part). */
const MAIN = '#main-content';

test.describe.configure({ mode: 'parallel' });

shards.forEach((paths, index) => {
  test(`the registered screens: no serious or critical violation in either theme, no list scrolls sideways (${index + 1} of ${SHARDS}: ${paths[0] ?? 'none'} …)`, async ({
    page,
  }) => {
    // The screens of a quarter of the areas, one after another: the time grows with the areas.
    test.setTimeout(600_000);
    await startLight(page);
    const log = findingsLog();
    const lists: string[] = [];
    try {
      // Signed in and on Home: the app shell (navigation, header, counters) is scanned here, once
      // per part; the screens after it are scanned inside their main content.
      await signIn(page, ADMIN, '/');
      await expect(page.locator('#main-content :is(h1, h2)').first()).toBeVisible();
      log.add('the app shell', await scan(page, 'the app shell'));
      for (const path of paths.filter((p) => !p.includes(':'))) {
        if (!(await open(page, path))) continue;
        if (await page.locator('[role="grid"]').count()) {
          lists.push(path);
          await waitForRows(page);
          await expect(page.locator('[aria-busy="false"][aria-label*="opens the row menu"]')).toBeVisible();
          const overflow = await sidewaysOverflow(page);
          console.log(`${path}: table overflow ${overflow.table} px, page overflow ${overflow.page} px`);
          expect.soft(overflow, `${path} scrolls sideways`).toEqual({ table: 0, page: 0 });
        }
        log.add(path, await scan(page, path, MAIN));
        // After the scan, whose two themes give a screen's own tables time to arrive.
        await expectShape(page, path, lists.includes(path));
      }

      // Record screens: the first row of their list, opened with Enter.
      for (const pattern of paths.filter((p) => p.includes(':'))) {
        const listPath = pattern.slice(0, pattern.indexOf('/:'));
        if (!lists.includes(listPath)) continue;
        // A screen under a record ('/external-panels/:id/sync') is reached from that record's screen.
        const afterParam = pattern.slice(listPath.length + 2);
        const suffix = afterParam.includes('/') ? afterParam.slice(afterParam.indexOf('/')) : '';
        const recordPattern = pattern.slice(0, pattern.length - suffix.length);
        await open(page, listPath);
        await waitForRows(page);
        const firstRow = page.locator('[role="grid"] tbody tr[id*="-row-"]').first();
        if (!(await firstRow.count())) continue;
        // The first row is focused on arrival; Enter opens it.
        await expect(firstRow).toHaveAttribute('data-focused', 'true');
        await page.keyboard.press('Enter');
        const shape = new RegExp(`^${recordPattern.replace(/:[^/]+/g, '[^/]+')}$`);
        await expect.poll(() => new URL(page.url()).pathname).toMatch(shape);
        if (suffix) await page.goto(`${new URL(page.url()).pathname}${suffix}`);
        await expect(page.locator('#main-content :is(h1, h2, h3, [role="alert"])').first()).toBeVisible();
        log.add(pattern, await scan(page, pattern, MAIN));
        await expectShape(page, pattern, false);
      }
    } finally {
      log.report();
    }
    expect(log.scanned.length).toBeGreaterThan(0);
    expect(log.findings).toEqual([]);
  });
});

test("no serious or critical violation on the login screen, the command palette and an action's dialog, light and dark theme", async ({ page }) => {
  test.setTimeout(300_000);
  await startLight(page);
  const log = findingsLog();
  let dialogScanned = false;
  try {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    log.add('/login', await scan(page, '/login'));
    await login(page, ADMIN);

    // The command palette, open over the first list.
    const listPaths = screenPaths.filter((p) => !p.includes(':'));
    let first: string | undefined;
    for (const path of listPaths) {
      if (await openList(page, path)) {
        first = path;
        break;
      }
    }
    expect(first, 'a registered list').toBeDefined();
    await page.keyboard.press('Control+k');
    const palette = page.locator('[cmdk-root]');
    await expect(palette).toBeVisible();
    await page.keyboard.type('orders');
    log.add('palette', await scan(page, 'palette'));
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    // An action's dialog: the first row action that opens one, on the first list offering it.
    for (const path of listPaths) {
      if (dialogScanned) break;
      if (!(await openList(page, path))) continue;
      const menuButtons = page.getByRole('button', { name: /^Actions for / });
      if (!(await menuButtons.count())) continue;
      await menuButtons.first().click();
      const item = page.locator('[role="menuitem"][aria-haspopup="dialog"]:not([data-disabled])').first();
      if (!(await item.count())) {
        await page.keyboard.press('Escape');
        continue;
      }
      await item.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      log.add(`${path} dialog`, await scan(page, `${path} dialog`));
      dialogScanned = true;
      await page.keyboard.press('Escape');
    }
  } finally {
    log.report();
  }
  expect(log.scanned).toContain('palette');
  expect(dialogScanned).toBe(true);
  expect(log.findings).toEqual([]);
});

test('the screens are shared out whole: every registered screen in exactly one part, a record screen with its list', () => {
  expect(shards.flat().sort()).toEqual([...screenPaths].sort());
  for (const pattern of screenPaths.filter((p) => p.includes(':'))) {
    const listPath = pattern.slice(0, pattern.indexOf('/:'));
    if (!screenPaths.includes(listPath)) continue;
    expect(shards.find((paths) => paths.includes(pattern))).toContain(listPath);
  }
  if (!only) expect(shards.filter((paths) => paths.some((p) => p.includes(':'))).length).toBeGreaterThan(1);
});
