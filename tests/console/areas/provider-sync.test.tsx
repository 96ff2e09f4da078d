import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderHealthRow, SyncChange, SyncRunDetail } from '../../../src/contract/provider-sync';
import { ProviderHealthScreen } from '../../../src/console/areas/provider-sync/ProviderHealthScreen';
import { SyncRunScreen } from '../../../src/console/areas/provider-sync/SyncRunScreen';
import { cancelAllConfirms } from '../../../src/console/ui/confirm';
import { Providers } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/**
 * Provider sync screens with a scripted server: a sync run's review is one line per change, the
 * services of ours a change touches folded behind their count and shown (as links) from the
 * keyboard, selection and Accept unchanged; Provider health shows every column for every provider.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  act(() => cancelAllConfirms());
  cleanup();
  apiMock.api.mockReset();
});

function renderAt(path: string, screenElement: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const route = createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{screenElement}</> });
  const router = createRouter({ routeTree: rootRoute.addChildren([route]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <Providers staffId={1} can={() => true}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const counts = { new: 0, removed: 0, price_up: 2, price_down: 0, limits: 0, renamed: 1 };

const run: SyncRunDetail = {
  id: 7,
  providerId: 3,
  status: 'review',
  trigger: 'manual',
  attempts: 1,
  createdAt: '2025-03-01 10:00:00',
  startedAt: '2025-03-01 10:00:00',
  finishedAt: '2025-03-01 10:00:02',
  durationMs: 2000,
  error: null,
  currency: 'EUR',
  servicesCount: 3000,
  skippedCount: 0,
  counts,
  affectedCount: 3,
  pendingCount: 3,
  hasRawAnswer: false,
  rawBytes: null,
  appliedAt: null,
  provider: { id: 3, name: 'Bulk Panel', currency: 'EUR', syncPrices: true, syncName: true, syncServices: true },
  pendingCounts: counts,
};

const values = (name: string, rate: string) => ({
  name,
  category: 'Instagram Followers',
  rate,
  min: 10,
  max: 50000,
  refill: false,
  cancel: true,
  dripfeed: false,
});

const services = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Instagram followers ${from + i}` }));

const changes: SyncChange[] = [
  {
    id: 101,
    kind: 'price_up',
    state: 'pending',
    externalId: '5001',
    name: 'IG Followers HQ',
    old: values('IG Followers HQ', '1.0000'),
    new: values('IG Followers HQ', '1.2000'),
    priceChange: '0.2000',
    providerService: { id: 900, name: 'IG Followers HQ', status: 'active' },
    services: services(41, 2000),
  },
  {
    id: 102,
    kind: 'renamed',
    state: 'pending',
    externalId: '5002',
    name: 'IG Likes Fast',
    old: values('IG Likes', '0.5000'),
    new: values('IG Likes Fast', '0.5000'),
    priceChange: null,
    providerService: { id: 901, name: 'IG Likes', status: 'active' },
    services: services(1, 3000),
  },
  {
    id: 103,
    kind: 'price_up',
    state: 'pending',
    externalId: '5003',
    name: 'IG Views',
    old: values('IG Views', '0.1000'),
    new: values('IG Views', '0.1500'),
    priceChange: '0.5000',
    providerService: null,
    services: [],
  },
];

function scriptSyncRun() {
  const apply = vi.fn(async (_call: unknown) => ({ message: 'Applied 1 change.', decided: 1, providerServicesChanged: 1 }));
  apiMock.api.mockImplementation(async (name: string, options: unknown) => {
    if (name === 'providerSyncRunShow') return run;
    if (name === 'providerSyncRunChanges') return { data: changes, total: changes.length, page: 1, perPage: 100 };
    if (name === 'providerSyncRunApply') return apply(options);
    throw new Error(`unexpected ${name}`);
  });
  return { apply };
}

/** The table's rows of changes (a row of services shown under one is not a change). */
const changeRows = () =>
  within(screen.getByRole('table', { name: 'Changes of this run' }))
    .getAllByRole('row')
    .filter((r) => r.hasAttribute('data-change-id'));

describe('sync run review', () => {
  it('draws one line per change with the services of ours folded behind their count', async () => {
    scriptSyncRun();
    renderAt('/provider-sync-runs/7', <SyncRunScreen id={7} />);
    await screen.findByRole('checkbox', { name: 'Select price up of IG Followers HQ' });
    const rows = changeRows();
    expect(rows).toHaveLength(3);
    const table = screen.getByRole('table', { name: 'Changes of this run' });
    // Only the rows of changes: no row of services is open, and no service is listed.
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(table).queryByRole('link')).toBeNull();

    const [first, second, third] = rows;
    const count = within(first).getByRole('button', { name: /^41 services/ });
    expect(count).toHaveTextContent('41 services');
    expect(count).toHaveAttribute('aria-expanded', 'false');
    // The provider service is the cell's title.
    expect(count.closest('td')).toHaveAttribute('title', 'Provider service 900: IG Followers HQ');
    // One service says so in the singular; a change with no provider service of ours has none.
    expect(within(second).getByRole('button', { name: /^1 service of ours/ })).toHaveTextContent('1 service');
    expect(within(third).queryByRole('button')).toBeNull();
    // A rename reads 'old → new' on the same line, its category after it; the whole line is the cell's title.
    expect(within(second).getByTitle('IG Likes → IG Likes Fast · Instagram Followers')).toBeInTheDocument();
  });

  it('shows and hides a change’s services from the keyboard: Enter on the count button, or on the focused row', async () => {
    scriptSyncRun();
    renderAt('/provider-sync-runs/7', <SyncRunScreen id={7} />);
    await screen.findByRole('checkbox', { name: 'Select price up of IG Followers HQ' });
    const user = userEvent.setup();
    const [first] = changeRows();
    const count = within(first).getByRole('button', { name: /^41 services/ });

    // The row is focused (as ↓/j would), Tab reaches its count button, Enter opens it.
    act(() => first.focus());
    await user.tab();
    expect(count).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(count).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Our services using IG Followers HQ' });
    expect(count).toHaveAttribute('aria-controls', list.closest('tr')!.id);
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(41);
    expect(links[0]).toHaveAttribute('href', '/services/2000');
    expect(links[40]).toHaveTextContent('Instagram followers 2040');
    // The change is still one row: the services are in a row of their own under it.
    expect(changeRows()).toHaveLength(3);

    // Space on the button closes it again, without picking the change.
    await user.keyboard(' ');
    expect(count).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Our services using IG Followers HQ' })).toBeNull();
    expect(first).toHaveAttribute('aria-selected', 'false');

    // Enter on the focused row opens it too.
    act(() => first.focus());
    await user.keyboard('{Enter}');
    expect(count).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('list', { name: 'Our services using IG Followers HQ' })).getAllByRole('link')).toHaveLength(41);
  });

  it('keeps picking and accepting: Space picks the focused change, ↓ moves, Accept sends the picked ids', async () => {
    const { apply } = scriptSyncRun();
    renderAt('/provider-sync-runs/7', <SyncRunScreen id={7} />);
    await screen.findByRole('checkbox', { name: 'Select price up of IG Followers HQ' });
    const user = userEvent.setup();
    const [first, second] = changeRows();
    // Open the first row's services: the keys still move between changes, not into the open row.
    await user.click(within(first).getByRole('button', { name: /^41 services/ }));
    act(() => first.focus());
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept 1' }));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(apply.mock.calls[0]).toEqual([{ params: { runId: 7 }, body: { changeIds: [102] } }]);
  });
});

const healthRow = (id: number, name: string, over: Partial<ProviderHealthRow> = {}): ProviderHealthRow => ({
  provider: { id, name, status: 'active', balance: '1250.5000', currency: 'USD', syncFailed: false },
  orders: 1200,
  completed: 1100,
  partialShare: '0.0400',
  canceledShare: '0.1600',
  averageCompletionSeconds: 5400,
  dailySpend: '250.0000',
  runwayDays: '5.0000',
  lastSyncAt: '2025-03-01 10:00:00',
  lastSyncStatus: 'review',
  ...over,
});

describe('provider health', () => {
  it('shows every column for every provider, in a box of its own that scrolls when the screen is narrow', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'providerHealth')
        return {
          days: 30,
          rows: [
            healthRow(1, 'Bulk Panel'),
            healthRow(2, 'Quiet Panel', { orders: 0, runwayDays: null, dailySpend: '0.0000', lastSyncStatus: null, lastSyncAt: null }),
          ],
        };
      throw new Error(`unexpected ${name}`);
    });
    renderAt('/provider-health', <ProviderHealthScreen />);
    const table = await screen.findByRole('table', { name: 'Provider health' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Provider', 'Orders', 'Partial', 'Cancelled', 'Time to complete', 'Balance', 'Spent a day', 'Runway', 'Last sync', 'Services']);
    // The table scrolls inside its own focusable region, never the page.
    expect(table.closest('[role="region"]')).toHaveAccessibleName('Provider health table');

    const [, busy, quiet] = within(table).getAllByRole('row');
    const cells = within(busy)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toHaveLength(headers.length);
    expect(cells[0]).toBe('Bulk Panel');
    expect(cells[1]).toBe('1 200');
    expect(cells[2]).toBe('4 %');
    expect(cells[3]).toBe('16 %');
    expect(cells[4]).toBe('90 min');
    expect(cells[5]).toMatch(/1 250\.5/);
    expect(cells[6]).toMatch(/250/);
    expect(cells[7]).toBe('Runs out in 5 days');
    expect(cells[8]).toMatch(/2025-03-01/);
    expect(within(busy).getByRole('button', { name: 'Show the services of Bulk Panel' })).toBeEnabled();

    const quietCells = within(quiet).getAllByRole('cell');
    expect(quietCells).toHaveLength(headers.length);
    expect(quietCells[7]).toHaveTextContent('No recent spend');
    expect(quietCells[8]).toHaveTextContent('Never');
    expect(within(quiet).getByRole('button', { name: 'Show the services of Quiet Panel' })).toBeDisabled();
  });
});
