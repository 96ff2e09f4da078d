import { makeOrder } from '../helpers/orderFixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '../../../src/contract/permissions';
import type { OrderRow } from '../../../src/contract/orders';
import { loadRecents } from '../../../src/console/palette/recents';
import { clearUndo, offerUndo } from '../../../src/console/actions/undo';
import { json, type SeenRequest } from '../helpers/app.fixtures';
import { mountConsole, unmountConsole } from '../helpers/consoleFixture';

const ORDERS = new Map<number, OrderRow>([
  [123, makeOrder(123, { approvable: true, rejectable: true, cancelable: true }, { status: 'in_moderation' })],
  [77, makeOrder(77, {}, { status: 'completed' })],
]);

type TableBody = { headers: { value: string; filter?: unknown }[]; draw: number; search: string };

let seen: SeenRequest[] = [];

/** A lookup by id waits for this when set (the palette says "Looking up…" meanwhile). */
let lookupGate: Promise<void> | null = null;

function start(path: string, permissions: Permission[]) {
  const mounted = mountConsole(path, permissions, {
    'GET /api/v1/admin/websockets/init': json({ ordersInProcessing: 0, ordersInModeration: 1, ordersWithNoActiveProviders: 0, freeTrialsPending: 0 }),
    'POST /api/v1/admin/orders/table': async (request) => {
      const body = request.body as TableBody;
      const idFilter = body.headers.find((h) => h.value === 'id')?.filter;
      if (idFilter && lookupGate) await lookupGate;
      const items = idFilter ? [ORDERS.get(Number(idFilter))].filter(Boolean) : [...ORDERS.values()];
      return json({ items, totalItemsCount: items.length, draw: body.draw });
    },
    'POST /api/v1/admin/orders/approve': () => {
      // The order leaves moderation: the server no longer offers its approval.
      const approved = makeOrder(123, { rejectable: false }, { status: 'in_processing' });
      ORDERS.set(123, approved);
      return json({ message: 'Order 123 approved.' });
    },
  });
  seen = mounted.seen;
  return mounted;
}

const home = () => screen.findByRole('heading', { name: /Welcome, Ada Lovelace/ });
const openPalette = async () => {
  await userEvent.keyboard('{Control>}k{/Control}');
  // Pressed right after start-up, Ctrl+K itself loads the palette's chunk (normally loaded when idle).
  return screen.findByRole('combobox', { name: 'Command palette' }, { timeout: 5000 });
};
const option = (name: string | RegExp) => screen.findByRole('option', { name }, { timeout: 5000 });
/** The option once its record was looked up (before that it says "Looking up…"). */
const resolvedOption = async (name: RegExp, text: string) => {
  await waitFor(() => expect(screen.getByRole('option', { name })).toHaveTextContent(text), { timeout: 5000 });
  return screen.getByRole('option', { name });
};
const approveCalls = () => seen.filter((r) => r.path === '/api/v1/admin/orders/approve');

const IN_MODERATION = ORDERS.get(123)!;
beforeEach(() => {
  localStorage.clear();
  ORDERS.set(123, IN_MODERATION);
});

afterEach(unmountConsole);

describe('command palette', () => {
  // First in the file: the palette's chunk is not loaded yet when Ctrl+K is pressed.
  it('keeps what is typed right after Ctrl+K, while the palette still loads, for its input and away from the screen', async () => {
    start('/', ['viewOrders']);
    await home();
    await userEvent.keyboard('{Control>}k{/Control}in mod');
    const input = await screen.findByRole('combobox', { name: 'Command palette' }, { timeout: 5000 });
    await userEvent.keyboard('eration');
    expect(input).toHaveValue('in moderation');
    expect(await option(/Orders in moderation/)).toBeInTheDocument();
  });

  it('keeps what is typed right after Ctrl+K once loaded, while its dialog still opens', async () => {
    start('/', ['viewOrders']);
    await home();
    await openPalette();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Command palette' })).not.toBeInTheDocument());
    await userEvent.keyboard('{Control>}k{/Control}in moderation');
    const input = await screen.findByRole('combobox', { name: 'Command palette' }, { timeout: 5000 });
    await waitFor(() => expect(input).toHaveValue('in moderation'));
    expect(await option(/Orders in moderation/)).toBeInTheDocument();
  });

  it('opens on Ctrl+K from any screen and goes to a screen the member may open', async () => {
    const { router } = start('/', ['viewOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'in moderation');
    const target = await option(/Orders in moderation/);
    expect(target).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/orders?status=in_moderation'));
  });

  it('never offers a screen the member lacks the permission for', async () => {
    start('/', ['viewOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'users');
    // Once the orders matching the text were looked up: still no Users screen (those orders may show).
    await waitFor(() => expect(seen.some((r) => r.path === '/api/v1/admin/orders/table' && (r.body as TableBody).search === 'users')).toBe(true));
    expect(screen.queryByRole('option', { name: /^Users/ })).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'orders');
    expect(await option(/^Orders\s*Operations$/)).toBeInTheDocument();
  });

  it('"approve order 123" says what will happen, confirms inside the palette, and runs on Enter', async () => {
    start('/', ['viewOrders', 'manageOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'aprove order 123');
    const item = await resolvedOption(/Approve order 123/, 'Asks to confirm · cannot be undone');
    expect(item).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');

    // The confirmation replaces the list inside the palette: Esc backs out, nothing runs.
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Approve order 123?');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('combobox', { name: 'Command palette' })).toHaveValue('aprove order 123');
    expect(approveCalls()).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(approveCalls()).toHaveLength(1));
    expect(approveCalls()[0].body).toEqual({ orderId: 123 });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Command palette' })).not.toBeInTheDocument());
    // Remembered for this member.
    expect(loadRecents(7).some((e) => e.kind === 'command' && e.title === 'Approve order 123')).toBe(true);
  });

  it('explains why a row flag forbids the action instead of running it', async () => {
    start('/', ['viewOrders', 'manageOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'approve order 77');
    const item = await resolvedOption(/Approve order 77/, 'Order 77 cannot be approved: it is completed.');
    expect(item).toHaveAttribute('data-unavailable', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(approveCalls()).toHaveLength(0);
  });

  it('never offers an action without its permission', async () => {
    start('/', ['viewOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'approve order 123');
    // The record is still found and can be opened; approving it is not offered.
    const open = await option(/Open order 123/);
    expect(open).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Approve order 123/ })).not.toBeInTheDocument();
  });

  it('"cancel order 123" opens the cancel dialog for that order', async () => {
    start('/', ['viewOrders', 'manageOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'cancel order 123');
    await resolvedOption(/^Cancel order 123/, 'Opens a form');
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Cancel — order 123/ });
    expect(await within(dialog).findByLabelText('Cancel description')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('an exact view name outranks an action read into the same words: "orders completed" opens the completed orders', async () => {
    const { router } = start('/', ['viewOrders', 'manageOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'orders completed');
    const first = await waitFor(() => {
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options[0]).toHaveTextContent('Orders — Completed');
      return options[0];
    });
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toMatchObject({ status: 'completed' });
  });

  it('a saved view typed by its name outranks the record its number reads as: "stuck over 24 h" opens the view', async () => {
    const mounted = mountConsole('/', ['viewOrders'], {
      'GET /api/v1/admin/websockets/init': json({ ordersInProcessing: 0, ordersInModeration: 1, ordersWithNoActiveProviders: 0, freeTrialsPending: 0 }),
      'GET /api/v1/admin/saved-views': json({
        data: [
          {
            id: 5,
            resource: 'orders',
            name: 'Stuck over 24 h',
            query: 'status=in_processing&sort=createdAt:asc',
            shared: true,
            owner: { id: 2, name: 'Ann' },
            mine: false,
            createdAt: '2026-11-24 15:00:00',
          },
        ],
      }),
      'POST /api/v1/admin/orders/table': (request) => {
        const body = request.body as TableBody;
        const items = [makeOrder(24, {}, { status: 'completed' })];
        return json({ items, totalItemsCount: items.length, draw: body.draw });
      },
    });
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'stuck over 24 h');
    // The order 24 was looked up and offered…
    await option(/Open order 24/);
    // …below the view named exactly, which Enter opens.
    const view = await option(/Orders: Stuck over 24 h/);
    expect(view).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(mounted.router.state.location.href).toBe('/orders?status=in_processing&sort=createdAt%3Aasc'));
  });

  it('looks a record up by id and offers to open it and its allowed actions', async () => {
    const { router } = start('/', ['viewOrders', 'manageOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, '123');
    const records = await option(/Open order 123/);
    expect(records).toHaveTextContent('in moderation');
    await option(/Approve order 123/);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/123'));
  });

  it('puts the focused row of the list on screen first', async () => {
    start('/orders?status=', ['viewOrders', 'manageOrders']);
    const table = await screen.findByRole('group', { name: /Orders table/ }, { timeout: 15_000 });
    await within(table).findAllByText('123', {}, { timeout: 15_000 });
    // The first row is focused on arrival.
    await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', expect.stringMatching(/-row-123$/)));
    const input = await openPalette();
    expect(input).toHaveValue('');
    const listbox = screen.getByRole('listbox');
    const first = within(listbox).getAllByRole('option')[0];
    expect(first).toHaveTextContent(/order 123/);
  });

  it('offers "Undo" for the last move while it can be undone, and runs it once', async () => {
    start('/orders?status=', ['viewOrders', 'manageOrders']);
    await screen.findByRole('group', { name: /Orders table/ }, { timeout: 15_000 });
    const reverse = vi.fn(async () => {});
    offerUndo('Activate order 123', reverse);
    try {
      await openPalette();
      await userEvent.keyboard('undo');
      const item = await option(/Undo: Activate order 123/);
      expect(item).toHaveAttribute('aria-selected', 'true');
      await userEvent.keyboard('{Enter}');
      expect(reverse).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Command palette' })).toBeNull());
      await openPalette();
      await userEvent.keyboard('undo');
      await waitFor(() => expect(screen.queryByRole('option', { name: /Undo:/ })).toBeNull());
    } finally {
      clearUndo();
    }
  });

  it('Enter pressed while a record is looked up runs the first result once it is found', async () => {
    let open!: () => void;
    lookupGate = new Promise((resolve) => {
      open = resolve;
    });
    try {
      start('/', ['viewOrders', 'manageOrders']);
      await home();
      const input = await openPalette();
      await userEvent.type(input, 'approve order 123');
      await resolvedOption(/Approve order 123/, 'Looking up order 123…');
      await userEvent.keyboard('{Enter}');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      open();
      // The lookup answered: the approval asks to confirm, as if Enter came after it.
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('Approve order 123?');
    } finally {
      lookupGate = null;
    }
  });

  it('offers a command on a row as it is now: after "approve order 123", the order cannot be approved again', async () => {
    start('/', ['viewOrders', 'manageOrders']);
    await home();
    let input = await openPalette();
    await userEvent.type(input, 'approve order 123');
    await resolvedOption(/Approve order 123/, 'Asks to confirm');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(approveCalls()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Command palette' })).toBeNull());

    input = await openPalette();
    await userEvent.type(input, 'approve order 123');
    const again = await resolvedOption(/Approve order 123/, 'cannot be approved');
    await userEvent.click(again);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(approveCalls()).toHaveLength(1);
  });

  it('checks the row again before running: an order another member approved meanwhile is not approved twice', async () => {
    start('/', ['viewOrders', 'manageOrders']);
    await home();
    const input = await openPalette();
    await userEvent.type(input, 'approve order 123');
    await resolvedOption(/Approve order 123/, 'Asks to confirm');
    // Someone else approves it while the command is on screen.
    ORDERS.set(123, makeOrder(123, { rejectable: false }, { status: 'in_processing' }));
    await userEvent.keyboard('{Enter}');
    const palette = screen.getByRole('dialog', { name: 'Command palette' });
    expect(await within(palette).findByRole('alert')).toHaveTextContent(/^Order 123 cannot be approved: it is .+\.$/);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(approveCalls()).toHaveLength(0);
    // The command itself now says so.
    await resolvedOption(/Approve order 123/, 'cannot be approved');
  });
});
