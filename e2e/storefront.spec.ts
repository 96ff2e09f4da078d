import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type {
  AvailableService,
  BannerDetail,
  BannerRow,
  PackageDetail,
  PackageTotalCost,
  SpecialOfferDetail,
  SpecialOfferRow,
} from '../src/contract/storefront';
import { ADMIN, callApi, signIn } from './helpers';
import { formatMoney } from '../src/console/ui/format';

/**
 * Storefront in the browser: reorder a banner's slides with the keyboard and keep the order after
 * a reload; create a package with two services and see the server's total cost while typing;
 * enable and disable a special offer from its screen. Each test finds its records through the API.
 */

const tableQuery = (request: unknown) => `q=${encodeURIComponent(JSON.stringify(request))}`;

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

async function pickOption(page: Page, combobox: string, search: string, option: RegExp | string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test("reorder a banner's slides with the keyboard; the order is kept after a reload", async ({ page }) => {
  const { items } = await callApi<{ items: BannerRow[] }>(page, 'GET', `/api/v1/admin/banners?${tableQuery({ options: { page: 1, itemsPerPage: 50 } })}`);
  const banner = items.find((b) => b.informationsCount >= 2)!;
  expect(banner, 'a banner with two slides').toBeDefined();
  const before = await callApi<BannerDetail>(page, 'GET', `/api/v1/admin/banners/${banner.id}`);
  const titles = before.informations.map((s) => s.translations.en.title);

  await page.goto(`/banners/${banner.id}`);
  const moveUp = page.getByRole('button', { name: `Move slide ${titles[1]} up` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Slide 1: ${titles[1]}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Banner saved').first()).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Slide 1: ${titles[1]}`)).toBeVisible();
  await expect(page.getByText(`Slide 2: ${titles[0]}`)).toBeVisible();
  const after = await callApi<BannerDetail>(page, 'GET', `/api/v1/admin/banners/${banner.id}`);
  expect(after.informations.map((s) => [s.translations.en.title, s.sorting])).toEqual([
    [titles[1], 0],
    [titles[0], 1],
    ...titles.slice(2).map((t, i) => [t, i + 2]),
  ]);
  // Images are kept by their address.
  expect(after.informations[0].backgroundImage).toBe(before.informations[1].backgroundImage);
});

test('create a package with two services and see the total cost the server computes', async ({ page }) => {
  const { networks } = await callApi<{ networks: { id: number; name: string }[] }>(page, 'GET', '/api/v1/admin/packages/collections');
  let network = networks[0];
  let services: AvailableService[] = [];
  for (const n of networks) {
    services = (
      await callApi<{ items: AvailableService[] }>(page, 'POST', '/api/v1/admin/packages/available-services', { network_id: n.id, search: '', page: 1 })
    ).items;
    network = n;
    if (services.length >= 2) break;
  }
  const [a, b] = services;
  const quantity = (s: AvailableService) => Math.ceil(s.minQuantity / s.quantityStep) * s.quantityStep * 2;
  const expected = await callApi<PackageTotalCost>(page, 'POST', '/api/v1/admin/packages/total-cost', {
    contents: [
      { service_id: a.id, quantity: quantity(a) },
      { service_id: b.id, quantity: quantity(b) },
    ],
    discount_percent: '0.1',
  });
  const name = `E2E bundle ${Date.now()}`;

  await page.goto('/packages');
  await page.getByRole('button', { name: 'New package' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Name/ }).first().fill(name);
  await pickOption(page, 'Network', network.name, network.name);
  await pickOption(page, 'Service 1', String(a.id), new RegExp(`\\(#${a.id}\\)`));
  await dialog
    .getByRole('textbox', { name: /^Quantity/ })
    .nth(0)
    .fill(String(quantity(a)));
  await dialog.getByRole('button', { name: 'Add service' }).click();
  await pickOption(page, 'Service 2', String(b.id), new RegExp(`\\(#${b.id}\\)`));
  await dialog
    .getByRole('textbox', { name: /^Quantity/ })
    .nth(1)
    .fill(String(quantity(b)));
  await dialog.getByRole('textbox', { name: /^Discount/ }).fill('10');
  const total = dialog.getByTestId('package-total-cost');
  await expect(total).toContainText(formatMoney(expected.totalCost, { maxDecimals: 4 }));

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/packages\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const saved = await callApi<PackageDetail>(page, 'GET', `/api/v1/admin/packages/${id}`);
  expect([saved.name, saved.items.length, saved.totalCost, saved.discountPercent]).toEqual([name, 2, expected.totalCost, '0.100']);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('package-total-cost')).toContainText(formatMoney(expected.totalCost, { maxDecimals: 4 }));
});

test('enable and disable a special offer from its screen', async ({ page }) => {
  const { items } = await callApi<{ items: SpecialOfferRow[] }>(
    page,
    'GET',
    `/api/v1/admin/special-offers?${tableQuery({ headers: [{ value: 'status', filter: ['disabled'] }], options: { page: 1, itemsPerPage: 5 } })}`,
  );
  const offer = items[0];
  expect(offer, 'a disabled special offer').toBeDefined();
  await page.goto(`/special-offers/${offer.id}`);
  await expect(page.getByRole('heading', { name: offer.name })).toBeVisible();
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
  expect((await callApi<SpecialOfferDetail>(page, 'GET', `/api/v1/admin/special-offers/${offer.id}`)).status).toBe('enabled');
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
  expect((await callApi<SpecialOfferDetail>(page, 'GET', `/api/v1/admin/special-offers/${offer.id}`)).status).toBe('disabled');
});
