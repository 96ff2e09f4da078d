import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { findingsLog, scan, startLight } from './axe';
import { expect, test } from './fixtures';
import { ADMIN, callApi, login, signIn } from './helpers';

/**
 * Configuration in the browser: a role made in the permission matrix with two permissions, given to
 * a new member, who then sees only those areas; a member invited through a one-time link (shown
 * once); a webhook pointing at a receiver written here, its test event delivered, signed and shown
 * in the delivery log; a new panel name reaching another open console without a reload.
 *
 * The receiver listens on 127.0.0.1, so the server runs with WEBHOOK_ALLOWED_HOSTS=127.0.0.1
 * (e2e/fixtures.ts); without it the delivery is refused as SSRF, which this test would report.
 */

const stamp = Date.now().toString(36);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('a role made in the matrix, given to a new member: they see only its areas', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const roleName = `Desk ${stamp}`;
  await page.goto('/roles');
  await page.getByRole('button', { name: 'New role' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(roleName);
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('columnheader', { name: new RegExp(`^${roleName}`) })).toBeVisible();

  // Mouse: View orders. Keyboard: from there, down to the next permission of the Users area.
  const viewOrders = page.getByRole('checkbox', { name: `View orders for ${roleName}` });
  await viewOrders.click();
  await expect(viewOrders).toBeChecked();
  const viewUsers = page.getByRole('checkbox', { name: `View users for ${roleName}` });
  await viewUsers.focus();
  await page.keyboard.press('Space');
  await expect(viewUsers).toBeChecked();
  // Saved: a reload shows the same cells.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `View orders for ${roleName}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `View users for ${roleName}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Manage staff for ${roleName}` })).not.toBeChecked();

  // A member with this role, password typed twice.
  const email = `desk.${stamp}@example.test`;
  await page.goto('/staff');
  await page.getByRole('button', { name: 'Invite or create a member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Desk Member');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('radio', { name: 'Type it now (twice)' }).check();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('desk-password-1');
  await dialog.getByRole('textbox', { name: 'Repeat the password' }).fill('desk-password-1');
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: roleName }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk Member' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'View orders' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'View users' })).toBeVisible();

  // The member signs in elsewhere and sees Orders and Users, not the configuration.
  const other = await browser.newContext();
  try {
    const member = await other.newPage();
    await login(member, { email, password: 'desk-password-1' });
    await expect(nav(member).getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(nav(member).getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    for (const hidden of ['Staff', 'Webhooks', 'Panel settings', 'Invoices', 'Services']) {
      await expect(nav(member).getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
  } finally {
    await other.close();
  }
});

test('inviting a member shows the one-time password link once; the member sets their password through it', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  await page.goto('/staff');
  await page.getByRole('button', { name: 'Invite or create a member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Invited Member');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`invited.${stamp}@example.test`);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invited Member' })).toBeVisible();
  const link = page.getByTestId('one-time-value');
  await expect(link).toHaveText(/\/set-password\/[A-Za-z0-9_-]{20,}$/);
  const token = (await link.textContent())!.split('/set-password/')[1];
  // The link names the member (public call), and the screen says the password is not set.
  const info = await (await page.request.get(`/api/v1/staff-password/${token}`)).json();
  expect(info).toMatchObject({ email: `invited.${stamp}@example.test` });
  await expect(page.getByText('Invited (password not set)')).toBeVisible();
  // Shown once: a reload no longer has it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Invited Member' })).toBeVisible();
  await expect(page.getByTestId('one-time-value')).toHaveCount(0);

  // The member opens the link signed out, sets the password, and signs in with it; the link then stops working.
  const other = await browser.newContext();
  try {
    const member = await other.newPage();
    await member.goto(`/set-password/${token}`);
    await expect(member.getByText(`invited.${stamp}@example.test`, { exact: false })).toBeVisible();
    await member.getByRole('textbox', { name: 'New password' }).fill('invited-password-1');
    await member.getByRole('textbox', { name: 'Repeat the password' }).fill('invited-password-2');
    await member.getByRole('button', { name: 'Set password' }).click();
    await expect(member.getByText('The password confirmation does not match.')).toBeVisible();
    await member.getByRole('textbox', { name: 'Repeat the password' }).fill('invited-password-1');
    await member.getByRole('button', { name: 'Set password' }).click();
    await expect(member.getByText('Your password is set.')).toBeVisible();
    await login(member, { email: `invited.${stamp}@example.test`, password: 'invited-password-1' });
    await member.goto(`/set-password/${token}`);
    await expect(member.getByText('This link is not valid any more', { exact: false })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a webhook to a test receiver: the test event is delivered, signed, and in the delivery log', async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${stamp}`;
  try {
    await signIn(page, ADMIN);
    await page.goto('/webhooks');
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('checkbox', { name: 'Order status changed' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();

    // The webhook's screen: the secret, once.
    await expect(page.getByRole('heading', { level: 1, name: /^Webhook \d+$/ })).toBeVisible();
    const secret = (await page.getByTestId('one-time-value').textContent())!;
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByRole('row').nth(1)).toContainText('Test event');
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered', { timeout: 20_000 });
    await expect(log.getByRole('row').nth(1)).toContainText('200');
    await expect(log.getByRole('row').nth(1)).toContainText('received by the e2e receiver');

    expect(received).toHaveLength(1);
    const [req] = received;
    expect(JSON.parse(req.body)).toMatchObject({ type: 'webhook.test' });
    // The receiver's check: HMAC-SHA256 of "<timestamp>.<body>" with the secret shown once.
    const { createHmac } = await import('node:crypto');
    const expected = `sha256=${createHmac('sha256', secret).update(`${req.headers['x-webhook-timestamp']}.${req.body}`).digest('hex')}`;
    expect(req.headers['x-webhook-signature']).toBe(expected);

    // Redeliver: a second row with the same event, delivered again.
    await log
      .getByRole('button', { name: /^Redeliver delivery/ })
      .first()
      .click();
    await expect(log.getByRole('row')).toHaveCount(3);
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered', { timeout: 20_000 });
    expect(received).toHaveLength(2);
    expect(received[1].headers['x-webhook-id']).toBe(received[0].headers['x-webhook-id']);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});

test('a new panel name shows in another open console without a reload', async ({ page, browser }) => {
  const watcherContext = await browser.newContext();
  try {
    const watcher = await watcherContext.newPage();
    await signIn(watcher, ADMIN, '/');
    await expect(watcher).not.toHaveTitle('');
    await watcher.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    // Let the watcher's realtime connection join its channel.
    await expect.poll(() => watcher.evaluate(() => document.querySelector('[aria-label*="Live"]') !== null)).toBe(true);

    await signIn(page, ADMIN);
    const before = await callApi<Record<string, unknown> & { panelName: string }>(page, 'GET', '/api/v1/admin/settings');
    const name = `Panel ${stamp}`;
    await page.goto('/panel-settings');
    const field = page.getByRole('textbox', { name: 'Panel name' });
    await expect(field).toHaveValue(before.panelName);
    await field.fill(name);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveTitle(name);
    await expect(watcher).toHaveTitle(name, { timeout: 15_000 });
    expect(await watcher.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

    // Put the name back for the other suites (the save answers JSON bodies too).
    await callApi(page, 'POST', '/api/v1/admin/settings', { ...before });
    await expect(watcher).toHaveTitle(before.panelName, { timeout: 15_000 });
  } finally {
    await watcherContext.close();
  }
});

test('the configuration dialogs and the set-password page pass the accessibility scan in both themes (their screens are scanned with every registered screen)', async ({
  page,
}) => {
  await startLight(page);
  const log = findingsLog();
  try {
    await signIn(page, ADMIN);
    await page.goto('/staff');
    await page.getByRole('button', { name: 'Invite or create a member' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    log.add('staff dialog', await scan(page, 'staff dialog'));
    await page.keyboard.press('Escape');
    await page.goto('/webhooks');
    await page.getByRole('button', { name: 'New webhook' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'URL' })).toBeVisible();
    log.add('webhook dialog', await scan(page, 'webhook dialog'));
    await page.keyboard.press('Escape');
    await page.goto('/set-password/not-a-valid-link-token-000000');
    await expect(page.getByText('This link is not valid any more', { exact: false })).toBeVisible();
    log.add('set-password', await scan(page, 'set-password'));
  } finally {
    log.report();
  }
  expect(log.findings).toEqual([]);
});
