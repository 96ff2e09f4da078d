import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ExternalPanelDetail, ProviderServiceRow } from '../src/contract/providers';
import { ADMIN, callApi, signIn } from './helpers';

/**
 * Providers in the browser, against the simulated panvy panel this server answers: add a provider
 * from a preset (an account is opened there, its token filled in), validate its endpoint (it is one
 * of our panels), save (its balance is read), import 20 of its services into one service type and
 * find them on the services list; then archive the provider from its row and restore it.
 */

const dialog = (page: Page) => page.getByRole('dialog');
const panelRow = (page: Page, id: number) => page.locator(`[role="grid"] tbody tr[id$="-row-${id}"]`);

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test('add a provider from a preset, validate it, import 20 services into a service type', async ({ page }) => {
  const name = `E2E Panvy ${Date.now()}`;
  await page.goto('/external-panels');
  await page.getByRole('button', { name: 'New provider' }).click();
  await expect(dialog(page)).toBeVisible();

  await dialog(page).getByRole('combobox', { name: 'Create account from preset' }).click();
  await page.getByRole('option', { name: /^Panvy Partner \(simulated\)/ }).click();
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Name' })).toHaveValue('Panvy Partner (simulated)');
  await expect(dialog(page).getByLabel('API token')).not.toHaveValue('');
  await expect(dialog(page).getByRole('textbox', { name: 'Endpoint' })).toHaveValue(/\/provider-sim\/api\/v2$/);
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(name);

  await dialog(page).getByRole('button', { name: 'Validate' }).click();
  await expect(dialog(page).getByRole('status')).toContainText('one of our own panels');

  await dialog(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const created = await callApi<ExternalPanelDetail>(page, 'GET', `/api/v1/admin/external-panels/${id}`);
  expect(created).toMatchObject({ isOurPanel: true, currency: 'USD', hasApiToken: true });
  expect(created.balanceUpdatedAt, 'the balance was read through the API on save').not.toBeNull();
  expect(JSON.stringify(created)).not.toMatch(/api_?token"\s*:\s*"/i);

  // Import 20 TikTok follower services into the "TikTok Followers" service type.
  await page
    .getByRole('group', { name: `Actions on ${name}` })
    .getByRole('button', { name: 'Import services' })
    .click();
  await expect(dialog(page).getByRole('table', { name: `Services of ${name}` })).toBeVisible({ timeout: 30_000 });
  await dialog(page).getByRole('textbox', { name: 'Search' }).fill('TikTok Followers [');
  const table = dialog(page).getByRole('table', { name: `Services of ${name}` });
  await expect(table.getByRole('checkbox', { name: /^Choose / }).first()).toBeVisible();
  // Only the rows in view are drawn: the first box not yet checked, 20 times, scrolls the table on.
  for (let i = 0; i < 20; i++) await table.locator('tbody input[type="checkbox"]:not(:checked)').first().check();
  await expect(dialog(page).getByText(/^20 of [\d\s]+ selected/)).toBeVisible();
  await dialog(page).getByRole('combobox', { name: 'Service type for the selected services' }).fill('TikTok Followers');
  await page
    .getByRole('option', { name: /TikTok Followers$/ })
    .first()
    .click();
  await dialog(page).getByRole('button', { name: 'Apply to 20 selected' }).click();
  await dialog(page).getByRole('button', { name: 'Import 20 services' }).click();
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 });

  const imported = await callApi<ProviderServiceRow[]>(page, 'GET', `/api/v1/admin/external-panels/${id}/services`);
  expect(imported).toHaveLength(20);
  expect(imported.every((s) => s.servicesCount === 1)).toBe(true);
  await expect(page.getByRole('table', { name: `Provider services of ${name}` }).locator('tbody tr')).toHaveCount(20);

  // The new services are on the services list.
  await page.goto(`/services?search=${encodeURIComponent(imported[0].name)}`);
  await expect(page.locator('[role="grid"] tbody tr[id*="-row-"]').first()).toContainText(imported[0].name);
});

test('archive a provider from its row and restore it', async ({ page }) => {
  const { items } = await callApi<{ items: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/v1/admin/external-panels?q=${encodeURIComponent(
      JSON.stringify({
        headers: [
          { value: 'isArchived', filter: false },
          { value: 'status', filter: ['disabled'] },
        ],
        options: { page: 1, itemsPerPage: 1 },
      }),
    )}`,
  );
  const panel = items[0];
  expect(panel, 'a disabled provider in the demo').toBeDefined();
  await page.goto(`/external-panels?id=${panel.id}&isArchived=&cols=id,name,type,balance,currency,isArchived`);
  await page.getByRole('button', { name: `Actions for provider ${panel.name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: /^Archive( \w)?$/ }).click();
  await dialog(page).getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(panelRow(page, panel.id)).toContainText('Archived');

  await page.getByRole('button', { name: `Actions for provider ${panel.name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: /^Restore( \w)?$/ }).click();
  await dialog(page).getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(panelRow(page, panel.id)).not.toContainText('Archived');
  const after = await callApi<ExternalPanelDetail>(page, 'GET', `/api/v1/admin/external-panels/${panel.id}`);
  expect(after.isArchived).toBe(false);

  // Its billing opens from the screen, with the demo's records.
  await page.goto(`/external-panels/${panel.id}`);
  await expect(page.getByRole('table', { name: 'Billing records' }).locator('tbody tr').first()).toBeVisible();
});
