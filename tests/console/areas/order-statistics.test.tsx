import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainError } from '../../../src/console/api/errors';
import { OrderScreen } from '../../../src/console/areas/orders/OrderScreen';
import type { OrderDetail, OrderStatistics } from '../../../src/contract/orders';
import { makeOrder } from '../helpers/orderFixtures';
import { only, Providers } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/**
 * An order's counters on its screen: shown from the order, and "Check again" reads them alone
 * (GET orders/{id}/statistics) and shows the new ones without reloading the order.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(cleanup);

const stats = (overrides: Partial<OrderStatistics> = {}): OrderStatistics => ({
  startCount: 5000,
  currentCount: 5200,
  quantity: 1000,
  delivered: 200,
  remains: 800,
  percentOfExternalStatisticsFill: null,
  lastCheckedAt: '2026-01-02 10:00:00',
  history: [{ checkedAt: '2026-01-02 10:00:00', count: 5200 }],
  ...overrides,
});

const detail = (): OrderDetail => ({
  ...makeOrder(41),
  comment: null,
  paidAmount: '12.5000',
  refundableAmount: '12.5000',
  defaultRefundAmount: '10.0000',
  provider: null,
  serviceProviders: [],
  cancelReason: null,
  cancelDescription: null,
  canceledAt: null,
  updatedAt: '2026-01-02 10:00:00',
  statistics: stats(),
  changeLogs: [],
  refillRequests: [],
});

const HISTORY = { type: 'order', id: 41, items: [], hasMore: false, includes: { audits: true, changeLogs: true } };

function answer(statistics: () => unknown) {
  apiMock.api.mockImplementation(async (name: string) => {
    if (name === 'ordersShow') return detail();
    if (name === 'recordHistory') return HISTORY;
    if (name === 'ordersStatistics') return statistics();
    throw new Error(`unexpected call ${name}`);
  });
}

function renderScreen() {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const recordRoute = createRoute({ getParentRoute: () => rootRoute, path: 'orders/41', component: () => <OrderScreen id={41} /> });
  const router = createRouter({ routeTree: rootRoute.addChildren([recordRoute]), history: createMemoryHistory({ initialEntries: ['/orders/41'] }) });
  render(
    <Providers can={only('viewOrders')}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const callsOf = (name: string) => apiMock.api.mock.calls.filter(([called]) => called === name);
const section = () => screen.getByRole('region', { name: 'Statistics' });
const field = (label: string) => within(section()).getByText(label, { selector: 'p' }).parentElement!;

describe("an order's statistics on its screen", () => {
  it('"Check again" reads the counters alone and shows the new ones', async () => {
    answer(() => stats({ currentCount: 5650, delivered: 650, remains: 350, history: [{ checkedAt: '2026-01-02 11:00:00', count: 5650 }] }));
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order 41' });
    expect(field('Delivered')).toHaveTextContent('200');
    expect(field('Remains')).toHaveTextContent('800');
    await userEvent.click(within(section()).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(field('Remains')).toHaveTextContent('350'));
    expect(field('Delivered')).toHaveTextContent('650');
    expect(field('Current count')).toHaveTextContent(/5.650/);
    expect(callsOf('ordersStatistics')[0][1]).toMatchObject({ params: { orderId: 41 } });
    // The order itself is not read again for it.
    expect(callsOf('ordersShow')).toHaveLength(1);
  });

  it('says why when the counters cannot be read, and keeps the ones shown', async () => {
    answer(() => {
      throw new PlainError('The statistics are not available right now.', 500);
    });
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order 41' });
    await userEvent.click(within(section()).getByRole('button', { name: 'Check again' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('The statistics are not available right now.');
    expect(field('Remains')).toHaveTextContent('800');
  });
});
