import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import { listSearchSchema } from '../../../src/console/list/urlState';
import { Providers, page, user, usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The list route as an area mounts it (code-based TanStack Router). */
function createUsersRouter(initial: string) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const usersRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'users',
    validateSearch: listSearchSchema(usersResource),
    component: function UsersList() {
      const search = usersRoute.useSearch();
      const navigate = usersRoute.useNavigate();
      return <ResourceTable resource={usersResource} search={search} onSearchChange={(next) => navigate({ search: next, replace: true })} />;
    },
  });
  const userRoute = createRoute({ getParentRoute: () => rootRoute, path: 'users/$id', component: () => <p>User profile</p> });
  const history = createMemoryHistory({ initialEntries: [initial] });
  const router = createRouter({ routeTree: rootRoute.addChildren([usersRoute, userRoute]), history });
  return { router, history };
}

describe('list route wiring', () => {
  it('reads filters from a shared link and writes changes back with replace', async () => {
    apiMock.api.mockResolvedValue(page([user(4)], 1));
    const { router, history } = createUsersRouter('/users?status=frozen,deactivated&balance=10..500&sort=email:asc');
    render(
      <Providers navigate={(href) => void router.navigate({ href })}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByText('user4@example.com');
    const body = apiMock.api.mock.calls[0][1].body;
    expect(body.headers).toContainEqual({ value: 'status', filter: ['frozen', 'deactivated'] });
    expect(body.headers).toContainEqual({ value: 'balance', filter: { from: 10, to: 500 } });
    expect(body.options).toMatchObject({ sortBy: ['email'], sortDesc: [false] });

    const entries = history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Balance' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'frozen,deactivated', sort: 'email:asc' }));
    expect(history.length).toBe(entries);
    expect(router.state.location.href).toBe('/users?sort=email%3Aasc&status=frozen%2Cdeactivated');
    await waitFor(() => expect(apiMock.api.mock.calls.at(-1)![1].body.headers).toContainEqual({ value: 'balance' }));

    const table = screen.getByRole('group', { name: /Users table/ });
    act(() => table.focus());
    await userEvent.keyboard('j{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/4'));
    expect(await screen.findByText('User profile')).toBeInTheDocument();
  });

  it('restores the remembered filters into the URL when the list is opened bare', async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    const first = createUsersRouter('/users?status=deactivated');
    render(
      <Providers>
        <RouterProvider router={first.router} />
      </Providers>,
    );
    await screen.findByText('user1@example.com');
    cleanup();

    const second = createUsersRouter('/users');
    render(
      <Providers>
        <RouterProvider router={second.router} />
      </Providers>,
    );
    await screen.findByText('user1@example.com');
    await waitFor(() => expect(second.router.state.location.search).toEqual({ status: 'deactivated' }));
    expect(apiMock.api.mock.calls.at(-1)![1].body.headers).toContainEqual({ value: 'status', filter: ['deactivated'] });
  });
});
