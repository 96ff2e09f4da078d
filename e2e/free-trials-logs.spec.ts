import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { FreeTrialRow } from '../src/contract/free-trials';
import type { OrderRow } from '../src/contract/orders';
import { COUNTERS_CHANNEL } from '../src/contract/realtime';
import { ADMIN, callApi, signIn } from './helpers';

/**
 * Free trials and the logs: approving a request moves the live Free-trials counter in another
 * open console; rejecting one keeps its note; the audit log filtered by record type, staff member
 * and date range is shared by its URL and leads to the record; a record's history shows an edit
 * made on its screen with the old and new values.
 */

test.describe.configure({ mode: 'serial' });

const freeTrialsCounter = (page: Page) =>
  page.getByRole('navigation', { name: 'Live counters' }).getByRole('link', { name: /^Free-trials: [\d\s]+ pending free-trial requests$/ });

/** The number the Free-trials counter shows ('1 234' -> 1234). */
async function freeTrialsCount(page: Page): Promise<number> {
  const label = await freeTrialsCounter(page).locator('.mantine-VisuallyHidden-root').textContent();
  const match = /^Free-trials: ([\d\s]+) pending free-trial requests$/.exec(label ?? '');
  if (!match) throw new Error(`Unexpected counter label: ${label}`);
  return Number(match[1].replace(/\s/g, ''));
}

/** Resolves once the page's realtime socket has joined the counters channel. */
function countersSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(COUNTERS_CHANNEL)) resolve();
      });
    });
  });
}

/** Pending, not archived requests, oldest first. */
async function pendingRequests(page: Page, count: number): Promise<FreeTrialRow[]> {
  const { items } = await callApi<{ items: FreeTrialRow[] }>(page, 'POST', '/api/v1/admin/free-trials/table', {
    headers: [{ value: 'id' }, { value: 'status', filter: ['pending'] }, { value: 'archive', filter: 'active' }],
    options: { page: 1, itemsPerPage: count, sortBy: ['id'], sortDesc: [false] },
  });
  expect(items.length, 'pending free-trial requests in the demo').toBe(count);
  return items;
}

const today = () => new Date().toISOString().slice(0, 10);
let rejectedId = 0;

test('approving a pending request in one console lowers the Free-trials counter in another, without a reload', async ({ browser }) => {
  const watcherContext = await browser.newContext();
  const actorContext = await browser.newContext();
  try {
    const watcher = await watcherContext.newPage();
    const subscribed = countersSubscribed(watcher);
    await signIn(watcher, ADMIN, '/');
    await expect(freeTrialsCounter(watcher)).toBeVisible();
    await subscribed;
    const before = await freeTrialsCount(watcher);
    expect(before).toBeGreaterThan(0);
    await watcher.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const actor = await actorContext.newPage();
    await signIn(actor, ADMIN);
    const [request] = await pendingRequests(actor, 1);
    await actor.goto(`/requests?status=pending&id=${request.id}`);
    await actor.getByRole('button', { name: `Actions for free trial ${request.id}`, exact: true }).click();
    await actor.getByRole('menuitem', { name: /^Approve/ }).click();
    const confirm = actor.getByRole('dialog', { name: 'Confirm your move' });
    await expect(confirm).toContainText(`Approve free trial ${request.id}`);
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    // Approved: it leaves the pending list.
    await expect(actor.getByRole('button', { name: `Actions for free trial ${request.id}`, exact: true })).toHaveCount(0);

    await expect.poll(() => freeTrialsCount(watcher)).toBe(before - 1);
    await expect.poll(() => freeTrialsCount(actor)).toBe(before - 1);
    expect(await watcher.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

    // The request's screen shows the decision and the free order it placed.
    await actor.goto(`/requests/${request.id}`);
    await expect(actor.getByRole('heading', { name: `Free trial ${request.id}` })).toBeVisible();
    const details = actor.getByRole('region', { name: 'Free-trial details' });
    await expect(details.getByRole('link', { name: /^Order \d+$/ })).toBeVisible();
  } finally {
    await actorContext.close();
    await watcherContext.close();
  }
});

test('rejecting a request with a note keeps the note, on its screen and in its history', async ({ page }) => {
  await signIn(page, ADMIN);
  const [request] = await pendingRequests(page, 1);
  rejectedId = request.id;
  await page.goto(`/requests/${request.id}`);
  await expect(page.getByRole('heading', { name: `Free trial ${request.id}` })).toBeVisible();
  await page.getByRole('group', { name: 'Free-trial actions' }).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Reject free trial ${request.id}`);
  const note = `The channel is private (e2e ${Date.now()})`;
  await dialog.getByLabel('Reason (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name: 'Free-trial details' });
  await expect(details).toContainText(note);
  await expect(page.getByRole('group', { name: 'Free-trial actions' }).getByRole('button', { name: 'Reject' })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`Free trial ${request.id} rejected: ${note}.`);
  const diff = history.getByRole('table', { name: 'Changed fields, Rejected' });
  await expect(diff.getByRole('row', { name: /^Status\s*pending\s*rejected$/ })).toBeVisible();
  await expect(diff.getByRole('row').filter({ hasText: 'Admin note' })).toContainText(note);
});

test('the audit log filtered by record type, staff member and date range is shared by its URL and leads to the record', async ({ page, browser }) => {
  expect(rejectedId, 'the request rejected by the previous test').toBeGreaterThan(0);
  await signIn(page, ADMIN);
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();

  const filterPopover = page.locator('.mantine-Popover-dropdown');
  /** Picks an option of a header's select filter (its options come from the collections). */
  const pick = async (header: string, option: string | RegExp) => {
    await page.getByRole('button', { name: `Filter ${header}`, exact: true }).click();
    await filterPopover.getByRole('combobox', { name: `Filter ${header}` }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Record type', 'Free trial request');
  await expect(page).toHaveURL(/auditableType=free_trial_request/);
  await pick('Staff member', /^Ada Admin/);
  await expect(page).toHaveURL(/[?&]user=\d+/);
  await page.getByRole('button', { name: 'Filter When', exact: true }).click();
  await filterPopover.getByLabel('From').fill(today());
  await filterPopover.getByLabel('To').fill(today());
  await filterPopover.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/createdAt=/);
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips).toContainText('Record type: Free trial request');
  await expect(chips).toContainText('Staff member: Ada Admin');

  const link = page.getByRole('link', { name: `Free trial request ${rejectedId}`, exact: true }).first();
  await expect(link).toBeVisible();
  const grid = page.locator('[role="grid"] tbody');
  await expect(grid.getByText('Rejected').first()).toBeVisible();
  // Every row is of a free-trial request.
  const types = await grid.locator('tr[id*="-row-"]').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
  expect(types.length).toBeGreaterThan(0);
  for (const text of types) expect(text).toContain('Free trial request');

  // The link to this view, opened by someone else, shows the same entries.
  const shared = page.url();
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signIn(other, ADMIN);
    await other.goto(shared);
    await expect(other.getByRole('link', { name: `Free trial request ${rejectedId}`, exact: true }).first()).toBeVisible();
    const otherChips = other.getByRole('group', { name: 'Active filters' });
    await expect(otherChips).toContainText('Record type: Free trial request');
    await expect(otherChips).toContainText('Staff member: Ada Admin');
    await expect(otherChips).toContainText('When');
  } finally {
    await otherContext.close();
  }

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/requests/${rejectedId}$`));
  await expect(page.getByRole('heading', { name: `Free trial ${rejectedId}` })).toBeVisible();
});

test("changing an order's URL on its screen shows in its history with the old and new values", async ({ page }) => {
  await signIn(page, ADMIN);
  const { items } = await callApi<{ items: OrderRow[] }>(page, 'POST', '/api/v1/admin/orders/table', {
    headers: [{ value: 'id' }, { value: 'status', filter: ['in_processing'] }],
    options: { page: 1, itemsPerPage: 20, sortBy: ['id'], sortDesc: [true] },
  });
  const order = items.find((o) => o.actions.editable);
  expect(order, 'an editable order').toBeDefined();
  await page.goto(`/orders/${order!.id}`);
  const oldUrl = order!.url;
  const newUrl = `https://e2e.example/history-${Date.now()}`;
  await page.getByLabel('Order URL').fill(newUrl);
  await page.getByRole('button', { name: 'Change URL' }).click();

  const history = page.getByRole('region', { name: 'History' });
  const diff = history.getByRole('table', { name: 'Changed fields, Updated' }).first();
  await expect(diff.getByRole('row', { name: `URL ${oldUrl} ${newUrl}` })).toBeVisible();
  await expect(history).toContainText(`url changed from ${oldUrl} to ${newUrl}`);

  // The order's whole past in the audit log, filtered to it.
  await history.getByRole('link', { name: 'All in the audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?.*auditableId=${order!.id}`));
  const auditDiff = page.getByRole('table', { name: /^Changes of audit entry \d+$/ }).first();
  await expect(auditDiff.getByRole('row', { name: `URL ${oldUrl} ${newUrl}` })).toBeVisible();
});

test('referral statistics: the range is read from the URL and a new range is written back to it', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/referral-program?from=2020-01-01&to=2020-01-31');
  await expect(page.getByRole('heading', { name: 'Referral program' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('2020-01-01');
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue('2020-01-31');
  // The default percent is a fraction, shown ×100.
  await expect(page.getByText(/^Default referral percent: [\d.]+ %$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Referral statistics per affiliate' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear From' }).click();
  await expect(page).toHaveURL(/[?&]from=(&|$)/);
  await expect(page.getByText('Choose both dates.')).toBeVisible();
});
