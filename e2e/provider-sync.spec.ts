import type { Page } from '@playwright/test';
import { expect, SIM_CONTROL_KEY, test } from './fixtures';
import type { BelowMarginRow, ProviderHealthRow, SyncRunDetail } from '../src/contract/provider-sync';
import { ADMIN, callApi, signIn } from './helpers';

/**
 * Provider sync in the browser, against the simulated panel the demo provider "Panvy Demo" points
 * at (the e2e server runs the simulated panels with SIMULATOR=api): the catalogue drifts one step
 * (the simulator's control action; SIM_CONTROL_KEY in e2e/fixtures.ts), Sync now runs the sync
 * job, the run's change set is reviewed and only its price changes are accepted (by mouse, then by
 * keyboard), the rest stays to decide; with a higher margin floor the repriced service shows on the
 * Below margin list.
 */

async function demoProvider(page: Page): Promise<ProviderHealthRow['provider']> {
  const health = await callApi<{ rows: ProviderHealthRow[] }>(page, 'GET', '/api/v1/admin/provider-health?days=30');
  const provider = health.rows.find((r) => r.provider.name === 'Panvy Demo (simulator)')?.provider;
  expect(provider, 'the demo provider at the simulated panel').toBeDefined();
  return provider!;
}

test('drift, sync, review the diff, accept the price changes only, see a service below margin', async ({ page }) => {
  await signIn(page, ADMIN);
  const provider = await demoProvider(page);

  // One more drift step: it doubles the price of the simulator's service 3 (YouTube Subscribers, linked in the demo).
  const drift = await page.request.post('/provider-sim/api/v2', { form: { action: 'drift', control: SIM_CONTROL_KEY } });
  expect(await drift.json()).toEqual({ step: expect.any(Number) });

  await page.goto(`/external-panels/${provider.id}/sync`);
  await expect(page.getByRole('heading', { name: 'Sync', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(`Sync of ${provider.name} queued.`)).toBeVisible();
  const history = page.getByRole('region', { name: 'Sync history' });
  await expect(history.getByRole('link', { name: 'Review' }).first()).toBeVisible({ timeout: 30_000 });
  await history.getByRole('link', { name: 'Review' }).first().click();

  await expect(page.getByRole('heading', { name: /^Sync run \d+$/ })).toBeVisible();
  const runId = Number(new URL(page.url()).pathname.split('/').pop());
  const before = await callApi<SyncRunDetail>(page, 'GET', `/api/v1/admin/provider-sync/runs/${runId}`);
  expect(before.pendingCounts.price_up).toBeGreaterThan(0);
  expect(before.pendingCounts.renamed + before.pendingCounts.removed).toBeGreaterThan(0);

  // Price up: the page's changes by the header checkbox, accepted after the confirmation.
  await page
    .getByRole('radiogroup', { name: 'Kind of change' })
    .getByText(/^Price up/)
    .click();
  const changes = page.getByRole('table', { name: 'Changes of this run' });
  await expect(changes.locator('tbody tr[data-kind="price_up"]')).toHaveCount(before.pendingCounts.price_up);
  await changes.getByRole('checkbox', { name: 'Select the changes on this page' }).check();
  await expect(page.getByText(`${before.pendingCounts.price_up} selected`)).toBeVisible();
  await page.getByRole('button', { name: `Accept ${before.pendingCounts.price_up}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(new RegExp(`^${before.pendingCounts.price_up} changes? applied`))).toBeVisible();

  // Price down: picked with the keyboard (focus a row, "a" picks the page).
  if (before.pendingCounts.price_down > 0) {
    await page
      .getByRole('radiogroup', { name: 'Kind of change' })
      .getByText(/^Price down/)
      .click();
    await expect(changes.locator('tbody tr[data-kind="price_down"]')).toHaveCount(before.pendingCounts.price_down);
    await changes.locator('tbody tr').first().focus();
    await page.keyboard.press('a');
    await expect(page.getByText(`${before.pendingCounts.price_down} selected`)).toBeVisible();
    await page.getByRole('button', { name: `Accept ${before.pendingCounts.price_down}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText(new RegExp(`^${before.pendingCounts.price_down} changes? applied`))).toBeVisible();
  }

  // Only the price changes were decided.
  const after = await callApi<SyncRunDetail>(page, 'GET', `/api/v1/admin/provider-sync/runs/${runId}`);
  expect(after.pendingCounts).toMatchObject({
    price_up: 0,
    price_down: 0,
    renamed: before.pendingCounts.renamed,
    removed: before.pendingCounts.removed,
    limits: before.pendingCounts.limits,
  });
  expect(after.status).toBe('review');

  // A floor of 90 % for this provider: the repriced service is below it.
  await page.goto(`/external-panels/${provider.id}/sync`);
  const settings = page.getByRole('region', { name: 'Sync settings' });
  await settings.getByRole('textbox', { name: 'Margin floor' }).fill('90');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Sync settings saved.')).toBeVisible();

  await page.goto('/below-margin');
  await expect(page.getByRole('heading', { name: 'Below margin' })).toBeVisible();
  const below = await callApi<{ rows: BelowMarginRow[] }>(page, 'GET', '/api/v1/admin/provider-sync/below-margin');
  const repriced = below.rows.find((r) => r.provider.id === provider.id && r.providerService.externalId === '3');
  expect(repriced, 'the service whose price doubled').toBeDefined();
  const table = page.getByRole('table', { name: 'Services below margin' });
  const row = table.getByRole('row').filter({ hasText: repriced!.service.name }).filter({ hasText: 'Service 3' });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText('90 %');

  // Provider health: the provider's row with its runway; its services open below it.
  const figures = (await callApi<{ rows: ProviderHealthRow[] }>(page, 'GET', '/api/v1/admin/provider-health?days=90')).rows.find(
    (r) => r.provider.id === provider.id,
  )!;
  await page.goto('/provider-health');
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('90 days').click();
  const healthRow = page.getByRole('table', { name: 'Provider health' }).getByRole('row').filter({ hasText: provider.name });
  await expect(healthRow).toContainText(/Runs out|No recent spend/);
  await expect(healthRow).toContainText('To review');
  if (figures.orders > 0) {
    await healthRow.getByRole('button', { name: `Show the services of ${provider.name}` }).click();
    await expect(
      page
        .getByRole('table', { name: `Services of ${provider.name}` })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
  }
});
