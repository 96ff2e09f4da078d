import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../src/contract/views';
import { ValidationError } from '../../../src/console/api/errors';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import type { ListSearch } from '../../../src/console/list/urlState';
import { savedViewCommands } from '../../../src/console/views/commands';
import { cancelAllConfirms } from '../../../src/console/ui/confirm';
import { page, renderWithEngine, user, usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

const listed = { ...usersResource, path: '/users' };
const view = (id: number, over: Partial<SavedView>): SavedView => ({
  id,
  resource: 'users',
  name: `View ${id}`,
  query: 'status=frozen',
  shared: false,
  owner: { id: 1, name: 'Admin' },
  mine: true,
  createdAt: '2026-11-24 15:00:00',
  ...over,
});
let views: SavedView[] = [];

beforeEach(() => {
  localStorage.clear();
  views = [
    view(1, { name: 'Frozen rich', shared: true, owner: { id: 2, name: 'Ann' }, mine: false }),
    view(2, { name: 'My frozen', query: 'status=frozen&sort=balance:desc' }),
  ];
  apiMock.api.mockImplementation(async (name: string) => (name === 'savedViewsIndex' ? { data: views } : page([user(1)], 1)));
  vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => {
  act(() => cancelAllConfirms());
  cleanup();
  vi.restoreAllMocks();
});

function mountTable(initial: ListSearch, navigate = vi.fn()) {
  function Route() {
    const [search, setSearch] = useState<ListSearch>(initial);
    return <ResourceTable resource={listed} search={search} onSearchChange={setSearch} />;
  }
  renderWithEngine(<Route />, { navigate });
  return navigate;
}

describe('saved views', () => {
  it("lists the list's shared and own views and opens one as its link", async () => {
    const navigate = mountTable({});
    await screen.findByText('user1@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Views (2)' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Shared with all staff')).toBeInTheDocument();
    expect(within(menu).getByText('Only mine')).toBeInTheDocument();
    expect(within(menu).getByText('Ann')).toBeInTheDocument();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'My frozen' }));
    expect(navigate).toHaveBeenCalledWith('/users?status=frozen&sort=balance:desc');
  });

  it('saves the current filters, sort and columns under a name, shared when asked; a refused name stays on the field', async () => {
    mountTable({ status: 'frozen', sort: 'balance:desc', page: 3 });
    await screen.findByText('user1@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Views (2)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view of users' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'My frozen' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with all staff' }));
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'savedViewsStore') throw new ValidationError('Taken.', { name: ['You already have a view with this name on this list.'] });
      return name === 'savedViewsIndex' ? { data: views } : page([user(1)], 1);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('You already have a view with this name on this list.')).toBeInTheDocument();
    const stored = apiMock.api.mock.calls.find(([name]) => name === 'savedViewsStore')![1].body;
    expect(stored).toEqual({ resource: 'users', endpoint: 'usersTable', name: 'My frozen', query: 'sort=balance%3Adesc&status=frozen', shared: true });

    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'savedViewsStore') return { message: 'View "Frozen by balance" saved and shared with all staff.', view: view(3, {}) };
      return name === 'savedViewsIndex' ? { data: views } : page([user(1)], 1);
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Frozen by balance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'View "Frozen by balance" saved and shared with all staff.' }));
  });

  it('deletes one of my views after a confirmation; views of others offer no delete', async () => {
    mountTable({});
    await screen.findByText('user1@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Views (2)' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /Delete “Frozen rich”/ })).toBeNull();
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'savedViewsDestroy') return { message: 'View "My frozen" deleted.' };
      return name === 'savedViewsIndex' ? { data: views } : page([user(1)], 1);
    });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete “My frozen”…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete view' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(apiMock.api.mock.calls.some(([name]) => name === 'savedViewsDestroy')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(apiMock.api).toHaveBeenCalledWith('savedViewsDestroy', { params: { viewId: 2 } }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'View "My frozen" deleted.' })));
  });

  it('offers each view in the palette as "<List>: <name>", opening its address', () => {
    const commands = savedViewCommands([listed], views);
    expect(commands.map((c) => [c.title, c.href, c.hint])).toEqual([
      ['Users: Frozen rich', '/users?status=frozen', 'Shared view · Ann'],
      ['Users: My frozen', '/users?status=frozen&sort=balance:desc', 'My view'],
    ]);
    // A view of a list the console does not have (or has no screen for) is left out.
    expect(savedViewCommands([usersResource], views)).toEqual([]);
  });
});
