import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { OrderDetail, OrderRow } from '../src/contract/orders';
import type { ProviderOptionsPage } from '../src/contract/providers';
import type { TableHeader } from '../src/contract/table';
import { ADMIN, callApi, displayedMoney, parseDisplayedMoney, signIn } from './helpers';

/**
 * The orders area in the browser: moderation, cancel with a refund (and the customer's balance),
 * a server field error in the cancel dialog, bulk pause/activate and change provider. Every test
 * picks its own orders through the API by their current state, so the tests do not depend on
 * one another's changes.
 */

const ordersTable = (page: Page) => page.getByRole('grid').first();
const rowMenu = (page: Page, id: number) => page.getByRole('button', { name: `Actions for order ${id}`, exact: true });
// By the row's own id: an order with no action left (a canceled one) has no actions menu.
const orderRow = (page: Page, id: number) => ordersTable(page).locator(`tbody tr[id$="-row-${id}"]`);

/** Orders matching the column filters, newest first. */
async function findOrders(page: Page, filters: TableHeader[], options: { perPage?: number; queries?: Record<string, unknown> } = {}): Promise<OrderRow[]> {
  const answer = await callApi<{ items: OrderRow[] }>(page, 'POST', '/api/v1/admin/orders/table', {
    headers: [{ value: 'id' }, ...filters],
    options: { page: 1, itemsPerPage: options.perPage ?? 10, sortBy: ['id'], sortDesc: [true] },
    ...(options.queries ? { queries: options.queries } : {}),
  });
  return answer.items;
}

/** A paid order in this status with nothing refunded yet and at least `minPrice` paid. */
async function paidOrder(page: Page, status: string, minPrice: number): Promise<OrderRow> {
  const [order] = await findOrders(
    page,
    [
      { value: 'status', filter: [status] },
      { value: 'isPaid', filter: true },
      { value: 'price', filter: { from: minPrice } },
      { value: 'refundAmount', filter: { from: 0, to: 0 } },
    ],
    { perPage: 1 },
  );
  expect(order, `a paid ${status} order of at least ${minPrice}`).toBeDefined();
  return order;
}

/** A decimal string as the server words it in messages: '12.3400' -> '12.34', '7.1250' -> '7.125'. */
function serverMoney(decimal: string): string {
  const [whole, fraction = ''] = decimal.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

/** The customer's balance as the profile shows it. */
const profileBalance = (page: Page) => page.locator('dt', { hasText: /^Balance$/ }).locator('xpath=following-sibling::dd[1]');

async function openRowAction(page: Page, id: number, item: string | RegExp): Promise<void> {
  await rowMenu(page, id).click();
  await page.getByRole('menuitem', typeof item === 'string' ? { name: item, exact: true } : { name: item }).click();
}

async function chooseCancelReason(page: Page, reason: string): Promise<void> {
  const select = page.getByRole('dialog').getByRole('combobox', { name: 'Cancel reason' });
  // The reasons come from the server; the placeholder says so while they load.
  await expect(select).toHaveAttribute('placeholder', 'Choose a reason');
  await select.click();
  await page.getByRole('dialog').getByRole('option', { name: reason, exact: true }).click();
  await expect(select).toHaveValue(reason);
}

test.describe('orders', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test('approve and reject orders in moderation', async ({ page }) => {
    const [toApprove, toReject] = await findOrders(page, [{ value: 'status', filter: ['in_moderation'] }], { perPage: 2 });
    expect(toReject, 'two orders in moderation').toBeDefined();

    await page.goto(`/orders?status=in_moderation&id=${toApprove.id}`);
    await expect(orderRow(page, toApprove.id)).toContainText('In moderation');
    await openRowAction(page, toApprove.id, /^Approve/);
    const approveConfirm = page.getByRole('dialog', { name: 'Confirm your move' });
    await expect(approveConfirm).toContainText(`Approve order ${toApprove.id}?`);
    await approveConfirm.getByRole('button', { name: 'Proceed' }).click();
    await expect(approveConfirm).toBeHidden();
    // The moderation list no longer holds it; it is in processing now.
    await expect(orderRow(page, toApprove.id)).toHaveCount(0);
    await page.goto(`/orders?status=in_processing&id=${toApprove.id}`);
    await expect(orderRow(page, toApprove.id)).toContainText('In processing');

    await page.goto(`/orders?status=in_moderation&id=${toReject.id}`);
    await openRowAction(page, toReject.id, /^Reject/);
    const rejectConfirm = page.getByRole('dialog', { name: 'Confirm your move' });
    await expect(rejectConfirm).toContainText(`Reject order ${toReject.id}? What was paid goes back to the customer.`);
    await rejectConfirm.getByRole('button', { name: 'Proceed' }).click();
    await expect(rejectConfirm).toBeHidden();
    await expect(orderRow(page, toReject.id)).toHaveCount(0);
    await page.goto(`/orders?status=canceled&id=${toReject.id}`);
    await expect(orderRow(page, toReject.id)).toContainText('Canceled');
  });

  test("cancel with a refund raises the balance on the customer's profile", async ({ page }) => {
    const order = await paidOrder(page, 'in_processing', 5);
    const userId = order.user!.id;

    await page.goto(`/users/${userId}`);
    await expect(profileBalance(page)).toHaveText(/\$/);
    const before = parseDisplayedMoney(await profileBalance(page).innerText());

    await page.goto(`/orders?status=in_processing&id=${order.id}`);
    await openRowAction(page, order.id, 'Cancel and return money');
    const dialog = page.getByRole('dialog', { name: `Cancel and return money — order ${order.id}` });
    await expect(dialog).toBeVisible();
    await chooseCancelReason(page, 'Canceled at the customer’s request');
    await dialog.getByLabel('Cancel description').fill('Refund of 1.25 agreed with the customer');
    await expect(dialog.getByRole('checkbox', { name: 'Return money' })).toBeChecked();
    const amount = dialog.getByRole('textbox', { name: 'Refund amount' });
    // Wait for the default refund to arrive, then replace it with a known amount.
    await expect(amount).not.toHaveValue('');
    await amount.fill('1.25');
    await dialog.getByRole('button', { name: 'Cancel and return money' }).click();
    await expect(dialog).toBeHidden();
    // The notice says what moved: the refund, to whose balance.
    await expect(page.getByText(`Order ${order.id} canceled: $1.25 went back to ${order.user!.email}'s balance.`)).toBeVisible();

    await page.goto(`/users/${userId}`);
    await expect(profileBalance(page)).toHaveText(displayedMoney(before + 125n));
  });

  test('a server field error keeps the cancel dialog open until it is corrected', async ({ page }) => {
    const order = await paidOrder(page, 'in_processing', 2);
    const tooMuch = (Number(order.price) + 100).toFixed(2);

    await page.goto(`/orders?status=in_processing&id=${order.id}`);
    await openRowAction(page, order.id, 'Cancel');
    const dialog = page.getByRole('dialog', { name: `Cancel — order ${order.id}` });
    await chooseCancelReason(page, 'Other');
    await dialog.getByRole('checkbox', { name: 'Return money' }).check();
    const amount = dialog.getByRole('textbox', { name: 'Refund amount' });
    await expect(amount).not.toHaveValue('');
    await amount.fill(tooMuch);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();

    // The server refuses more than was paid: the message sits on the amount, the dialog stays.
    const message = `The amount may not be greater than ${serverMoney(order.price)}.`;
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(new RegExp(message.replace(/\./g, '\\.')));
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Cancel reason' })).toHaveValue('Other');

    await amount.fill('1');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(orderRow(page, order.id)).toHaveCount(0);
    await page.goto(`/orders?status=canceled&id=${order.id}&cols=id,status,refundAmount`);
    await expect(orderRow(page, order.id)).toContainText('Canceled');
    await expect(orderRow(page, order.id)).toContainText('$1.00');
  });

  test('bulk pause then activate', async ({ page }) => {
    // Two orders in processing of one customer, so the customer's list shows them together.
    const candidates = await findOrders(
      page,
      [
        { value: 'status', filter: ['in_processing'] },
        { value: 'isPaid', filter: true },
      ],
      { perPage: 100 },
    );
    const byUser = new Map<number, OrderRow[]>();
    for (const order of candidates) byUser.set(order.user!.id, [...(byUser.get(order.user!.id) ?? []), order]);
    const [userId] = [...byUser.entries()].find(([, orders]) => orders.length >= 2) ?? [];
    expect(userId, 'a customer with two orders in processing').toBeDefined();
    const [first, second] = await findOrders(page, [{ value: 'status', filter: ['in_processing'] }], { perPage: 2, queries: { userId } });

    await page.goto(`/orders?status=in_processing&userId=${userId}`);
    await ordersTable(page)
      .getByRole('checkbox', { name: `Select order ${first.id}`, exact: true })
      .check();
    await ordersTable(page)
      .getByRole('checkbox', { name: `Select order ${second.id}`, exact: true })
      .check();
    const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bulkBar).toContainText('2 orders selected');
    await bulkBar.getByRole('button', { name: 'Pause', exact: true }).click();
    const pauseConfirm = page.getByRole('dialog', { name: 'Confirm your move' });
    await expect(pauseConfirm).toContainText('Pause 2 orders?');
    await pauseConfirm.getByRole('button', { name: 'Proceed' }).click();
    await expect(pauseConfirm).toBeHidden();
    await expect(orderRow(page, first.id)).toHaveCount(0);
    await expect(orderRow(page, second.id)).toHaveCount(0);
    await expect(bulkBar).toBeHidden();

    await page.goto(`/orders?status=stopped&userId=${userId}`);
    await expect(orderRow(page, first.id)).toContainText('Stopped');
    await expect(orderRow(page, second.id)).toContainText('Stopped');
    await ordersTable(page)
      .getByRole('checkbox', { name: `Select order ${first.id}`, exact: true })
      .check();
    await ordersTable(page)
      .getByRole('checkbox', { name: `Select order ${second.id}`, exact: true })
      .check();
    await bulkBar.getByRole('button', { name: 'Activate', exact: true }).click();
    const activateConfirm = page.getByRole('dialog', { name: 'Confirm your move' });
    await expect(activateConfirm).toContainText('Activate 2 orders?');
    await activateConfirm.getByRole('button', { name: 'Proceed' }).click();
    await expect(activateConfirm).toBeHidden();
    await expect(orderRow(page, first.id)).toHaveCount(0);
    await expect(orderRow(page, second.id)).toHaveCount(0);

    await page.goto(`/orders?status=in_processing&userId=${userId}`);
    await expect(orderRow(page, first.id)).toContainText('In processing');
    await expect(orderRow(page, second.id)).toContainText('In processing');
  });

  test('change provider of one order', async ({ page }) => {
    // An open order whose service another usable provider also offers.
    const candidates = await findOrders(
      page,
      [
        { value: 'status', filter: ['in_processing'] },
        { value: 'hasNoActiveProviders', filter: false },
      ],
      { perPage: 20 },
    );
    let choice: { order: OrderDetail; target: { id: number; name: string } } | undefined;
    for (const row of candidates) {
      if (!row.service) continue;
      const order = await callApi<OrderDetail>(page, 'GET', `/api/v1/admin/orders/${row.id}`);
      const providers = await callApi<ProviderOptionsPage>(
        page,
        'GET',
        `/api/v1/admin/providers/available-for-order-recreate?page=1&serviceId=${row.service.id}`,
      );
      const target = providers.items.find((p) => p.id !== order.provider?.id);
      if (target) {
        choice = { order, target };
        break;
      }
    }
    expect(choice, 'an order another provider can take').toBeDefined();
    const { order, target } = choice!;

    await page.goto(`/orders?status=in_processing&id=${order.id}`);
    await openRowAction(page, order.id, 'Change provider');
    const dialog = page.getByRole('dialog', { name: `Change provider — order ${order.id}` });
    await dialog.getByRole('textbox', { name: 'Provider' }).fill(target.name);
    await dialog
      .getByRole('listbox', { name: 'Providers' })
      .getByRole('option', { name: new RegExp(`#${target.id}\\b`) })
      .click();
    await expect(dialog.getByText(`Chosen: ${target.name} (#${target.id})`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Change provider' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order ${order.id} was sent to the new provider.`)).toBeVisible();

    await page.goto(`/orders/${order.id}`);
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details.getByRole('link', { name: target.name, exact: true })).toBeVisible();
    if (order.provider) await expect(details.getByRole('link', { name: order.provider.name, exact: true })).toHaveCount(0);
  });
});
