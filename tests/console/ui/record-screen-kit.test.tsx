import { useQuery } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainError } from '../../../src/console/api/errors';
import { detailFallback } from '../../../src/console/ui/DetailFallback';
import { RecordHeader } from '../../../src/console/ui/RecordHeader';
import { Providers } from '../helpers/tableFixtures';

/**
 * The pieces every record screen is made of: the fallback while its record loads or when it
 * cannot, and the header (the way back, the heading, the status, the actions).
 */

afterEach(cleanup);

function renderRecordScreen(load: () => Promise<{ name: string }>) {
  function CouponScreen() {
    const query = useQuery({ queryKey: ['detail', 'coupons', 5], queryFn: load, retry: false });
    const fallback = detailFallback(query, { loading: 'Loading coupon', title: 'Coupon 5' });
    if (fallback || !query.data) return fallback;
    return (
      <RecordHeader
        back={{ to: '/coupons', label: 'Coupons' }}
        title={query.data.name}
        status={<span>Active</span>}
        description={<span>WELCOME10</span>}
        updating={query.isFetching}
        actions={<button type="button">Archive</button>}
      />
    );
  }
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const listRoute = createRoute({ getParentRoute: () => rootRoute, path: 'coupons', component: () => <h1>Coupons list</h1> });
  const recordRoute = createRoute({ getParentRoute: () => rootRoute, path: 'coupons/5', component: CouponScreen });
  const router = createRouter({ routeTree: rootRoute.addChildren([listRoute, recordRoute]), history: createMemoryHistory({ initialEntries: ['/coupons/5'] }) });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('a record screen', () => {
  it('shows a labelled loader, then the header: the way back to its list, the heading, status, description and actions', async () => {
    let answer!: (value: { name: string }) => void;
    const router = renderRecordScreen(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByLabelText('Loading coupon')).toBeInTheDocument();
    answer({ name: 'Welcome 10 %' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome 10 %' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('WELCOME10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Coupons' });
    expect(back).toHaveAttribute('href', '/coupons');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupons'));
    expect(await screen.findByRole('heading', { name: 'Coupons list' })).toBeInTheDocument();
  });

  it('says "not found" for a record that does not exist, with no retry', async () => {
    renderRecordScreen(() => Promise.reject(new PlainError('No query results for model.', 404)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Coupon 5 not found');
    expect(alert).toHaveTextContent('It does not exist, or it was deleted.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows any other failure with its message and a Retry that loads it again', async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new PlainError('The server is busy.', 503))
      .mockResolvedValueOnce({ name: 'Welcome 10 %' });
    renderRecordScreen(load);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Coupon 5');
    expect(alert).toHaveTextContent('The server is busy.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome 10 %' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
