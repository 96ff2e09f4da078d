import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { OrderRow } from '../src/contract/orders';
import { COUNTERS_CHANNEL } from '../src/contract/realtime';
import { ADMIN, callApi, signIn } from './helpers';

/**
 * The live counters in the header: a change made in one browser reaches another open console
 * through the realtime channel, without a reload.
 */

const moderationCounter = (page: Page) =>
  page.getByRole('navigation', { name: 'Live counters' }).getByRole('link', { name: /^In Moderation: [\d\s]+ orders in moderation$/ });

/** The number the "In Moderation" counter shows ('1 234' -> 1234). */
async function moderationCount(page: Page): Promise<number> {
  // The link is named by its content: the visible label and count, and the noun for screen readers.
  const label = await moderationCounter(page).locator('.mantine-VisuallyHidden-root').textContent();
  const match = /^In Moderation: ([\d\s]+) orders in moderation$/.exec(label ?? '');
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

test('approving an order in one browser lowers the moderation counter in another without a reload', async ({ browser }) => {
  const watcherContext = await browser.newContext();
  const actorContext = await browser.newContext();
  try {
    // B: a console that only watches its header.
    const watcher = await watcherContext.newPage();
    const subscribed = countersSubscribed(watcher);
    await signIn(watcher, ADMIN, '/');
    await expect(moderationCounter(watcher)).toBeVisible();
    await subscribed;
    const before = await moderationCount(watcher);
    // A mark on the window: it is gone if the page is ever reloaded.
    await watcher.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // A: approves one order in moderation through the list.
    const actor = await actorContext.newPage();
    await signIn(actor, ADMIN);
    const { items } = await callApi<{ items: OrderRow[] }>(actor, 'POST', '/api/v1/admin/orders/table', {
      headers: [{ value: 'id' }, { value: 'status', filter: ['in_moderation'] }],
      options: { page: 1, itemsPerPage: 1, sortBy: ['id'], sortDesc: [false] },
    });
    const [order] = items;
    expect(order, 'an order in moderation').toBeDefined();
    await actor.goto(`/orders?status=in_moderation&id=${order.id}`);
    await actor.getByRole('button', { name: `Actions for order ${order.id}`, exact: true }).click();
    await actor.getByRole('menuitem', { name: /^Approve/ }).click();
    await actor.getByRole('dialog', { name: 'Confirm your move' }).getByRole('button', { name: 'Proceed' }).click();
    await expect(actor.getByRole('button', { name: `Actions for order ${order.id}`, exact: true })).toHaveCount(0);

    // B's counter follows, and B never reloaded.
    await expect.poll(() => moderationCount(watcher)).toBe(before - 1);
    expect(await watcher.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
  } finally {
    await actorContext.close();
    await watcherContext.close();
  }
});
