import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlainError } from '../../../src/console/api/errors';
import { useActiveList } from '../../../src/console/list/engineContext';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import { pageRange, rangeText } from '../../../src/console/table/TableFooter';
import { listStorageKey, saveLastSearch, type ListSearch } from '../../../src/console/list/urlState';
import { deferred, mutations, only, page, renderWithEngine, user, usersResource, type EngineOptions } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The request body of the n-th table call. */
const requestOf = (call = -1) => apiMock.api.mock.calls.at(call)![1].body;

/** A list route stand-in: search params in state, every change recorded (as a router's replace). */
function mountTable(initial: ListSearch = {}, options: EngineOptions = {}) {
  const changes: ListSearch[] = [];
  function Route() {
    const [search, setSearch] = useState<ListSearch>(initial);
    return (
      <ResourceTable
        resource={usersResource}
        search={search}
        onSearchChange={(next) => {
          changes.push(next);
          setSearch(next);
        }}
      />
    );
  }
  return { ...renderWithEngine(<Route />, options), changes };
}

describe('ResourceTable', () => {
  it('renders the headers of visible, permitted columns and the rows', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(1234)], 2));
    mountTable({}, { can: only('viewUsers') });
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    // A sortable header holds a sort button and a filter button side by side (never nested).
    const headers = [...document.querySelectorAll('thead th')].map((h) => h.querySelector('span span')?.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['ID', 'Email', 'Status', 'Balance', 'Created']));
    for (const th of document.querySelectorAll('thead th')) expect(th).not.toHaveAttribute('role', 'button');
    expect(screen.getByRole('button', { name: /^ID\W+sorted descending$/ }).closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Email' }).querySelector('button')).toBeNull();
    expect(headers).not.toContain('Grade'); // needs viewGrades
    expect(headers).not.toContain('Messengers'); // hidden by default
    // Ids as typed (never as an amount); money grouped by thousands with a space.
    expect(screen.getByText('1234')).toBeInTheDocument();
    expect(screen.queryByText('1 234')).toBeNull();
    expect(screen.getByText('$1 234 000.50')).toBeInTheDocument();
    expect(requestOf().headers.map((h: { value: string }) => h.value)).toEqual(['id', 'email', 'status', 'balance', 'createdAt']);
  });

  it("says 'No data found' and '0-0 of 0' for an empty answer", async () => {
    apiMock.api.mockResolvedValue(page([], 0));
    mountTable();
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toHaveTextContent('0-0 of 0');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows the range of the page, pages forward and disables next on the last row', async () => {
    apiMock.api.mockResolvedValueOnce(
      page(
        Array.from({ length: 30 }, (_, i) => user(i + 1)),
        1234,
      ),
    );
    const { changes } = mountTable();
    await screen.findByText('user1@example.com');
    expect(screen.getByTestId('table-range')).toHaveTextContent('1-30 of 1 234');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    apiMock.api.mockResolvedValueOnce(page([user(31), user(32)], 32));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(changes.at(-1)).toEqual({ page: 2 });
    expect(await screen.findByText('user31@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toHaveTextContent('31-32 of 32');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(requestOf().options).toMatchObject({ page: 2, itemsPerPage: 30 });
  });

  it("says 'about' for an estimated total", async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 50000, { totalIsEstimate: true }));
    mountTable();
    await screen.findByText('user1@example.com');
    expect(screen.getByTestId('table-range')).toHaveTextContent('1-1 of about 50 000');
    // A short page is the last one, whatever the estimate says: no next page to land empty on.
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('never shows an empty page past the end of an estimated total: it steps back a page', async () => {
    apiMock.api.mockImplementation(async (_name: string, args: { body: { options: { page: number } } }) =>
      args.body.options.page >= 5 ? page([], 152520, { totalIsEstimate: true }) : page([user(args.body.options.page)], 152520, { totalIsEstimate: true }),
    );
    const { changes } = mountTable({ page: 5 });
    await waitFor(() => expect(changes.at(-1)).toMatchObject({ page: 4 }));
  });

  it("offers page sizes 10, 20, 30, 50, 100 and All, and 'All' asks for every row", async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    const { changes } = mountTable();
    await screen.findByText('user1@example.com');
    const perPage = screen.getByRole('combobox', { name: 'Rows per page' });
    const options = within(perPage)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30', '50', '100', 'All']);
    await userEvent.selectOptions(perPage, 'All');
    expect(changes.at(-1)).toEqual({ perPage: -1 });
    await waitFor(() => expect(requestOf().options).toMatchObject({ itemsPerPage: -1, page: 1 }));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('All');
  });

  it('applies a column filter through its popover and shows it as a removable chip', async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    const { changes } = mountTable();
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Filter Email' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Filter Email' }), 'bob{Enter}');
    expect(changes.at(-1)).toEqual({ email: 'bob' });
    await waitFor(() => expect(requestOf().headers).toContainEqual({ value: 'email', filter: 'bob' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Email' }));
    expect(changes.at(-1)).toEqual({});
  });

  it('opens a filter from the keyboard and gives the focus back to its button when it closes', async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    mountTable();
    await screen.findByText('user1@example.com');
    screen.getByRole('button', { name: 'Filter Email' }).focus();
    await userEvent.keyboard('{Enter}');
    const input = await screen.findByRole('textbox', { name: 'Filter Email' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Filter Email' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filter Email' })).toHaveFocus());
    // The second time the same popover opens again.
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Filter Email' })).toBeInTheDocument();
  });

  it('searches after 500 ms of quiet and goes back to page 1', async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    const { changes } = mountTable({ page: 3 });
    await screen.findByText('user1@example.com');
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'bo' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'bob' } });
    act(() => vi.advanceTimersByTime(499));
    expect(changes).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(changes).toEqual([{ search: 'bob' }]);
  });

  it('sorts by a header click', async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    const { changes } = mountTable();
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByText('Balance'));
    expect(changes.at(-1)).toEqual({ sort: 'balance:asc' });
  });

  it("restores the last state on a bare URL and 'Reset filter' returns to the defaults", async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    saveLastSearch(listStorageKey('users', 1), { status: 'frozen' });
    const { changes } = mountTable({});
    await screen.findByText('user1@example.com');
    expect(changes[0]).toEqual({ status: 'frozen' });
    expect(apiMock.api.mock.calls[0][1].body.headers).toContainEqual({ value: 'status', filter: ['frozen'] });

    await userEvent.click(screen.getByRole('button', { name: 'Reset filter' }));
    expect(changes.at(-1)).toEqual({});
    await waitFor(() => expect(requestOf().headers).toContainEqual({ value: 'status', filter: ['active'] }));
    expect(localStorage.getItem(listStorageKey('users', 1))).toBeNull();
  });

  it('hides and shows columns with the column chooser', async () => {
    apiMock.api.mockResolvedValue(page([user(1)], 1));
    const { changes } = mountTable();
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Messengers' }));
    expect(changes.at(-1)).toEqual({ cols: 'id,email,status,balance,createdAt,messengers,grade' });
    expect(await screen.findByRole('columnheader', { name: /Messengers/ })).toBeInTheDocument();
  });

  it('shows a load error in an alert and clears the loading state; cancellations are ignored', async () => {
    apiMock.api.mockRejectedValueOnce(new PlainError('Database unavailable', 400));
    mountTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByText('No data found')).toBeInTheDocument();

    cleanup();
    apiMock.api.mockRejectedValueOnce(Object.assign(new Error('canceled'), { name: 'CanceledError' }));
    mountTable();
    await waitFor(() => expect(apiMock.api).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('drops an answer that echoes another draw', async () => {
    apiMock.api.mockImplementation(async (_name: string, options: { body: { draw: number } }) => page([user(1)], 1, { draw: options.body.draw + 1 }));
    mountTable();
    await waitFor(() => expect(apiMock.api).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('No data found')).toBeInTheDocument());
    expect(screen.queryByText('user1@example.com')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('selects rows, runs a bulk action from the bulk bar and clears the selection after', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(2), user(3)], 3));
    const bulk = vi.spyOn(mutations, 'bulkFreeze').mockResolvedValue({});
    mountTable();
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('3 users selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Freeze' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith([1, 2, 3]));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
  });

  it('selects with the row boxes: Shift+click selects the range, the header box is mixed, then clears the page', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(2), user(3), user(4)], 4));
    mountTable();
    await screen.findByText('user1@example.com');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    const box = (id: number) => screen.getByRole('checkbox', { name: `Select user user${id}@example.com` });

    await userEvent.click(box(1));
    await userEvent.click(box(3));
    fireEvent.click(box(4), { shiftKey: true });
    expect([1, 2, 3, 4].map((id) => (box(id) as HTMLInputElement).checked)).toEqual([true, false, true, true]);
    expect(document.getElementById('users-row-2')).toHaveAttribute('aria-selected', 'false');
    expect(document.getElementById('users-row-4')).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    // From the last row clicked (4) up to the clicked one: Shift+click on 1 adds 2 (a plain toggle would drop 1).
    fireEvent.click(box(1), { shiftKey: true });
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('4 users selected');
    expect(all).toBeChecked();

    await userEvent.click(all);
    expect([1, 2, 3, 4].map((id) => (box(id) as HTMLInputElement).checked)).toEqual([false, false, false, false]);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });

  it('focuses a row on click and opens it on double click; a click on its box does neither', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(2)], 2));
    const navigate = vi.fn();
    renderWithEngine(<ResourceTable resource={usersResource} search={{}} onSearchChange={() => {}} />, { navigate });
    await screen.findByText('user1@example.com');
    const table = screen.getByRole('group', { name: /Users table/ });

    fireEvent.click(screen.getByText('user2@example.com'));
    expect(table).toHaveAttribute('aria-activedescendant', 'users-row-2');
    expect(document.getElementById('users-row-2')).toHaveAttribute('data-focused');
    expect(table).toHaveFocus();

    fireEvent.doubleClick(screen.getByRole('checkbox', { name: 'Select user user1@example.com' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(table).toHaveAttribute('aria-activedescendant', 'users-row-2');
    fireEvent.doubleClick(screen.getByText('user1@example.com'));
    expect(navigate).toHaveBeenCalledWith('/users/1');
  });

  it('shows a loader while the first page loads, then the rows; no empty text meanwhile', async () => {
    const answer = deferred<ReturnType<typeof page>>();
    apiMock.api.mockReturnValue(answer.promise);
    mountTable();
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No data found')).toBeNull();
    // The footer says the page is coming, not "0-0 of 0".
    expect(screen.getByTestId('table-range')).toHaveTextContent('Loading…');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await act(async () => answer.resolve(page([user(1)], 1)));
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).toBeNull();
    expect(screen.getByTestId('table-range')).toHaveTextContent('1-1 of 1');
  });

  it('takes j/k, x, Shift+x, Enter and the action letters from arrival, without the table being focused first', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(2), user(3), user(4)], 4));
    const freeze = vi.spyOn(mutations, 'freeze').mockResolvedValue({});
    const navigate = vi.fn();
    let active: ReturnType<typeof useActiveList> = null;
    function Spy() {
      active = useActiveList();
      return null;
    }
    const changes: ListSearch[] = [];
    renderWithEngine(
      <>
        <ResourceTable resource={usersResource} search={{}} onSearchChange={(s) => changes.push(s)} />
        <Spy />
      </>,
      { navigate },
    );
    await screen.findByText('user1@example.com');
    const table = screen.getByRole('group', { name: /Users table/ });
    // Arrival: the first row is focused, and the keys work while the page's focus is elsewhere.
    await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', 'users-row-1'));
    expect(document.activeElement).toBe(document.body);

    await userEvent.keyboard('jj');
    await userEvent.keyboard('k');
    expect(table).toHaveAttribute('aria-activedescendant', 'users-row-2');
    expect(active!.focusedRow).toMatchObject({ id: 2 });
    // A key the list took moved the focus into the table (a screen reader follows the row).
    expect(table).toHaveFocus();

    await userEvent.keyboard('x');
    expect(document.getElementById('users-row-2')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('jj');
    await userEvent.keyboard('{Shift>}X{/Shift}');
    expect(active!.selectedRows.map((r: { id: number }) => r.id)).toEqual([2, 3, 4]);
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('3 users selected');

    await userEvent.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/users/4');

    await userEvent.keyboard('f');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Freeze user4@example.com?');
    expect(freeze).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(freeze).toHaveBeenCalledWith(expect.objectContaining({ id: 4 })));
  });

  it('leaves keys typed in a field, and Enter on a button, to them', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(2), user(3)], 3));
    const navigate = vi.fn();
    renderWithEngine(<ResourceTable resource={usersResource} search={{}} onSearchChange={() => {}} />, { navigate });
    await screen.findByText('user1@example.com');
    const table = screen.getByRole('group', { name: /Users table/ });
    await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', 'users-row-1'));

    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'jjx');
    expect(search).toHaveValue('jjx');
    expect(table).toHaveAttribute('aria-activedescendant', 'users-row-1');

    screen.getByRole('button', { name: 'Reset filter' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(navigate).not.toHaveBeenCalled();
    // A letter on a button is the list's: j moves on.
    await userEvent.keyboard('j');
    expect(table).toHaveAttribute('aria-activedescendant', 'users-row-2');
  });

  it('focuses the row last opened from the same list state when the member comes back', async () => {
    apiMock.api.mockResolvedValue(page([user(1), user(2), user(3)], 3));
    const navigate = vi.fn();
    const first = renderWithEngine(<ResourceTable resource={usersResource} search={{}} onSearchChange={() => {}} />, { navigate });
    await screen.findByText('user1@example.com');
    await userEvent.keyboard('jj{Enter}');
    expect(navigate).toHaveBeenCalledWith('/users/3');
    first.unmount();

    renderWithEngine(<ResourceTable resource={usersResource} search={{}} onSearchChange={() => {}} />, { navigate });
    await screen.findByText('user1@example.com');
    const table = screen.getByRole('group', { name: /Users table/ });
    await waitFor(() => expect(table).toHaveAttribute('aria-activedescendant', 'users-row-3'));
  });

  it('lists row actions with their shortcut letters in a keyboard-openable row menu', async () => {
    apiMock.api.mockResolvedValue(page([user(1, { actions: { freezable: false, activable: false, deactivatable: true } })], 1));
    mountTable({}, { can: only('freezeUsers') });
    await screen.findByText('user1@example.com');
    const button = screen.getByRole('button', { name: 'Actions for user user1@example.com' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    // Freeze lacks its server flag: the menu leaves it out (its shortcut still says why).
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Add note')]);
    expect(items[0]).toHaveTextContent('n');
    expect(screen.queryByText('Deactivate')).toBeNull(); // no deactivateUsers permission
  });

  it('shows cached rows as updating while a refetch runs', async () => {
    const first = deferred<ReturnType<typeof page>>();
    apiMock.api.mockResolvedValueOnce(page([user(1)], 1)).mockReturnValueOnce(first.promise);
    const { queryClient } = mountTable();
    await screen.findByText('user1@example.com');
    expect(screen.queryByTestId('table-updating')).toBeNull();
    act(() => void queryClient.invalidateQueries({ queryKey: ['list', 'users'] }));
    expect(await screen.findByTestId('table-updating')).toHaveTextContent('Updating');
    expect(screen.getByText('user1@example.com')).toBeInTheDocument();
    first.resolve(page([user(5)], 1));
    expect(await screen.findByText('user5@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('table-updating')).toBeNull());
  });
});

describe('footer arithmetic', () => {
  it('computes start-stop from the page, the page size and the rows shown', () => {
    expect(pageRange(1, 30, 30)).toEqual({ start: 1, stop: 30 });
    expect(pageRange(3, 10, 4)).toEqual({ start: 21, stop: 24 });
    expect(pageRange(1, -1, 250)).toEqual({ start: 1, stop: 250 });
    expect(rangeText(pageRange(2, 1000, 1000), 1234567)).toBe('1 001-2 000 of 1 234 567');
  });
});
