import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf, rowCounter } from '../../../src/console/list/exportCsv';
import { requestExport } from '../../../src/console/list/exportRequests';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import type { ListSearch } from '../../../src/console/list/urlState';
import { collectionCommands } from '../../../src/console/palette/navigation';
import { only, page, renderWithEngine, user, usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

const encoder = new TextEncoder();

/** A streamed CSV answer whose chunks the test releases one by one (`push`), or ends (`end`). */
function streamedAnswer() {
  const waiting: ((r: { done: boolean; value?: Uint8Array }) => void)[] = [];
  const queued: { done: boolean; value?: Uint8Array }[] = [];
  const deliver = (r: { done: boolean; value?: Uint8Array }) => {
    const next = waiting.shift();
    if (next) next(r);
    else queued.push(r);
  };
  let signal: AbortSignal | undefined;
  const response = {
    ok: true,
    status: 200,
    headers: new Headers({ 'content-disposition': 'attachment; filename="users-2026-11-24-1540.csv"', 'content-type': 'text/csv; charset=utf-8' }),
    body: {
      getReader: () => ({
        read: () =>
          new Promise<{ done: boolean; value?: Uint8Array }>((resolve, reject) => {
            signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
            const ready = queued.shift();
            if (ready) resolve(ready);
            else waiting.push(resolve);
          }),
      }),
    },
  };
  return {
    response,
    bind: (s: AbortSignal) => (signal = s),
    push: (text: string) => deliver({ done: false, value: encoder.encode(text) }),
    end: () => deliver({ done: true }),
  };
}

beforeEach(() => {
  localStorage.clear();
  apiMock.api.mockResolvedValue(page([user(1), user(2)], 1234));
  vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function mountTable(initial: ListSearch = {}) {
  function Route() {
    const [search, setSearch] = useState<ListSearch>(initial);
    return <ResourceTable resource={usersResource} search={search} onSearchChange={setSearch} />;
  }
  return renderWithEngine(<Route />, { can: only('viewUsers') });
}

describe('Export CSV of a list', () => {
  it('exports the list as filtered, searched and sorted, its visible permitted columns with their headers, and shows the rows so far', async () => {
    const answer = streamedAnswer();
    apiMock.apiFetch.mockImplementation(async (_path: string, init: { signal: AbortSignal }) => {
      answer.bind(init.signal);
      return answer.response;
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mountTable({ status: 'frozen', search: 'bob', sort: 'balance', cols: 'id,email,balance,grade' });
    await screen.findByText('user1@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(apiMock.apiFetch).toHaveBeenCalled());
    const [path, init] = apiMock.apiFetch.mock.calls[0];
    expect(path).toBe('/api/v1/admin/users/table/export');
    expect(init.method).toBe('POST');
    expect(init.body.request).toMatchObject({
      search: 'bob',
      options: { sortBy: ['balance'], sortDesc: [false] },
      headers: expect.arrayContaining([{ value: 'status', filter: ['frozen'] }]),
    });
    // Grade needs viewGrades: never asked for.
    expect(init.body.columns).toEqual([
      { key: 'id', header: 'ID' },
      { key: 'email', header: 'Email' },
      { key: 'balance', header: 'Balance' },
    ]);

    await act(async () => answer.push('\uFEFFID,Email,Balance\r\n1,a@example.com,1.5\r\n2,"b, ""quoted""\nname",2.5\r\n'));
    expect(await screen.findByTestId('export-progress')).toHaveTextContent('Exporting… 2 of 1,234 rows');
    await act(async () => answer.push('3,c@example.com,3.5\r\n'));
    expect(screen.getByTestId('export-progress')).toHaveTextContent('Exporting… 3 of 1,234 rows');
    await act(async () => answer.end());

    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    const blob = created.mock.calls[0][0] as Blob;
    expect(await blob.text()).toBe('\uFEFFID,Email,Balance\r\n1,a@example.com,1.5\r\n2,"b, ""quoted""\nname",2.5\r\n3,c@example.com,3.5\r\n');
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: '3 rows saved to users-2026-11-24-1540.csv.' }));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('cancels an export in progress: the download stops and nothing is saved', async () => {
    const answer = streamedAnswer();
    let signal: AbortSignal | undefined;
    apiMock.apiFetch.mockImplementation(async (_path: string, init: { signal: AbortSignal }) => {
      signal = init.signal;
      answer.bind(init.signal);
      return answer.response;
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mountTable();
    await screen.findByText('user1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await act(async () => answer.push('ID,Email\r\n1,a@example.com\r\n'));
    expect(await screen.findByTestId('export-progress')).toHaveTextContent('Exporting… 1 of 1,234 rows');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(clicked).not.toHaveBeenCalled();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Export cancelled.' }));
  });

  it('starts with Shift+E on the list, and from the palette when the list opens', async () => {
    apiMock.apiFetch.mockReturnValue(new Promise(() => {}));
    mountTable();
    await screen.findByText('user1@example.com');
    const grid = screen.getByRole('group', { name: /Users table/ });
    expect(grid).toHaveAccessibleName(/Shift\+E exports CSV/);
    fireEvent.keyDown(grid, { key: 'E', shiftKey: true });
    await waitFor(() => expect(apiMock.apiFetch).toHaveBeenCalledTimes(1));
    cleanup();

    // "export users" in the palette: the request waits for the list to open.
    requestExport('users');
    mountTable();
    await waitFor(() => expect(apiMock.apiFetch).toHaveBeenCalledTimes(2));
  });

  it('offers "Export <list> as CSV" in the palette for every list the member may open', () => {
    const listed = { ...usersResource, path: '/users' };
    const commands = collectionCommands(
      [listed],
      () => true,
      () => true,
    );
    const exportCommand = commands.find((c) => c.exportList);
    expect(exportCommand).toMatchObject({
      title: 'Export users as CSV',
      href: '/users',
      exportList: listed,
      collection: { resource: listed, actionId: 'export' },
    });
    expect(exportCommand?.keywords).toContain('export');
    expect(
      collectionCommands(
        [listed],
        () => false,
        () => true,
      ),
    ).toEqual([]);
  });

  it('counts rows across chunks, line breaks inside quoted cells aside', () => {
    const counter = rowCounter();
    expect(counter.add(encoder.encode('A,B\r\n1,"x'))).toBe(0);
    expect(counter.add(encoder.encode('\ny"\r\n2,'))).toBe(1);
    expect(counter.add(encoder.encode('z\r\n'))).toBe(2);
    expect(fileNameOf('attachment; filename="orders-2026.csv"', 'x.csv')).toBe('orders-2026.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
