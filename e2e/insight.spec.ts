import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, MANAGER, callApi, signIn } from './helpers';
import { parseCsv } from '../tests/server/helpers/csv';

/**
 * Insight: CSV export of a filtered list. The orders list is filtered, sorted and given its
 * columns in the URL; "Export CSV" downloads a file whose header row is the visible columns and
 * whose rows are exactly the list's rows (every page, in order), as the API lists them; the
 * palette's "export orders" downloads the same file. A view saved and shared by the admin opens
 * from the manager's palette as the same filtered list.
 */

const ROWS = '[role="grid"] tbody tr[id*="-row-"]';

async function csvOf(download: Download): Promise<string[][]> {
  return parseCsv(await readFile((await download.path())!, 'utf8'));
}

interface OrderItem {
  id: number;
  status: string;
  price: string;
  quantity: number;
  user: { email: string } | null;
}

/** Every row of the filtered list through the table endpoint, page after page. */
async function listedOrders(page: Page): Promise<OrderItem[]> {
  const all: OrderItem[] = [];
  for (let n = 1; ; n++) {
    const answer = await callApi<{ items: OrderItem[] }>(page, 'POST', '/api/v1/admin/orders/table', {
      headers: [{ value: 'status', filter: ['canceled'] }],
      options: { page: n, itemsPerPage: 1000, sortBy: ['quantity'], sortDesc: [true] },
      search: '',
    });
    all.push(...answer.items);
    if (answer.items.length < 1000) return all;
  }
}

test('a filtered list exports exactly its rows and visible columns, from the toolbar and from the palette', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/orders?status=canceled&sort=quantity:desc&cols=id,status,price,user.email,quantity');
  await expect(page.locator(ROWS).first()).toBeVisible();
  await expect(page.locator('[aria-busy="false"][aria-label*="exports CSV"]')).toBeVisible();
  const onScreen = await page.locator(ROWS).evaluateAll((rows) => rows.map((r) => r.id.split('-row-')[1]));
  const range = (await page.getByTestId('table-range').textContent()) ?? '';
  const total = Number(range.split(' of ')[1]?.replace(/\D/g, ''));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d-\d{4}\.csv$/);
  const [header, ...rows] = await csvOf(download);
  await expect(page.getByText(`${rows.length.toLocaleString('en')} rows saved to ${download.suggestedFilename()}.`)).toBeVisible();
  expect(header).toEqual(['ID', 'Status', 'Price', 'User', 'Quantity']);
  for (const name of header) await expect(page.getByRole('columnheader', { name: new RegExp(`^${name}`) }).first()).toBeVisible();

  // Every page of the list, in its order: as many rows as the footer says, the first page as shown.
  const listed = await listedOrders(page);
  expect(rows.length).toBe(total);
  expect(rows.length).toBe(listed.length);
  expect(rows.length).toBeGreaterThan(onScreen.length);
  expect(rows.slice(0, onScreen.length).map((r) => r[0])).toEqual(onScreen);
  expect(rows.map((r) => r[0])).toEqual(listed.map((o) => String(o.id)));
  expect(rows.map((r) => r[1])).toEqual(listed.map(() => 'canceled'));
  expect(rows.map((r) => r[2])).toEqual(listed.map((o) => o.price));
  expect(rows.map((r) => r[3])).toEqual(listed.map((o) => o.user?.email ?? ''));
  expect(rows.map((r) => Number(r[4]))).toEqual(listed.map((o) => o.quantity));

  // The palette: "export orders" exports the list on screen, as it is filtered.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('combobox', { name: 'Command palette', exact: true });
  await expect(palette).toBeFocused();
  await palette.fill('export orders');
  await expect(page.getByRole('option', { name: /Export orders as CSV/ }).first()).toHaveAttribute('aria-selected', 'true');
  const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const [header2, ...rows2] = await csvOf(again);
  expect(header2).toEqual(header);
  expect(rows2.map((r) => r[0])).toEqual(rows.map((r) => r[0]));
});

test("a view the admin saves and shares opens from the manager's palette as the same list", async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const address = '/orders?status=in_processing&sort=createdAt:asc&cols=id,status,createdAt,user.email';
  await page.goto(address);
  await expect(page.locator(ROWS).first()).toBeVisible();
  const firstIds = await page.locator(ROWS).evaluateAll((rows) => rows.slice(0, 5).map((r) => r.id.split('-row-')[1]));
  await page.getByRole('button', { name: /^Views/ }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view of orders' });
  const name = `Stuck over 24 h ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Share with all staff' }).check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toHaveCount(0);

  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, MANAGER, '/');
  await manager.keyboard.press('Control+k');
  const palette = manager.getByRole('combobox', { name: 'Command palette', exact: true });
  await palette.fill(name.toLowerCase());
  await expect(manager.getByRole('option', { name: new RegExp(`Orders: ${name}`) }).first()).toHaveAttribute('aria-selected', 'true');
  await manager.keyboard.press('Enter');
  await expect(manager).toHaveURL(/\/orders\?/);
  const url = new URL(manager.url());
  // in_processing is the orders list's default status: the view's address leaves it to the list.
  expect(url.searchParams.get('sort')).toBe('createdAt:asc');
  expect(url.searchParams.get('cols')).toBe('id,status,createdAt,user.email');
  await expect(manager.getByRole('button', { name: 'Remove filter Status' })).toBeVisible();
  await expect(manager.locator(ROWS).first()).toBeVisible();
  expect(await manager.locator(ROWS).evaluateAll((rows) => rows.slice(0, 5).map((r) => r.id.split('-row-')[1]))).toEqual(firstIds);
  await expect(manager.getByRole('columnheader', { name: /^Service/ })).toHaveCount(0);
  await context.close();
});

test('the dashboard charts what the member may see; a bar opens the filtered list, and the table view is the same figures as links', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/');
  const statuses = page.locator('[data-chart="statuses"]');
  await expect(statuses.locator('.recharts-bar-rectangle').first()).toBeVisible();
  for (const chart of ['orders', 'refunds', 'services', 'providers', 'users']) await expect(page.locator(`[data-chart="${chart}"]`)).toBeVisible();

  // The table view of "Orders by status now" names each status with its count; a status's bar opens that list.
  await statuses.getByText('Table', { exact: true }).click();
  await expect(statuses.getByRole('radio', { name: 'Table' })).toBeChecked();
  const canceledRow = statuses.getByRole('row').filter({ has: page.getByRole('link', { name: 'Canceled orders' }) });
  const canceled = Number((await canceledRow.getByRole('cell').nth(1).textContent())!.replace(/\D/g, ''));
  expect(canceled).toBeGreaterThan(0);
  await statuses.getByText('Chart', { exact: true }).click();
  const labels = ['In processing', 'In moderation', 'Completed', 'Stopped', 'Canceled', 'Unpaid'];
  await statuses.locator('.recharts-bar-rectangle').nth(labels.indexOf('Canceled')).click();
  await expect(page).toHaveURL(/\/orders\?(.*&)?status=canceled/);
  await expect(page.getByTestId('table-range')).toContainText(` of ${canceled.toLocaleString('en-US').replace(/,/g, ' ')}`);

  // A day's bar of "Orders per day" opens the orders placed that day, whatever their status.
  await page.goto('/');
  const orders = page.locator('[data-chart="orders"]');
  await orders.locator('.recharts-bar-rectangle').last().click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(page).toHaveURL(new RegExp(`/orders\\?.*createdAt=${today}\\.\\.${today}`));
  await expect(page.locator(ROWS).first()).toBeVisible();
});

test('the manager without finance sees orders per day without money, and no provider spend', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/');
  await expect(page.locator('[data-chart="orders"]').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders per day' })).toBeVisible();
  await expect(page.locator('[data-chart="providers"]')).toHaveCount(0);
});
