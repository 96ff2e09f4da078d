import { makeOrder as order } from '../helpers/orderFixtures';
import { json } from '../helpers/app.fixtures';
import { mountConsole, unmountConsole } from '../helpers/consoleFixture';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '../../../src/contract/permissions';
import { GO_KEYS, GO_PREFIX, goTargets } from '../../../src/console/app/keyboard/goKeys';
import { navItems } from '../../../src/console/navigation/nav';
import { offerUndo, UNDO_WINDOW_MS } from '../../../src/console/actions/undo';

// A go sequence ends 1.5 s after its last key; on a loaded machine the test's next key can come
// later than that. Here it waits for the key: what the tests check is which keys go where.
vi.mock('../../../src/console/app/keyboard/goKeys', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/console/app/keyboard/goKeys')>()),
  GO_TIMEOUT_MS: 600_000,
}));

function start(path: string, permissions: Permission[]) {
  return mountConsole(path, permissions, {
    'POST /api/v1/admin/orders/table': (request) =>
      json({ items: [order(41, { approvable: true, pausable: true })], totalItemsCount: 1, draw: (request.body as { draw: number }).draw }),
  });
}

/** The paths the router lands on from now on. */
function visits(router: ReturnType<typeof start>['router']): string[] {
  const paths: string[] = [];
  router.subscribe('onResolved', (event) => paths.push(event.toLocation.pathname));
  return paths;
}

const home = () => screen.findByRole('heading', { name: /Welcome, Ada Lovelace/ });
const ordersTable = () => screen.findByRole('group', { name: /Orders table/ }, { timeout: 15_000 });
// The first paint of a list waits for the session, the route guard and the table request.
const orderRow = () => screen.findByText('41', {}, { timeout: 15_000 });
const overlay = () => screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
const section = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('region', { name });

beforeEach(() => {
  localStorage.clear();
});

afterEach(unmountConsole);

describe('go sequences', () => {
  it('g then o goes to Orders, with a hint while the second key is awaited', async () => {
    const { router } = start('/', ['viewOrders']);
    await home();
    await userEvent.keyboard('g');
    expect(screen.getByText(/go to: press a screen key/)).toBeInTheDocument();
    await userEvent.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(screen.queryByText(/go to: press a screen key/)).not.toBeInTheDocument();

    await ordersTable();
    await userEvent.keyboard('gh');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does nothing for a screen the member may not open', async () => {
    const { router } = start('/', ['viewOrders']);
    await home();
    const visited = visits(router);
    await userEvent.keyboard('gu');
    await userEvent.keyboard('go');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(visited).not.toContain('/users');
  });

  it('does nothing while the member types in a field', async () => {
    const { router } = start('/orders', ['viewOrders', 'viewUsers']);
    await orderRow();
    const search = screen.getByLabelText('Search orders');
    await userEvent.click(search);
    const visited = visits(router);
    await userEvent.keyboard('gu');
    expect(search).toHaveValue('gu');
    // Out of the field, the same keys go.
    act(() => search.blur());
    await userEvent.keyboard('gu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(visited.filter((path) => path === '/users')).toHaveLength(1);
  });

  it('the key after g belongs to the sequence, not to the focused row', async () => {
    const { router } = start('/orders', ['viewOrders', 'manageOrders']);
    const table = await ordersTable();
    await orderRow();
    act(() => table.focus());
    await userEvent.keyboard('j');
    // p pauses the focused order; after g it names a screen (Providers, not registered here).
    await userEvent.keyboard('gp');
    // The sequence took the p (its hint is gone), and nothing else did.
    await waitFor(() => expect(screen.queryByText(/go to: press a screen key/)).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    // Without g, p asks to pause the order.
    await userEvent.keyboard('p');
    expect(await screen.findByRole('dialog')).toHaveTextContent('Pause order 41?');
  });

  it('has one key per screen, no two alike, for navigation entries only', () => {
    const keys = Object.values(GO_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(GO_PREFIX);
    for (const path of Object.keys(GO_KEYS)) expect(path === '/' || navItems().some((item) => item.path === path)).toBe(true);
    expect(GO_KEYS).toMatchObject({ '/': 'h', '/orders': 'o', '/users': 'u', '/subscriptions': 's', '/combo-orders': 'c', '/drip-feed': 'd' });
    const sections = [{ id: 'operations' as const, label: 'Operations', items: navItems().filter((i) => i.path === '/users') }];
    expect(goTargets(sections, true)).toEqual([
      { key: 'h', path: '/', label: 'Home' },
      { key: 'u', path: '/users', label: 'Users' },
    ]);
  });
});

describe('the shortcuts overlay', () => {
  it('? lists the global keys, the go sequences the member may use and this list’s actions', async () => {
    start('/orders', ['viewOrders', 'manageOrders']);
    await orderRow();
    await userEvent.keyboard('?');
    const dialog = await overlay();

    const global = section(dialog, 'Global');
    expect(within(global).getByRole('row', { name: /Open the command palette/ })).toHaveTextContent(/Ctrl.*K.*⌘.*K/);
    expect(within(global).getByRole('row', { name: /Go to Orders/ })).toHaveTextContent(/g\s*then\s*o/);
    expect(within(global).queryByRole('row', { name: /Go to Users/ })).not.toBeInTheDocument();

    expect(within(section(dialog, 'Lists')).getByRole('row', { name: /Open the row’s actions menu/ })).toBeInTheDocument();

    const thisList = section(dialog, 'This list: Orders');
    expect(within(thisList).getByRole('row', { name: /a\s*Approve/ })).toBeInTheDocument();
    expect(within(thisList).getByRole('row', { name: /p\s*Pause/ })).toBeInTheDocument();
    // Activate has no shortcut.
    expect(within(thisList).queryByRole('row', { name: /Activate/ })).not.toBeInTheDocument();
  });

  it('leaves out the actions the member lacks the permission for', async () => {
    start('/orders', ['viewOrders']);
    await orderRow();
    await userEvent.keyboard('?');
    const dialog = await overlay();
    expect(within(dialog).queryByText('Approve')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /This list/ })).not.toBeInTheDocument();
  });

  it('takes focus, closes with Esc and gives focus back', async () => {
    start('/orders', ['viewOrders', 'manageOrders']);
    const table = await ordersTable();
    await orderRow();
    act(() => table.focus());
    await userEvent.keyboard('?');
    const dialog = await overlay();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(table));
  });

  it('a go sequence typed while reading it closes it and goes', async () => {
    const { router } = start('/', ['viewOrders']);
    await home();
    await userEvent.keyboard('?');
    await overlay();
    await userEvent.keyboard('go');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
  });

  it('? closes it again, and it never opens over another dialog', async () => {
    start('/orders', ['viewOrders', 'manageOrders']);
    const table = await ordersTable();
    await orderRow();
    await userEvent.keyboard('?');
    await overlay();
    await userEvent.keyboard('?');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The hint after g points at ?, so ? still opens the list mid-sequence.
    await userEvent.keyboard('g?');
    await overlay();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => table.focus());
    await userEvent.keyboard('ja');
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Approve order 41?');
    await userEvent.keyboard('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });
});

describe('undo', () => {
  it('z undoes the last move once while its offer lasts, and types in a field', async () => {
    start('/', ['viewOrders']);
    await home();
    const reverse = vi.fn(async () => {});
    act(() => void offerUndo('Activate order 41', reverse));
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await userEvent.keyboard('z');
    expect(field).toHaveValue('z');
    expect(reverse).not.toHaveBeenCalled();
    field.remove();

    await userEvent.keyboard('z');
    expect(reverse).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('z');
    expect(reverse).toHaveBeenCalledTimes(1);
  });

  it('z does nothing once the offer has passed', async () => {
    start('/', ['viewOrders']);
    await home();
    const reverse = vi.fn(async () => {});
    act(() => void offerUndo('Activate order 41', reverse, Date.now() - UNDO_WINDOW_MS - 1));
    await userEvent.keyboard('z');
    expect(reverse).not.toHaveBeenCalled();
  });
});
