import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainError } from '../../../src/console/api/errors';
import { ComboOrderScreen } from '../../../src/console/areas/combo-orders/ComboOrderScreen';
import { comboOrdersResource } from '../../../src/console/areas/combo-orders/resource';
import { SourceCell } from '../../../src/console/areas/orders/cells';
import { CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { understand, type LookupIntent } from '../../../src/console/palette/grammar';
import { openItem } from '../../../src/console/palette/items';
import { buildVocabulary } from '../../../src/console/palette/vocabulary';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import type { ComboOrderDetail } from '../../../src/contract/combo-orders';
import type { Permission } from '../../../src/contract/permissions';
import { ALL_PERMISSIONS, only, Providers, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';
// Record links read the screen table, which the app assembles from the areas and installs at start-up.
import '../../../src/console/app/screens';

/**
 * The combo order's record screen (/combo-orders/:id): its fields, its orders linking to them, its
 * user linking to the user, approve / reject / complete from the list's own declarations, the
 * not-found state; and the ways in: a row of the list (Enter, the id cell), the palette, an order's
 * source chip.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(cleanup);

function combo(overrides: Partial<ComboOrderDetail> = {}): ComboOrderDetail {
  return {
    id: 5,
    status: 'in_moderation',
    user: { id: 7, email: 'ada@example.com', telegramUsername: 'ada_l' },
    url: 'https://instagram.com/acme',
    package: { id: 2, type: 'auto', name: 'Instagram Growth pack' },
    ordersCount: 2,
    createdAt: '2026-01-02 09:59:00',
    actions: { approvable: true, rejectable: true, completable: false },
    price: '5.5000',
    orders: [
      {
        id: 201,
        status: 'in_moderation',
        service: { id: 3, name: 'Instagram likes HQ' },
        quantity: 1000,
        currentQuantity: 0,
        price: '2.5000',
        createdAt: '2026-01-02 10:00:00',
      },
      { id: 202, status: 'in_moderation', service: null, quantity: 200, currentQuantity: 0, price: '3.0000', createdAt: '2026-01-02 10:00:00' },
    ],
    approvedAt: null,
    completedAt: null,
    canceledAt: null,
    updatedAt: '2026-01-02 10:00:00',
    ...overrides,
  };
}

const HISTORY = { type: 'combo_order', id: 5, items: [], hasMore: false, includes: { audits: true, changeLogs: true } };

type Handlers = Record<string, (options: any) => unknown>;

function answer(handlers: Handlers) {
  apiMock.api.mockImplementation(async (name: string, options: unknown) => {
    if (name === 'recordHistory') return HISTORY;
    const handler = handlers[name];
    if (!handler) throw new Error(`unexpected call ${name}`);
    return handler(options);
  });
}

const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

function renderScreen(can: (p: Permission) => boolean = ALL_PERMISSIONS) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const recordRoute = createRoute({ getParentRoute: () => rootRoute, path: 'combo-orders/5', component: () => <ComboOrderScreen id={5} /> });
  const router = createRouter({ routeTree: rootRoute.addChildren([recordRoute]), history: createMemoryHistory({ initialEntries: ['/combo-orders/5'] }) });
  const navigate = vi.fn();
  render(
    <Providers can={can} navigate={navigate}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { navigate };
}

const field = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
const heading = () => screen.findByRole('heading', { level: 1, name: 'Combo order 5' });

describe('the combo order screen', () => {
  it('shows its fields: status, user with telegram, url, package, orders, price and dates', async () => {
    answer({ comboOrdersShow: () => combo() });
    renderScreen();
    await heading();
    expect(apiMock.api).toHaveBeenCalledWith('comboOrdersShow', expect.objectContaining({ params: { comboOrderId: 5 } }));
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('In moderation');
    expect(field('ID')).toHaveTextContent('5');
    expect(field('Telegram')).toHaveTextContent('@ada_l');
    expect(within(field('URL')).getByRole('link', { name: 'https://instagram.com/acme' })).toHaveAttribute('href', 'https://instagram.com/acme');
    expect(field('Package')).toHaveTextContent('Instagram Growth pack');
    expect(field('Package type')).toHaveTextContent('Auto');
    expect(field('Orders')).toHaveTextContent('2');
    expect(field('Price')).toHaveTextContent(/5\.50/);
    expect(field('Created')).toHaveTextContent(/2026/);
    await waitFor(() =>
      expect(apiMock.api).toHaveBeenCalledWith('recordHistory', expect.objectContaining({ params: { recordType: 'combo_order', recordId: 5 } })),
    );
  });

  it('links its user and its orders, and goes back to the list', async () => {
    answer({ comboOrdersShow: () => combo() });
    const { navigate } = renderScreen();
    await heading();
    expect(within(field('User')).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    const orders = screen.getByRole('table', { name: 'Orders of the combo order' });
    const rows = within(orders).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Order 201' })).toHaveAttribute('href', '/orders/201');
    expect(rows[0]).toHaveTextContent('Instagram likes HQ');
    expect(rows[0]).toHaveTextContent(/2\.50/);
    expect(within(rows[1]).getByRole('link', { name: 'Order 202' })).toHaveAttribute('href', '/orders/202');
    expect(rows[1]).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'Its orders in the orders list' })).toHaveAttribute('href', '/orders?sourceType=combo_order&sourceId=5&status=');
    expect(screen.getByRole('link', { name: 'Combo orders' })).toHaveAttribute('href', '/combo-orders');
    await userEvent.click(within(rows[0]).getByRole('link', { name: 'Order 201' }));
    expect(navigate).toHaveBeenCalledWith('/orders/201');
  });

  it('offers the actions its flags allow, as the list does: approve and reject in moderation, complete in processing', async () => {
    answer({ comboOrdersShow: () => combo() });
    renderScreen();
    const actions = await screen.findByRole('group', { name: 'Combo order actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    cleanup();

    answer({ comboOrdersShow: () => combo({ status: 'in_processing', actions: { approvable: false, rejectable: false, completable: true } }) });
    renderScreen();
    const processing = await screen.findByRole('group', { name: 'Combo order actions' });
    expect(
      within(processing)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete']);
  });

  it('approves after asking, then loads the combo order again with its new state', async () => {
    let status: ComboOrderDetail['status'] = 'in_moderation';
    const current = () =>
      combo({ status, actions: { approvable: status === 'in_moderation', rejectable: status === 'in_moderation', completable: status === 'in_processing' } });
    answer({
      comboOrdersShow: current,
      comboOrdersApprove: () => {
        status = 'in_processing';
        return { message: 'Combo order 5 approved.', comboOrder: current() };
      },
    });
    renderScreen();
    const actions = await screen.findByRole('group', { name: 'Combo order actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Approve combo order 5? Its orders start processing.');
    expect(callsOf('comboOrdersApprove')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(callsOf('comboOrdersApprove')).toHaveLength(1));
    expect(callsOf('comboOrdersApprove')[0][1]).toMatchObject({ body: { comboOrderId: 5 } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Combo order actions' }))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Complete']),
    );
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('In processing');
  });

  it('offers no action to a member without manageOrders', async () => {
    answer({ comboOrdersShow: () => combo() });
    renderScreen(only('viewOrders'));
    await heading();
    expect(screen.queryByRole('group', { name: 'Combo order actions' })).toBeNull();
  });

  it('says "not found" for a combo order that does not exist', async () => {
    answer({
      comboOrdersShow: () => {
        throw new PlainError('Combo order 5 not found.', 404);
      },
    });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Combo order 5 not found');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('the ways to a combo order', () => {
  it('a row of the list opens it: the id cell links to it, Enter on the focused row goes there', async () => {
    apiMock.api.mockResolvedValue({ items: [combo()], totalItemsCount: 1, draw: 0 });
    const navigate = vi.fn();
    renderWithEngine(<ResourceTable resource={comboOrdersResource} search={{}} onSearchChange={() => {}} remember={false} />, { navigate });
    const id = await screen.findByRole('link', { name: '5' });
    expect(id).toHaveAttribute('href', '/combo-orders/5');
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    const table = screen.getByRole('group', { name: /Combo orders table/ });
    await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', expect.stringContaining('-row-5')));
    await userEvent.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/combo-orders/5');
  });

  it('the palette looks a combo order up by id and opens it', () => {
    const vocabulary = buildVocabulary(CONSOLE_RESOURCES, ALL_PERMISSIONS);
    for (const input of ['combo order 5', 'open combo order 5']) {
      const lookups = understand(input, vocabulary).filter((i): i is LookupIntent => i.kind === 'lookup');
      expect(lookups[0], input).toMatchObject({ resource: 'combo-orders', by: 'id', value: '5' });
    }
    expect(openItem(comboOrdersResource, combo(), 'Records')).toMatchObject({
      title: 'Open combo order 5',
      run: { kind: 'navigate', href: '/combo-orders/5' },
    });
  });

  it("an order's source chip links to the combo order that placed it", async () => {
    const navigate = vi.fn();
    renderWithEngine(<SourceCell source="cabinet" sourceType="combo_order" sourceId={5} />, { navigate });
    const chip = screen.getByRole('link', { name: 'Combo order #5' });
    expect(chip).toHaveAttribute('href', '/combo-orders/5');
    await userEvent.click(chip);
    expect(navigate).toHaveBeenCalledWith('/combo-orders/5');
  });
});
