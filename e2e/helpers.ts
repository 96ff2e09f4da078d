import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'password' };
export const MANAGER = { email: 'manager@example.com', password: 'password' };

/** Signs in through the login screen and waits for the app shell. */
export async function login(page: Page, account: { email: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** The AUTH_TOKEN cookie the console keeps the session in. */
export async function authToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'AUTH_TOKEN');
  if (!cookie) throw new Error('No AUTH_TOKEN cookie');
  return decodeURIComponent(cookie.value);
}
