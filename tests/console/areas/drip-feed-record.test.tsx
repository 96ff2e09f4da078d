import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainError } from '../../../src/console/api/errors';
import { DripFeedScreen } from '../../../src/console/areas/drip-feeds/DripFeedScreen';
import { dripFeedsResource } from '../../../src/console/areas/drip-feeds/resource';
import { SourceCell } from '../../../src/console/areas/orders/cells';
import { CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { understand, type LookupIntent } from '../../../src/console/palette/grammar';
import { openItem } from '../../../src/console/palette/items';
import { buildVocabulary } from '../../../src/console/palette/vocabulary';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import type { DripFeedDetail } from '../../../src/contract/drip-feeds';
import type { Permission } from '../../../src/contract/permissions';
import { ALL_PERMISSIONS, only, Providers, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';
// Record links read the screen table, which the app assembles from the areas and installs at start-up.
import '../../../src/console/app/screens';

/**
 * The drip feed's record screen (/drip-feed/:id): every field of the drip feed, its runs linking to
 * their orders, its user linking to the user, cancel from the list's own declaration, the not-found
 * state; and the ways in: a row of the list (Enter, the id cell), the palette, an order's source chip.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(cleanup);

function dripFeed(overrides: Partial<DripFeedDetail> = {}): DripFeedDetail {
  return {
    id: 12,
    name: 'Instagram likes',
    url: 'https://instagram.com/p/abc',
    status: 'in_processing',
    user: { id: 7, email: 'ada@example.com' },
    service: { id: 3, name: 'Instagram likes HQ' },
    totalQuantity: 5000,
    quantity: 500,
    ordersCount: 10,
    orders: [
      { id: 101, status: 'completed', quantity: 500, currentQuantity: 500, createdAt: '2026-01-02 10:00:00' },
      { id: 102, status: 'in_processing', quantity: 500, currentQuantity: 120, createdAt: '2026-01-03 12:05:00' },
    ],
    price: '12.5000',
    countries: ['US', 'GB'],
    promotable: true,
    minutesBetweenRuns: 1565,
    createdAt: '2026-01-02 09:59:00',
    actions: { cancelable: true },
    completedRunsCount: 1,
    nextRunAt: '2026-01-04 14:10:00',
    completedAt: null,
    canceledAt: null,
    updatedAt: '2026-01-03 12:05:00',
    ...overrides,
  };
}

const HISTORY = { type: 'drip_feed', id: 12, items: [], hasMore: false, includes: { audits: true, changeLogs: true } };

function answer(show: () => unknown, cancel: () => unknown = () => ({ message: 'Drip feed 12 canceled.', dripFeed: dripFeed({ status: 'canceled' }) })) {
  apiMock.api.mockImplementation(async (name: string) => {
    if (name === 'dripFeedsShow') return show();
    if (name === 'dripFeedsCancel') return cancel();
    if (name === 'recordHistory') return HISTORY;
    throw new Error(`unexpected call ${name}`);
  });
}

const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

function renderScreen(can: (p: Permission) => boolean = ALL_PERMISSIONS) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const recordRoute = createRoute({ getParentRoute: () => rootRoute, path: 'drip-feed/12', component: () => <DripFeedScreen id={12} /> });
  const router = createRouter({ routeTree: rootRoute.addChildren([recordRoute]), history: createMemoryHistory({ initialEntries: ['/drip-feed/12'] }) });
  const navigate = vi.fn();
  render(
    <Providers can={can} navigate={navigate}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { navigate };
}

const field = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('the drip feed screen', () => {
  it('shows every field of the drip feed', async () => {
    answer(() => dripFeed());
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Drip feed 12' })).toBeInTheDocument();
    expect(apiMock.api).toHaveBeenCalledWith('dripFeedsShow', expect.objectContaining({ params: { dripFeedId: 12 } }));
    // The status beside the heading.
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('In processing');
    expect(field('ID')).toHaveTextContent('12');
    expect(field('Name')).toHaveTextContent('Instagram likes');
    expect(field('Service')).toHaveTextContent('Instagram likes HQ');
    expect(within(field('URL')).getByRole('link', { name: 'https://instagram.com/p/abc' })).toHaveAttribute('href', 'https://instagram.com/p/abc');
    expect(field('Total quantity')).toHaveTextContent(/5\s000/);
    expect(field('Quantity per run')).toHaveTextContent('500');
    expect(field('Runs')).toHaveTextContent('2 of 10 placed, 1 completed');
    expect(field('Interval between runs')).toHaveTextContent('1 d 2 h 5 min');
    expect(field('Price')).toHaveTextContent(/12\.50/);
    expect(field('Countries')).toHaveTextContent('US, GB');
    expect(field('Promotable')).toHaveTextContent('Yes');
    expect(field('Created')).toHaveTextContent(/2026/);
    expect(field('Next run')).toHaveTextContent(/2026/);
    // The record's history, under its own audit type.
    await waitFor(() =>
      expect(apiMock.api).toHaveBeenCalledWith('recordHistory', expect.objectContaining({ params: { recordType: 'drip_feed', recordId: 12 } })),
    );
  });

  it('says a worldwide drip feed is worldwide and a canceled one when it was canceled', async () => {
    answer(() =>
      dripFeed({ countries: [], promotable: false, status: 'canceled', canceledAt: '2026-01-05 08:00:00', nextRunAt: null, actions: { cancelable: false } }),
    );
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Drip feed 12' });
    expect(field('Countries')).toHaveTextContent('Worldwide');
    expect(field('Promotable')).toHaveTextContent('No');
    expect(field('Canceled')).toHaveTextContent(/2026/);
    expect(screen.queryByRole('group', { name: 'Drip feed actions' })).toBeNull();
  });

  it('links its user, its runs to their orders, and goes back to the list', async () => {
    answer(() => dripFeed());
    const { navigate } = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Drip feed 12' });
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    const runs = screen.getByRole('table', { name: 'Runs' });
    const rows = within(runs).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Order 101' })).toHaveAttribute('href', '/orders/101');
    expect(rows[0]).toHaveTextContent('Completed');
    expect(within(rows[1]).getByRole('link', { name: 'Order 102' })).toHaveAttribute('href', '/orders/102');
    expect(rows[1]).toHaveTextContent('120');
    expect(screen.getByRole('link', { name: 'Its orders in the orders list' })).toHaveAttribute('href', '/orders?sourceType=drip_feed&sourceId=12&status=');
    expect(screen.getByRole('link', { name: 'Drip-feed' })).toHaveAttribute('href', '/drip-feed');
    await userEvent.click(within(rows[1]).getByRole('link', { name: 'Order 102' }));
    expect(navigate).toHaveBeenCalledWith('/orders/102');
  });

  it('says when no run has been placed yet', async () => {
    answer(() => dripFeed({ orders: [], completedRunsCount: 0 }));
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Drip feed 12' });
    expect(screen.getByText('No runs placed yet')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Runs' })).toBeNull();
  });

  it("cancels through the list's own action: asked first, then the drip feed is loaded again", async () => {
    let status: DripFeedDetail['status'] = 'in_processing';
    answer(
      () => dripFeed({ status, actions: { cancelable: status === 'in_processing' } }),
      () => {
        status = 'canceled';
        return { message: 'Drip feed 12 canceled.', dripFeed: dripFeed({ status: 'canceled', actions: { cancelable: false } }) };
      },
    );
    renderScreen();
    const actions = await screen.findByRole('group', { name: 'Drip feed actions' });
    await userEvent.click(within(actions).getByRole('button', { name: dripFeedsResource.rowActions[0].label }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel drip feed 12? No further runs will be placed.');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(callsOf('dripFeedsCancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(callsOf('dripFeedsCancel')).toHaveLength(1));
    expect(callsOf('dripFeedsCancel')[0][1]).toMatchObject({ params: { dripFeedId: 12 } });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Drip feed actions' })).toBeNull());
    expect(callsOf('dripFeedsShow').length).toBeGreaterThanOrEqual(2);
  });

  it('offers no cancel to a member without manageOrders', async () => {
    answer(() => dripFeed());
    renderScreen(only('viewOrders'));
    await screen.findByRole('heading', { level: 1, name: 'Drip feed 12' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says "not found" for a drip feed that does not exist', async () => {
    answer(() => {
      throw new PlainError('Drip feed 12 not found.', 404);
    });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Drip feed 12 not found');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('the ways to a drip feed', () => {
  it('a row of the list opens it: the id cell links to it, Enter on the focused row goes there', async () => {
    apiMock.api.mockResolvedValue({ items: [dripFeed()], totalItemsCount: 1, draw: 0 });
    const navigate = vi.fn();
    renderWithEngine(<ResourceTable resource={dripFeedsResource} search={{}} onSearchChange={() => {}} remember={false} />, { navigate });
    const id = await screen.findByRole('link', { name: '12' });
    expect(id).toHaveAttribute('href', '/drip-feed/12');
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/7');
    const table = screen.getByRole('group', { name: /Drip-feed table/ });
    await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', expect.stringContaining('-row-12')));
    await userEvent.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/drip-feed/12');
    await userEvent.click(id);
    expect(navigate).toHaveBeenLastCalledWith('/drip-feed/12');
  });

  it('the palette looks a drip feed up by id and opens it', () => {
    const vocabulary = buildVocabulary(CONSOLE_RESOURCES, ALL_PERMISSIONS);
    for (const input of ['drip feed 12', 'open drip feed 12']) {
      const lookups = understand(input, vocabulary).filter((i): i is LookupIntent => i.kind === 'lookup');
      expect(lookups[0], input).toMatchObject({ resource: 'drip-feeds', by: 'id', value: '12' });
    }
    const item = openItem(dripFeedsResource, dripFeed(), 'Records');
    expect(item).toMatchObject({ title: 'Open drip feed 12', run: { kind: 'navigate', href: '/drip-feed/12' } });
  });

  it("an order's source chip links to the drip feed that placed it", async () => {
    const navigate = vi.fn();
    renderWithEngine(<SourceCell source="cabinet" sourceType="drip_feed" sourceId={12} />, { navigate });
    const chip = screen.getByRole('link', { name: 'Drip feed #12' });
    expect(chip).toHaveAttribute('href', '/drip-feed/12');
    await userEvent.click(chip);
    expect(navigate).toHaveBeenCalledWith('/drip-feed/12');
  });
});
