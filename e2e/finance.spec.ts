import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { InvoiceRow, PaymentMethodRow, UserLedger, WithdrawalRow } from '../src/contract/finance';
import { SECRET_MASK } from '../src/contract/finance/columns';
import { ADMIN, callApi, parseDisplayedMoney, signIn } from './helpers';

/**
 * The finance area in the browser: mark an invoice as paid and see the balance and the new
 * transaction; reject a withdrawal (an empty note stays an error on its field); open the
 * transactions from a profile's link with ?search=; reorder payment methods by keyboard and keep
 * the order across a reload; change a method's secret and see it masked. Each test picks its own
 * records through the API by their current state.
 */

const rowMenu = (page: Page, subject: string) => page.getByRole('button', { name: `Actions for ${subject}`, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const profileBalance = (page: Page) => page.locator('dt', { hasText: /^Balance$/ }).locator('xpath=following-sibling::dd[1]');

async function openRowAction(page: Page, subject: string, item: string): Promise<void> {
  await rowMenu(page, subject).click();
  // A menu item's name ends with its shortcut key ("Edit e").
  await page.getByRole('menuitem', { name: new RegExp(`^${item}( \\w)?$`) }).click();
}

const tableQuery = (request: unknown) => `q=${encodeURIComponent(JSON.stringify(request))}`;

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test('mark an invoice as paid, then see the balance and the new transaction on the profile', async ({ page }) => {
  const { items } = await callApi<{ items: InvoiceRow[] }>(
    page,
    'GET',
    `/api/v1/admin/invoices?${tableQuery({ headers: [{ value: 'status', filter: ['pending'] }], options: { page: 1, itemsPerPage: 1 } })}`,
  );
  const invoice = items[0];
  expect(invoice, 'a pending invoice').toBeDefined();
  const before = await callApi<UserLedger>(page, 'GET', `/api/v1/admin/payments/users/${invoice.user.id}/ledger?perPage=1`);

  await page.goto(`/invoices?id=${invoice.id}`);
  await openRowAction(page, `invoice ${invoice.id}`, 'Mark as paid');
  const amount = dialog(page).getByRole('textbox', { name: 'Amount' });
  await expect(amount).toHaveValue(/^\d+(\.\d+)?$/);
  expect(Number(await amount.inputValue())).toBeCloseTo(Number(invoice.amount), 4);
  await amount.fill('12.5');
  await dialog(page).getByRole('button', { name: 'Mark as paid' }).click();
  if (Number(invoice.amount) !== 12.5) {
    // Not the invoice's amount: the dialog says by how much, and credits it on a second press.
    await expect(dialog(page).getByRole('alert')).toContainText(`$12.50 is $`);
    await dialog(page).getByRole('button', { name: 'Credit $12.50' }).click();
  }
  await expect(dialog(page)).toBeHidden();
  // The notice says what moved: the credit and the customer's new balance.
  await expect(page.getByText(new RegExp(`^Invoice ${invoice.id} marked as paid: \\$12\\.50 credited.*now has \\$`))).toBeVisible();

  const after = await callApi<UserLedger>(page, 'GET', `/api/v1/admin/payments/users/${invoice.user.id}/ledger?perPage=5`);
  expect(Number(after.user.balance)).toBeGreaterThanOrEqual(Number(before.user.balance) + 12.5);
  expect(after.balanced).toBe(true);

  await page.goto(`/users/${invoice.user.id}`);
  await expect
    .poll(async () => parseDisplayedMoney((await profileBalance(page).innerText()).trim()))
    .toBe(BigInt(Math.round(Number(after.user.balance) * 100)));
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(ledger.getByText('Balance matches its transactions')).toBeVisible();
  await expect(ledger.getByText(new RegExp(`Invoice #${invoice.id} \\(.*\\) paid`))).toBeVisible();
});

test('reject a withdrawal: an empty note stays an error on its field, then a note rejects it', async ({ page }) => {
  const { items } = await callApi<{ items: WithdrawalRow[] }>(page, 'POST', '/api/v1/admin/withdrawals/table', {
    headers: [{ value: 'status', filter: ['pending'] }],
    options: { page: 1, itemsPerPage: 1 },
  });
  const withdrawal = items[0];
  expect(withdrawal, 'a pending withdrawal').toBeDefined();

  // Every status, so the row stays in view once rejected; the admin note column (in the column
  // chooser by default) shown through the address.
  await page.goto(`/withdrawal?id=${withdrawal.id}&status=&cols=id,status,user.email,amount,createdAt,adminNote`);
  await openRowAction(page, `withdrawal ${withdrawal.id}`, 'Reject');
  await dialog(page).getByRole('button', { name: 'Reject' }).click();
  const note = dialog(page).getByRole('textbox', { name: 'Admin note' });
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog(page).getByText('The admin note field is required.')).toBeVisible();
  await expect(dialog(page)).toBeVisible();

  await note.fill('The account belongs to someone else.');
  await dialog(page).getByRole('button', { name: 'Reject' }).click();
  await expect(dialog(page)).toBeHidden();
  // A rejected withdrawal offers no action, so its row is found by its id.
  const row = page
    .getByRole('grid')
    .first()
    .getByRole('row', { name: new RegExp(`^${withdrawal.id} `) });
  await expect(row.getByText('Rejected')).toBeVisible();
  await expect(row.getByText('The account belongs to someone else.')).toBeVisible();
  const ledger = await callApi<UserLedger>(page, 'GET', `/api/v1/admin/payments/users/${withdrawal.user.id}/ledger?perPage=5`);
  expect(ledger.items.some((t) => t.withdrawalId === withdrawal.id && t.transactionType === 'withdrawal_release')).toBe(true);
  expect(ledger.balanced).toBe(true);
});

test("opens the transactions list filtered from a user's profile link (?search=)", async ({ page }) => {
  const { items } = await callApi<{ items: { id: number; email: string }[] }>(page, 'POST', '/api/v1/admin/users/table', {
    search: 'bob@example.com',
    options: { page: 1, itemsPerPage: 1 },
  });
  const bob = items[0];
  await page.goto(`/users/${bob.id}`);
  await page.getByRole('link', { name: 'All transactions of this user' }).click();
  await expect(page).toHaveURL(/\/transactions\?search=bob%40example\.com/);
  await expect(
    page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/Search/))
      .first(),
  ).toHaveValue('bob@example.com');
  const rows = page.getByRole('grid').first().locator('tbody tr');
  await expect(rows.first().getByRole('link', { name: 'bob@example.com' })).toBeVisible();
  // Every row is Bob's (counted as a whole: a list draws the rows that fit the window first, then the page).
  await expect(rows.filter({ hasNot: page.getByRole('link', { name: 'bob@example.com' }) })).toHaveCount(0);
});

test('reorder payment methods by keyboard, save, reload: the order holds', async ({ page }) => {
  const list = async () =>
    (await callApi<{ items: PaymentMethodRow[] }>(page, 'POST', '/api/v1/admin/payment-methods/table', { options: { page: 1, itemsPerPage: 0 } })).items;
  const [first, second] = await list();
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Edit positions' }).click();
  const handle = dialog(page).getByRole('button', { name: `Reorder ${first.name}` });
  await handle.focus();
  // Each key waits for the list's announcement, as a screen-reader user hears it.
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up ${first.name}.`)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`${first.name} was moved into position 2`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${first.name} was dropped at position 2`)).toBeAttached();
  await dialog(page).getByRole('button', { name: 'Save positions' }).click();
  await expect(page.getByText('Positions saved.')).toBeVisible();
  await expect.poll(async () => (await list()).slice(0, 2).map((m) => m.id)).toEqual([second.id, first.id]);

  await page.reload();
  const names = page.getByRole('grid').first().locator('tbody tr');
  await expect(names.nth(0)).toContainText(second.name);
  await expect(names.nth(1)).toContainText(first.name);
});

test("edit a method's secret: it is saved and shown masked", async ({ page }) => {
  const methods = (
    await callApi<{ items: PaymentMethodRow[] }>(page, 'POST', '/api/v1/admin/payment-methods/table', {
      search: 'Stripe',
      options: { page: 1, itemsPerPage: 1 },
    })
  ).items;
  const stripe = methods[0];
  await page.goto('/payment-methods');
  await openRowAction(page, `payment method ${stripe.name}`, 'Edit');
  const secret = dialog(page).getByLabel('Secret key', { exact: true });
  await expect(secret).toHaveValue(SECRET_MASK);
  await secret.fill('sk_live_e2e_changed');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toBeHidden();

  const detail = await callApi<{ secrets: Record<string, string> }>(page, 'GET', `/api/v1/admin/payment-methods/${stripe.id}`);
  expect(detail.secrets.secretKey).toBe(SECRET_MASK);
  expect(JSON.stringify(detail)).not.toContain('sk_live_e2e_changed');
  await openRowAction(page, `payment method ${stripe.name}`, 'Edit');
  await expect(dialog(page).getByLabel('Secret key', { exact: true })).toHaveValue(SECRET_MASK);
});
