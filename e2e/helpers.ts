import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * Signs in through the API, as a member whose console kept their session does: POST /login, the
 * token into the AUTH_TOKEN cookie, then `path` opened (when given) with the app shell shown.
 * Without a path the next `goto` opens the console signed in — one page load instead of the login
 * screen's two. Tests about signing in, and journeys that start at the login screen, use login().
 */
export async function signIn(page: Page, account: { email: string; password: string }, path?: string): Promise<void> {
  const response = await page.request.post('/login', {
    headers: { accept: 'application/json' },
    data: { email: account.email, password: account.password, 'g-recaptcha-response': '' },
  });
  const header = response.headers().authorization ?? '';
  if (response.status() !== 200 || !header.startsWith('Bearer '))
    throw new Error(`Signing in ${account.email} answered ${response.status()}: ${await response.text()}`);
  await page.context().addCookies([{ name: 'AUTH_TOKEN', value: header.slice('Bearer '.length), url: new URL(response.url()).origin, sameSite: 'Lax' }]);
  if (path === undefined) return;
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/**
 * Moves the open console to `path` as one of its own links does: a history entry pushed (the
 * router follows the browser's history), no page load. The route's guard may then send the member
 * elsewhere, as it does after a link.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    const index = typeof state.__TSR_index === 'number' ? state.__TSR_index : 0;
    window.history.pushState({ ...state, __TSR_index: index + 1, key: Math.random().toString(36).slice(2) }, '', to);
  }, path);
}

/** The AUTH_TOKEN cookie the console keeps the session in. */
export async function authToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'AUTH_TOKEN');
  if (!cookie) throw new Error('No AUTH_TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

/** Calls the console's API as the member signed in on this page (the session's bearer token). */
export async function callApi<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await authToken(page);
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: body,
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The text a money amount shows on screen (format.ts): '$1 234.50', two decimals, thousands grouped with a space. */
export function displayedMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}

/** '$1 234.50' or '-$0.25' -> cents. */
export function parseDisplayedMoney(text: string): bigint {
  const match = /^(-)?\$([\d\s\u00a0]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not a displayed money amount: "${text}"`);
  const cents = BigInt(match[2].replace(/[\s\u00a0]/g, '')) * 100n + BigInt(match[3]);
  return match[1] ? -cents : cents;
}

/** Waits until the service worker is installed (the shell precached) and active. */
export async function serviceWorkerActivated(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
}

/**
 * Calls the console's API from the test runner with a bearer token: it reaches the server while
 * the page's browser context is offline.
 */
export async function callApiWithToken<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: body,
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * How many saved list answers the console keeps in IndexedDB whose query key contains every one of
 * `fragments` (e.g. '"orders"', 'in_moderation').
 */
export function savedLists(page: Page, ...fragments: string[]): Promise<number> {
  return page.evaluate(async (wanted) => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('panel-console')) return 0;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open('panel-console');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction('queries').objectStore('queries').getAll();
        all.onsuccess = () => {
          db.close();
          const keys = (all.result as { queryKey: unknown[] }[]).map((r) => JSON.stringify(r.queryKey));
          resolve(keys.filter((key) => wanted.every((w) => key.includes(w))).length);
        };
        all.onerror = () => resolve(0);
      };
    });
  }, fragments);
}

/** How far the page or the table scrolls sideways (0 when everything fits). */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    // A list's table scrolls sideways inside its own box (the grid's parent).
    const viewports = Array.from(document.querySelectorAll<HTMLElement>('[role="grid"]')).map((grid) => grid.parentElement!);
    const table = Math.max(0, ...viewports.map((v) => v.scrollWidth - v.clientWidth));
    const pageOverflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    return { table, page: pageOverflow };
  });
}

/**
 * What is wrong with the column headers of the tables on the page, one sentence each (none when
 * they hold their shape): two header cells of a row that intersect, a header whose content is
 * wider than its cell (its label or buttons run over the next one), or a header cut by a box that
 * clips without scrolling (a column the member cannot reach).
 */
export function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (th: Element) =>
      (th.textContent ?? '').replace(/\s+/g, ' ').trim() || th.querySelector('[aria-label]')?.getAttribute('aria-label') || '(no text)';
    for (const row of Array.from(document.querySelectorAll<HTMLTableRowElement>('thead tr'))) {
      const table = row.closest('table');
      if (!table || table.getClientRects().length === 0) continue;
      const label = table.getAttribute('aria-label') ?? table.closest('[aria-label]')?.getAttribute('aria-label') ?? 'a table';
      const cells = Array.from(row.cells).filter((th) => th.getClientRects().length > 0);
      const rects = cells.map((th) => th.getBoundingClientRect());
      for (let i = 0; i < cells.length; i++) {
        const th = cells[i];
        if (th.scrollWidth > th.clientWidth + 1) problems.push(`${label}: header "${name(th)}" is ${th.scrollWidth - th.clientWidth} px wider than its column`);
        for (let j = i + 1; j < cells.length; j++) {
          const a = rects[i];
          const b = rects[j];
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          if (overlap > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1)
            problems.push(`${label}: headers "${name(th)}" and "${name(cells[j])}" overlap by ${Math.round(overlap)} px`);
        }
        // The nearest box that clips sideways: one that scrolls lets the member reach the column.
        for (let box = th.parentElement; box && box !== document.body; box = box.parentElement) {
          const overflowX = getComputedStyle(box).overflowX;
          if (overflowX === 'visible') continue;
          if ((overflowX === 'hidden' || overflowX === 'clip') && rects[i].right > box.getBoundingClientRect().right + 1)
            problems.push(`${label}: header "${name(th)}" is cut off (${Math.round(rects[i].right - box.getBoundingClientRect().right)} px out of view)`);
          break;
        }
      }
    }
    return problems;
  });
}
