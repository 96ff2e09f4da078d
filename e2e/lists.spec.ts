import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './helpers';

/**
 * Lists a moderator lives in, at 1440×900: one-line rows (at least 15 on screen for orders, users
 * and drip-feed; that no list is wider than the screen is checked on every screen's visit in
 * accessibility.spec.ts), and history that behaves — Back undoes
 * a filter change, while typing a search replaces the entry instead of adding one; a record's
 * way back returns to its list as it was left.
 */

const ROWS = '[role="grid"] tbody tr[id*="-row-"]';
const SHOTS = 'test-results/screens';

async function openList(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  if (new URL(page.url()).pathname !== path.split('?')[0] || !(await page.locator('[role="grid"]').count())) return false;
  await expect(page.locator(ROWS).or(page.getByText('No data found')).first()).toBeVisible();
  await expect(page.locator('[aria-busy="false"][aria-label*="opens the row menu"]')).toBeVisible();
  return true;
}

/** Rows whose whole height is inside the viewport, and the rows' heights. */
function visibleRows(page: Page) {
  return page.evaluate((selector) => {
    const rows = Array.from(document.querySelectorAll<HTMLElement>(selector));
    const heights = rows.map((row) => row.getBoundingClientRect().height);
    const inView = rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length;
    return { inView, heights, max: Math.max(0, ...heights) };
  }, ROWS);
}

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('at least 15 one-line rows are on screen in orders, users and drip-feed', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const [path, query] of [
      ['/orders', '?status=completed'],
      ['/users', ''],
      ['/drip-feed', '?status=completed,canceled,in_processing'],
    ] as const) {
      expect(await openList(page, `${path}${query}`), path).toBe(true);
      await page.screenshot({ path: `${SHOTS}${path}.png` });
      const rows = await visibleRows(page);
      console.log(`${path}: ${rows.inView} rows on screen, row height ${Math.min(...rows.heights)}–${rows.max} px`);
      expect(rows.inView, `${path} rows on screen`).toBeGreaterThanOrEqual(15);
      expect(rows.max, `${path} tallest row`).toBeLessThanOrEqual(44);
    }
    // Compact rows, kept for the member.
    await openList(page, '/orders?status=completed');
    await page.getByRole('button', { name: 'Compact rows' }).click();
    await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
    const compact = await visibleRows(page);
    console.log(`/orders compact: ${compact.inView} rows on screen, row height up to ${compact.max} px`);
    await page.screenshot({ path: `${SHOTS}/orders-compact.png` });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
    expect(compact.max).toBeLessThan(36);
    await page.getByRole('button', { name: 'Compact rows' }).click();
  });

  test('Back after a filter change restores the previous filter; typing a search replaces', async ({ page }) => {
    await signIn(page, ADMIN);
    await openList(page, '/orders?status=in_moderation');
    const chip = page.getByRole('group', { name: 'Active filters' });
    await expect(chip).toContainText('Status: In moderation');

    await page.getByRole('button', { name: 'Remove filter Status' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).not.toBe('in_moderation');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('in_moderation');
    await expect(chip).toContainText('Status: In moderation');
    await expect(page).toHaveURL(/\/orders\?/);

    // A sort is an entry of its own too.
    await page.getByRole('button', { name: /^Created/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('createdAt:asc');
    const before = await page.evaluate(() => history.length);
    await page.getByRole('searchbox').fill('instagram');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('instagram');
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('in_moderation');
  });

  test('a record screen links back to its list as the member left it: filters and sort', async ({ page }) => {
    await signIn(page, ADMIN);
    await openList(page, '/orders?status=completed&sort=createdAt:asc');
    const firstRow = page.locator(ROWS).first();
    const firstId = await firstRow.getAttribute('id');
    await expect(firstRow).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Order \d+$/ })).toBeVisible();

    // The header's way back is a link named after the list (it opens in a new tab too).
    const back = page.getByRole('main').getByRole('link', { name: 'Orders', exact: true });
    await expect(back).toHaveAttribute('href', '/orders');
    await back.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('completed');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('createdAt:asc');
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Status: Completed');
    await expect(page.locator(ROWS).first()).toHaveAttribute('id', firstId!);
  });
});
