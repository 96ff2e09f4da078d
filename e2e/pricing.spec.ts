import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, MANAGER, signIn } from './helpers';

/**
 * Pricing incentives: a discount for two services saved after fixing the error on one service
 * row; a new coupon changes the price preview (its line appears, the price drops); the manager
 * cannot reach the loyalty program.
 */

test.describe.configure({ mode: 'serial' });

async function pickOption(page: Page, label: string, search: string, option: RegExp) {
  const input = page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first();
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, ADMIN);
});

test.afterAll(async () => {
  await page.close();
});

test('a discount for two services: the error on the second row lands there, fixed, saved', async () => {
  await page.goto('/discounts');
  await page.getByRole('button', { name: 'New discount' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E weekend deal');
  await dialog.getByRole('textbox', { name: 'Valid from' }).fill('2026-01-01 00:00');
  await dialog.getByRole('textbox', { name: 'Valid to' }).fill('2034-01-01 00:00');
  await pickOption(page, 'Service 1', 'YouTube Likes', /^YouTube Likes$/);
  await dialog.getByRole('textbox', { name: 'Discount 1' }).fill('12');
  await dialog.getByRole('button', { name: 'Add service' }).click();
  await pickOption(page, 'Service 2', 'Instagram Likes', /^Instagram Likes — Instant$/);
  await dialog.getByRole('textbox', { name: 'Discount 2' }).fill('0');
  await dialog.getByRole('button', { name: 'Create discount' }).click();

  const second = dialog.getByRole('textbox', { name: 'Discount 2' });
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('The discount must be above 0 %.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Discount 1' })).not.toHaveAttribute('aria-invalid', 'true');

  await second.fill('8');
  await dialog.getByRole('button', { name: 'Create discount' }).click();
  await expect(page).toHaveURL(/\/discounts\/\d+$/);
  const services = page.getByRole('table', { name: 'Services of the discount' });
  await expect(services.getByRole('row', { name: /YouTube Likes 12 %/ })).toBeVisible();
  await expect(services.getByRole('row', { name: /Instagram Likes — Instant 8 %/ })).toBeVisible();
});

test('a new coupon changes the price preview', async () => {
  await page.goto('/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E fifteen');
  await dialog.getByRole('textbox', { name: 'Code' }).fill('e2e15');
  await dialog.getByRole('textbox', { name: 'Percentage' }).fill('15');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page).toHaveURL(/\/coupons\/\d+$/);
  await expect(page.getByRole('heading', { name: /E2E fifteen/ })).toBeVisible();

  await page.getByRole('group', { name: 'Coupon actions' }).getByRole('button', { name: 'Price preview' }).click();
  await expect(page).toHaveURL(/\/price-preview\?couponCode=E2E15/);
  // A service no running discount names, for anyone (no customer, no country).
  await pickOption(page, 'Service', 'YouTube Comments', /^YouTube Comments — Custom$/);
  const lines = page.getByRole('table', { name: 'Price lines' });
  await expect(lines.getByRole('row', { name: /Coupon: E2E15 15\.00 %/ })).toBeVisible();
  const price = page.getByTestId('preview-price');
  const withCoupon = await price.textContent();

  await page
    .getByRole('textbox', { name: 'Coupon code' })
    .or(page.getByRole('combobox', { name: 'Coupon code' }))
    .first()
    .fill('');
  await expect(lines.getByRole('row', { name: /Coupon:/ })).toHaveCount(0);
  await expect(price).not.toHaveText(withCoupon ?? '');
  const toNumber = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
  expect(toNumber(await price.textContent())).toBeGreaterThan(toNumber(withCoupon));
});

test('the manager cannot reach the loyalty program', async ({ browser }) => {
  const manager = await browser.newPage();
  try {
    await signIn(manager, MANAGER, '/');
    await expect(manager.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Loyalty program' })).toHaveCount(0);
    await manager.goto('/loyalty-program');
    await expect(manager).not.toHaveURL(/\/loyalty-program/);
    await expect(manager.getByRole('heading', { name: 'Loyalty program' })).toHaveCount(0);
  } finally {
    await manager.close();
  }
});
