import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { OrderChangeLogEntry, OrderDetail } from '../src/contract/orders';
import { ADMIN, authToken, callApiWithToken, savedLists, serviceWorkerActivated, signIn } from './helpers';

/**
 * The offline action queue in the browser: approvals made without a connection wait
 * in the member's queue, survive an offline reload, and are sent in order, once each, when the
 * connection returns; one the server refuses meanwhile stays in the queue with the server's answer.
 */

const ordersTable = (page: Page) => page.getByRole('grid').first();
const rowMenu = (page: Page, id: number) => page.getByRole('button', { name: `Actions for order ${id}`, exact: true });
const orderRow = (page: Page, id: number) =>
  ordersTable(page)
    .locator('tbody tr')
    .filter({ has: rowMenu(page, id) });
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const queueButton = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

/** Reads the server from the test runner, which the page's offline mode does not touch. */
function serverReader(request: APIRequestContext, token: string) {
  return {
    async status(id: number): Promise<string> {
      return (await callApiWithToken<OrderDetail>(request, token, 'GET', `/api/v1/admin/orders/${id}`)).status;
    },
    /** The order's change-log entries of this action. */
    async logEntries(id: number, actionType: string): Promise<OrderChangeLogEntry[]> {
      const entries = await callApiWithToken<OrderChangeLogEntry[]>(request, token, 'GET', `/api/v1/admin/orders/${id}/change-logs`);
      return entries.filter((e) => e.actionType === actionType);
    },
  };
}

async function approveThroughMenu(page: Page, id: number): Promise<void> {
  await rowMenu(page, id).click();
  await page.getByRole('menuitem', { name: /^Approve/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your move' });
  await expect(confirm).toContainText(`Approve order ${id}?`);
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Approve order ${id} queued — it will be sent when you are back online.`, { exact: true })).toBeVisible();
}

test('approvals made offline survive a reload and are sent once each when the connection returns; a refused one keeps its error', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, ADMIN, '/');
  await serviceWorkerActivated(page);

  // Online: the moderation list is shown (and saved) and three of its orders are picked.
  await page.goto('/orders?status=in_moderation');
  const rows = ordersTable(page).locator('tbody tr[id^="orders-row-"]');
  await expect(rows.nth(2)).toBeVisible();
  const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => Number((await rows.nth(i).getAttribute('id'))!.replace('orders-row-', ''))));
  const server = serverReader(request, await authToken(page));
  for (const id of [a, b, c]) {
    expect(await server.status(id), `order ${id}`).toBe('in_moderation');
    expect(await server.logEntries(id, 'approve'), `order ${id}`).toEqual([]);
  }
  await expect.poll(() => savedLists(page, '"orders"', 'in_moderation')).toBeGreaterThan(0);
  await expect(page.getByText(/^Offline/)).toHaveCount(0);

  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));

  // Offline: each approval is queued, and the header counts them.
  await context.setOffline(true);
  await approveThroughMenu(page, a);
  await approveThroughMenu(page, b);
  await expect(queueButton(page, '2 queued actions')).toBeVisible();
  await approveThroughMenu(page, c);
  await expect(queueButton(page, '3 queued actions')).toBeVisible();

  // Meanwhile someone else rejects C on the server, so its approval will be refused.
  await callApiWithToken(request, await authToken(page), 'POST', '/api/v1/admin/orders/reject', { orderId: c });
  expect(await server.status(c)).toBe('canceled');

  // An offline reload: the shell, the saved rows and the queue, in order, nothing sent yet.
  await page.reload();
  await expect(mainNavigation(page)).toBeVisible();
  for (const id of [a, b, c]) await expect(orderRow(page, id)).toContainText('In moderation');
  await queueButton(page, '3 queued actions').click();
  const drawer = page.getByRole('dialog', { name: 'Queued actions' });
  await expect(drawer).toContainText('You are offline.');
  const items = drawer.getByRole('list', { name: 'Queued actions' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  for (const [i, id] of [a, b, c].entries()) {
    await expect(items.nth(i)).toHaveAccessibleName(`Approve order ${id}`);
    await expect(items.nth(i)).toContainText('Waiting');
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  for (const id of [a, b]) {
    expect(await server.status(id), `order ${id} before the connection returns`).toBe('in_moderation');
  }

  // Back online: the queue is sent in order; A and B approved once each, C refused with 409.
  await context.setOffline(false);
  await expect(queueButton(page, '1 queued action, 1 failed')).toBeVisible({ timeout: 20_000 });
  for (const id of [a, b]) {
    expect(await server.status(id), `order ${id}`).toBe('in_processing');
    expect(await server.logEntries(id, 'approve'), `approvals of order ${id}`).toHaveLength(1);
  }
  expect(await server.status(c)).toBe('canceled');
  expect(await server.logEntries(c, 'approve')).toEqual([]);
  const conflict = `Order ${c} cannot be approved: it is canceled.`;
  // The refusal is told at once, and stays until dismissed.
  const refusal = page.getByRole('alert').filter({ hasText: `Approve order ${c} failed` });
  await expect(refusal).toContainText(conflict);
  await refusal.getByRole('button').click();
  await expect(refusal).toBeHidden();
  // The moderation list is reloaded: the approved orders left it.
  await expect(orderRow(page, a)).toHaveCount(0);
  await expect(orderRow(page, b)).toHaveCount(0);

  await queueButton(page, '1 queued action, 1 failed').click();
  await expect(items).toHaveCount(1);
  const refused = items.first();
  await expect(refused).toHaveAccessibleName(`Approve order ${c}`);
  await expect(refused).toContainText('Failed');
  await expect(refused.getByRole('alert')).toContainText('Refused by the server (409)');
  await expect(refused.getByRole('alert')).toContainText(conflict);
  await page.keyboard.press('Escape');

  // Another reload online sends nothing again: the sent items are gone, the refused one stays.
  await page.reload();
  await expect(mainNavigation(page)).toBeVisible();
  await expect(queueButton(page, '1 queued action, 1 failed')).toBeVisible();
  for (const id of [a, b]) {
    expect(await server.logEntries(id, 'approve'), `approvals of order ${id} after a reload`).toHaveLength(1);
  }

  expect(crashes).toEqual([]);
});

test.describe('an approval whose answer never came back', () => {
  // No offline start here: without the worker every request of the page reaches page.route.
  test.use({ serviceWorkers: 'block' });

  test('is queued with the key it was sent with and, sent again, runs once on the server', async ({ page, request }) => {
    await signIn(page, ADMIN);
    await page.goto('/orders?status=in_moderation');
    const firstRow = ordersTable(page).locator('tbody tr[id^="orders-row-"]').first();
    await expect(firstRow).toBeVisible();
    const id = Number((await firstRow.getAttribute('id'))!.replace('orders-row-', ''));
    const server = serverReader(request, await authToken(page));
    expect(await server.status(id)).toBe('in_moderation');

    // The first approval reaches the server, but its answer is lost on the way back.
    const sentKeys: string[] = [];
    const replayedAnswers: (string | undefined)[] = [];
    await page.route('**/api/v1/admin/orders/approve', async (route) => {
      sentKeys.push(route.request().headers()['idempotency-key']);
      const answer = await route.fetch();
      if (sentKeys.length === 1) {
        await route.abort('internetdisconnected');
        return;
      }
      replayedAnswers.push(answer.headers()['idempotent-replayed']);
      await route.fulfill({ response: answer });
    });

    await approveThroughMenu(page, id);
    expect(await server.status(id)).toBe('in_processing');
    expect(await server.logEntries(id, 'approve')).toHaveLength(1);

    // Sent again from the queue: the server answers what it answered the first time.
    await queueButton(page, '1 queued action').click();
    const drawer = page.getByRole('dialog', { name: 'Queued actions' });
    await expect(drawer.getByRole('listitem', { name: `Approve order ${id}` })).toContainText('Waiting');
    await drawer.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText(`Approve order ${id}: done.`)).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(queueButton(page, '1 queued action')).toHaveCount(0);

    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[1]).toBe(sentKeys[0]);
    expect(replayedAnswers).toEqual(['true']);
    expect(await server.logEntries(id, 'approve'), 'approvals on the server').toHaveLength(1);
  });
});
