import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { NetworkRow, ServiceDetail, ServiceRow } from '../src/contract/catalogue';
import { ADMIN, callApi, signIn } from './helpers';

/**
 * The catalogue in the browser: filter the services list by network from its column filter;
 * archive a service after seeing what depends on it; edit a service's French text and see it
 * saved after a reload; bulk-update two services from the bulk bar (margin and a flag); create a
 * service with English and French names, a provider and a label, then copy it; sort the
 * networks by keyboard and keep the order across a reload. Each test picks its own services
 * through the API by their current state, so the tests do not depend on one another.
 */

const tableQuery = (request: unknown) => `q=${encodeURIComponent(JSON.stringify(request))}`;
const dialog = (page: Page) => page.getByRole('dialog');
const serviceRow = (page: Page, id: number) => page.locator(`[role="grid"] tbody tr[id$="-row-${id}"]`);

async function findServices(page: Page, headers: unknown[], perPage = 5): Promise<ServiceRow[]> {
  const { items } = await callApi<{ items: ServiceRow[] }>(
    page,
    'GET',
    `/api/v1/admin/services?${tableQuery({ headers, options: { page: 1, itemsPerPage: perPage } })}`,
  );
  return items;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test('filter the services list by network from its column filter', async ({ page }) => {
  const { items: networks } = await callApi<{ items: NetworkRow[] }>(
    page,
    'GET',
    `/api/v1/admin/networks?${tableQuery({ headers: [], options: { page: 1, itemsPerPage: 20 } })}`,
  );
  const network = networks.find((n) => n.servicesCount > 0 && n.servicesCount < 1000) ?? networks[0];

  await page.goto('/services');
  await expect(page.locator('[role="grid"] tbody tr[id*="-row-"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Filter Network', exact: true }).click();
  await page.getByRole('combobox', { name: 'Filter Network' }).click();
  await page.getByRole('option', { name: network.name, exact: true }).click();

  await expect.poll(() => new URL(page.url()).searchParams.get('network.name')).toBe(String(network.id));
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText(`Network: ${network.name}`);
  // Every row shown belongs to the network (the filtered page replaces the first one).
  const rows = page.locator('[role="grid"] tbody tr[id*="-row-"]');
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes(network.name));
    })
    .toBe(true);
  const { totalItemsCount } = await callApi<{ totalItemsCount: number }>(
    page,
    'GET',
    `/api/v1/admin/services?${tableQuery({
      headers: [
        { value: 'network.name', filter: String(network.id) },
        { value: 'isArchived', filter: false },
      ],
      options: { page: 1, itemsPerPage: 1 },
    })}`,
  );
  await expect(page.getByText(new RegExp(`of ${totalItemsCount.toLocaleString('en-US').replace(/,/g, ' ')}$`))).toBeVisible();
});

test('archive a service after seeing what depends on it', async ({ page }) => {
  const [service] = await findServices(
    page,
    [
      { value: 'isArchived', filter: false },
      { value: 'isEnabled', filter: true },
    ],
    1,
  );
  expect(service, 'an enabled service').toBeDefined();

  // Every archive state, with the archived column (in the chooser by default) shown through the address.
  await page.goto(`/services?id=${service.id}&isArchived=&cols=id,name,isEnabled,isArchived`);
  await page.getByRole('button', { name: `Actions for service ${service.id} (${service.name})`, exact: true }).click();
  await page.getByRole('menuitem', { name: /^Archive( \w)?$/ }).click();
  await expect(dialog(page).getByText('What depends on it')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(serviceRow(page, service.id)).toContainText('Archived');

  const after = await callApi<ServiceDetail>(page, 'GET', `/api/v1/admin/services/${service.id}`);
  expect(after.isArchived).toBe(true);
  expect(after.actions.unarchivable).toBe(true);
});

test("edit a service's French text and see it saved", async ({ page }) => {
  const [service] = await findServices(page, [{ value: 'isArchived', filter: false }], 1);
  const speed = `Jusqu'à ${1000 + service.id} par jour`;

  await page.goto(`/services/${service.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Service ${service.id}: ${service.name}` })).toBeVisible();
  const texts = page.getByRole('region', { name: 'Storefront texts' });
  await texts.getByRole('tab', { name: /^French/ }).click();
  await texts.getByRole('textbox', { name: /^Speed/ }).fill(speed);
  await page.getByRole('button', { name: 'Save service' }).click();
  await expect(page.getByText(`Service ${service.id} (${service.name}) saved.`)).toBeVisible();
  await expect(page.getByText('You have unsaved changes.')).toHaveCount(0);

  await page.reload();
  await texts.getByRole('tab', { name: /^French/ }).click();
  await expect(texts.getByRole('textbox', { name: /^Speed/ })).toHaveValue(speed);
  const saved = await callApi<ServiceDetail>(page, 'GET', `/api/v1/admin/services/${service.id}`);
  expect(saved.translations.fr.speed).toBe(speed);
});

test('bulk-update two services from the bulk bar: margin and a flag', async ({ page }) => {
  // Two services of one type without API access, so the type's filtered list shows them together.
  const candidates = await findServices(
    page,
    [
      { value: 'isArchived', filter: false },
      { value: 'apiAccess', filter: false },
    ],
    100,
  );
  const byType = new Map<number, ServiceRow[]>();
  for (const s of candidates) byType.set(s.serviceType.id, [...(byType.get(s.serviceType.id) ?? []), s]);
  const [typeId, pair] = [...byType.entries()].find(([, list]) => list.length >= 2) ?? [];
  expect(typeId, 'a service type with two services without API access').toBeDefined();
  const [first, second] = pair!;

  await page.goto(`/services?serviceType.name=${typeId}&apiAccess=false&isArchived=false`);
  await page.getByRole('checkbox', { name: `Select service ${first.id} (${first.name})`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Select service ${second.id} (${second.name})`, exact: true }).check();
  const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulkBar).toContainText('2 services selected');
  await bulkBar.getByRole('button', { name: 'Bulk update', exact: true }).click();

  await dialog(page).getByRole('checkbox', { name: 'Set the resale margin' }).check();
  await dialog(page).getByRole('textbox', { name: 'Resale margin' }).fill('25');
  await dialog(page).getByRole('radiogroup', { name: 'API access' }).getByText('On', { exact: true }).click();
  // Repricing shows what depends on the services before anything changes.
  await expect(dialog(page).getByText('What depends on them')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Update 2 services' }).click();
  await expect(dialog(page)).toBeHidden();
  // Both now have API access: they leave the "without API access" list.
  await expect(serviceRow(page, first.id)).toHaveCount(0);
  await expect(serviceRow(page, second.id)).toHaveCount(0);

  for (const id of [first.id, second.id]) {
    const saved = await callApi<ServiceDetail>(page, 'GET', `/api/v1/admin/services/${id}`);
    expect(saved.apiAccess).toBe(true);
    expect(saved.resaleMarginPercent).toBe('0.2500');
  }
});

test('sort the networks by keyboard; after a reload the order holds', async ({ page }) => {
  const sorted = async () =>
    (
      await callApi<{ items: NetworkRow[] }>(
        page,
        'GET',
        `/api/v1/admin/networks?${tableQuery({ headers: [], options: { page: 1, itemsPerPage: 50, sortBy: ['sorting'], sortDesc: [false] } })}`,
      )
    ).items;
  const before = await sorted();
  expect(before.length).toBeGreaterThan(1);

  await page.goto('/networks');
  await page.getByRole('button', { name: 'Network positions' }).click();
  const list = dialog(page);
  await list.getByRole('button', { name: `Move ${before[0].name} down`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await list.getByRole('button', { name: 'Save positions' }).click();
  await expect(list).toBeHidden();

  const after = await sorted();
  expect(after.slice(0, 2).map((n) => n.id)).toEqual([before[1].id, before[0].id]);
  await page.reload();
  const firstRows = page.locator('[role="grid"] tbody tr[id*="-row-"]');
  await expect(firstRows.nth(0)).toContainText(before[1].name);
  await expect(firstRows.nth(1)).toContainText(before[0].name);
});

test('create a service with English and French names, a provider and a label, then copy it', async ({ page }) => {
  const name = `Catalogue e2e likes ${Date.now() % 100000}`;
  await page.goto('/services/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New service' })).toBeVisible();
  const main = page.getByRole('region', { name: 'Main' });
  await main.getByRole('textbox', { name: /^Name \(English\)/ }).fill(name);
  await main.getByRole('tab', { name: /^French/ }).click();
  await main.getByRole('textbox', { name: /^Name \(French\)/ }).fill(`${name} (FR)`);
  await main.getByRole('combobox', { name: 'Network', exact: true }).click();
  await page.getByRole('option').first().click();
  await main.getByRole('combobox', { name: 'Service type', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Default price', exact: true }).fill('1.25');

  await page.getByRole('combobox', { name: 'Add a provider service' }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('region', { name: 'Providers' }).getByRole('switch', { name: /is active$/ })).toBeChecked();
  await page.getByRole('combobox', { name: 'Labels', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText(new RegExp(`Service \\d+ \\(${name}\\) created\\.`))).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/services\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const created = await callApi<ServiceDetail>(page, 'GET', `/api/v1/admin/services/${id}`);
  expect(created.translations.en.name).toBe(name);
  expect(created.translations.fr.name).toBe(`${name} (FR)`);
  expect(created.providers).toHaveLength(1);
  expect(created.labels).toHaveLength(1);

  await expect(page.getByRole('heading', { level: 1, name: `Service ${id}: ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/services/${id}`);
  const copyId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `Service ${copyId}: ${name} (copy)` })).toBeVisible();
  const copy = await callApi<ServiceDetail>(page, 'GET', `/api/v1/admin/services/${copyId}`);
  expect(copy.translations.fr.name).toBe(`${name} (FR)`);
  expect(copy.slug).not.toBe(created.slug);
  expect(copy.isEnabled).toBe(false);
});
