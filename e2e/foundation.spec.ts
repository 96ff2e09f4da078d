import { expect, test } from './fixtures';
import { ADMIN, MANAGER, authToken, login } from './helpers';

test.describe('session and guard', () => {
  test('the administrator signs in; the title is the panel name; every built area is in the navigation', async ({ page, request }) => {
    const settings = await (await request.get('/settings')).json();
    await login(page, ADMIN);
    await expect(page).toHaveTitle(settings.panelName);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'External panel orders' })).toBeVisible();
    // Home is a dashboard for the member: their name and roles.
    await expect(page.getByRole('heading', { name: /Ada Admin/ })).toBeVisible();
    await expect(page.getByText('Administrator').first()).toBeVisible();
  });

  test('the manager sees only permitted areas; a forbidden URL lands on Home', async ({ page }) => {
    await login(page, MANAGER);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'External panel orders' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);

    // The manager lacks manageExternalPanelOrders and viewServices: Services is not permitted, so Home.
    await page.goto('/external-panel-orders');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Max Manager/ })).toBeVisible();
    // Unknown paths go Home too.
    await page.goto('/no-such-screen');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a guest is sent to the login screen and back to the address they asked for', async ({ page }) => {
    await page.goto('/users?status=frozen');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/users\?status=frozen/);
  });

  test('wrong credentials show the field error and keep what was typed', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await login(page, ADMIN);
    const html = page.locator('html');
    const before = await html.getAttribute('data-mantine-color-scheme');
    const next = before === 'dark' ? 'light' : 'dark';
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: next === 'dark' ? 'Dark theme' : 'Light theme' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', next);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', next);
  });

  test('a revoked token sends the member to the login screen', async ({ page, request }) => {
    await login(page, ADMIN);
    const token = await authToken(page);
    // Revoke every token of the member from elsewhere (another device logs out).
    const res = await request.post('/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok()).toBeTruthy();
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
