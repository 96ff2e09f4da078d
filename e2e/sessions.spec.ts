import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { generate } from 'otplib';
import { ADMIN, MANAGER, authToken, login } from './helpers';

/**
 * One session per sign-in (issue: hardening): two browsers signed in as the same member are two
 * sessions; a token refresh in one leaves the other signed in; either can end the other from the
 * account menu's "Signed-in devices". The console runs under its strict CSP with nothing refused.
 */

interface Device {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy refusals reported on the page's console. */
  refusals: string[];
}

async function openDevice(browser: Browser, userAgent: string): Promise<Device> {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) refusals.push(message.text());
  });
  return { context, page, refusals };
}

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function setToken(device: Device, token: string) {
  const [cookie] = (await device.context.cookies()).filter((c) => c.name === 'AUTH_TOKEN');
  await device.context.addCookies([{ ...cookie, value: encodeURIComponent(token) }]);
}

const profileStatus = async (device: Device, token: string) =>
  (await device.page.request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })).status();

test('two devices of one member: a refresh in one keeps the other signed in; one ends the other', async ({ browser }) => {
  const first = await openDevice(browser, FIREFOX_ON_WINDOWS);
  const second = await openDevice(browser, CHROME_ON_MAC);
  await login(first.page, ADMIN);
  await login(second.page, ADMIN);
  const secondToken = await authToken(second.page);

  // The console's page carries its strict policy.
  const page = await first.page.request.get('/');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers()['content-security-policy']).not.toContain("'unsafe-inline' 'self'");
  expect(page.headers()['x-content-type-options']).toBe('nosniff');

  // The first device refreshes its token, as the console does every 20 minutes.
  const oldToken = await authToken(first.page);
  const refreshed = await first.page.request.get('/refresh', { headers: { Authorization: `Bearer ${oldToken}`, Accept: 'application/json' } });
  expect(refreshed.status()).toBe(200);
  const { token: newToken } = (await refreshed.json()) as { token: string };
  await setToken(first, newToken);
  expect(await profileStatus(first, oldToken)).toBe(401);

  // Both devices are still signed in after a reload.
  for (const device of [first, second]) {
    await device.page.reload();
    await expect(device.page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }
  expect(await profileStatus(second, secondToken)).toBe(200);

  // The second device lists the member's sessions and ends the first one's.
  await second.page.getByRole('button', { name: /Account menu/ }).click();
  await second.page.getByRole('menuitem', { name: 'Signed-in devices' }).click();
  const dialog = second.page.getByRole('dialog', { name: 'Signed-in devices' });
  const table = dialog.getByRole('table', { name: 'Your sessions' });
  const firefoxRow = table.getByRole('row').filter({ hasText: 'Firefox on Windows' });
  const thisRow = table.getByRole('row').filter({ hasText: 'This device' });
  await expect(thisRow).toContainText('Chrome on macOS');
  await expect(firefoxRow).toHaveCount(1);
  await firefoxRow.getByRole('button', { name: /End the session on Firefox on Windows/ }).click();
  const confirmation = second.page.getByRole('dialog', { name: 'End the session on Firefox on Windows?' });
  await confirmation.getByRole('button', { name: 'End session' }).click();
  await expect(second.page.getByText('Firefox on Windows is signed out.')).toBeVisible();
  await expect(firefoxRow).toHaveCount(0);
  await expect(thisRow).toHaveCount(1);

  // The first device is signed out at its next request; the second is not.
  expect(await profileStatus(first, newToken)).toBe(401);
  await first.page.reload();
  await expect(first.page).toHaveURL(/\/login/);
  expect(await profileStatus(second, secondToken)).toBe(200);

  expect([...first.refusals, ...second.refusals]).toEqual([]);
  await first.context.close();
  await second.context.close();
});

test('the build does not publish its source maps', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module"[^>]*src="([^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const script = await request.get(entry!);
  expect(script.status()).toBe(200);
  expect((await request.get(`${entry}.map`)).status()).toBe(404);
});

test('two-factor sign-in: set up from the account menu, then every sign-in asks for the code', async ({ page }) => {
  await login(page, MANAGER);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await dialog.getByRole('button', { name: 'Set up' }).click();
  await dialog.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(MANAGER.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  const now = Math.floor(Date.now() / 1000);
  await dialog.getByLabel('Code from the app').fill(await generate({ secret, epoch: now }));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByText('10 recovery codes left.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close two-factor sign-in' }).click();

  // Signing in again asks for the code after the password; a wrong one stays on the field.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByLabel('Email').fill(MANAGER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(MANAGER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/The code is not valid/)).toBeVisible();
  await page.getByLabel('Code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // Turned off again with the password.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  await expect(dialog.getByText('9 recovery codes left.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(MANAGER.password);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByRole('button', { name: 'Set up' })).toBeVisible();
});
