import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, MANAGER, signIn } from './helpers';

const usersTable = (page: Page) => page.getByRole('grid').first();
const firstEmailCell = (page: Page) => usersTable(page).locator('tbody tr').first().locator('td', { hasText: '@' }).first();

test.describe('users list', () => {
  test('a filtered URL reproduces the same rows in a new page', async ({ page, context }) => {
    await signIn(page, ADMIN);
    await page.goto('/users?status=frozen&sort=id:asc&perPage=10');
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(10);
    const firstPage = await usersTable(page).locator('tbody tr').allInnerTexts();
    expect(firstPage.every((row) => /Frozen/.test(row))).toBeTruthy();

    const other = await context.newPage();
    await other.goto(page.url());
    await expect(usersTable(other).locator('tbody tr')).toHaveCount(10);
    expect(await usersTable(other).locator('tbody tr').allInnerTexts()).toEqual(firstPage);
  });

  test('a reload paints the cached rows before the API answers', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/users');
    await expect(firstEmailCell(page)).toBeVisible();
    const email = (await firstEmailCell(page).innerText()).trim();

    // Hold the next table answer until the cached rows have been seen on screen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/admin/users/table', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(usersTable(page).getByText(email)).toBeVisible();
    await expect(page.getByTestId('table-updating')).toBeVisible();
    // The copy of the last screen painted by index.html has handed over to the app, whose rows
    // come from IndexedDB while the API is still held.
    await expect(page.locator('[data-screen-snapshot]')).toHaveCount(0);
    await expect(page.locator('[role="grid"] tbody tr', { hasText: email })).toHaveCount(1);
    release();
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    await expect(usersTable(page).getByText(email)).toBeVisible();
  });

  test('freeze then activate a user through confirmations', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/users?search=bob%40example.com&status=active');
    const row = usersTable(page).locator('tbody tr', { hasText: 'bob@example.com' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /Actions for user/ }).click();
    await page.getByRole('menuitem', { name: /Freeze/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your move' });
    await expect(dialog).toContainText('You can undo it for a few seconds after');
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    // The active list no longer holds bob.
    await expect(usersTable(page).locator('tbody tr', { hasText: 'bob@example.com' })).toHaveCount(0);

    await page.goto('/users?search=bob%40example.com&status=frozen');
    const frozen = usersTable(page).locator('tbody tr', { hasText: 'bob@example.com' });
    await expect(frozen).toContainText('Frozen');
    await frozen.getByRole('button', { name: /Actions for user/ }).click();
    await expect(page.getByRole('menuitem', { name: /Freeze/ })).toHaveCount(0);
    await page.getByRole('menuitem', { name: /Activate/ }).click();
    await page.getByRole('dialog', { name: 'Confirm your move' }).getByRole('button', { name: 'Proceed' }).click();
    await expect(usersTable(page).locator('tbody tr', { hasText: 'bob@example.com' })).toHaveCount(0);

    await page.goto('/users?search=bob%40example.com&status=active');
    await expect(usersTable(page).locator('tbody tr', { hasText: 'bob@example.com' })).toContainText('Active');
  });

  test('the manager is never offered Deactivate', async ({ page }) => {
    await signIn(page, MANAGER);
    await page.goto('/users?status=active');
    const row = usersTable(page).locator('tbody tr').first();
    await row.getByRole('button', { name: /Actions for user/ }).click();
    await expect(page.getByRole('menuitem', { name: /Freeze/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Deactivate/ })).toHaveCount(0);
  });
});
