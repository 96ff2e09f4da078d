import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableActions } from '../../../src/console/actions/available';
import { cancelRequestsResource } from '../../../src/console/areas/cancel-requests/resource';
import { ResourceTable } from '../../../src/console/table/ResourceTable';
import type { CancelRequestRow } from '../../../src/contract/cancel-requests';
import { apiMock } from '../helpers/apiMock';
import { ALL_PERMISSIONS, renderWithEngine } from '../helpers/tableFixtures';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function row(id: number, overrides: Partial<CancelRequestRow> = {}): CancelRequestRow {
  return {
    id,
    status: 'pending',
    order: { id: 100 + id, status: 'in_processing', quantity: 1000, currentQuantity: 250 },
    user: { id: 5, email: 'pat@example.test' },
    provider: 'Sim',
    externalId: '77',
    note: null,
    error: null,
    createdAt: '2026-01-02 10:00:00',
    forwardedAt: null,
    resolvedAt: null,
    actions: { forwardable: true, rejectable: true, cancelable: true },
    ...overrides,
  };
}

const table = (items: CancelRequestRow[]) => ({ items, totalItemsCount: items.length, draw: 0 });
const callsOf = (name: string) => apiMock.api.mock.calls.filter(([n]) => n === name);

describe('cancel requests', () => {
  const ids = (r: CancelRequestRow) =>
    availableActions(cancelRequestsResource, r, ALL_PERMISSIONS)
      .filter((a) => a.enabled)
      .map((a) => a.action.id);

  it('offers what the row allows: a forwarded request can no longer be forwarded', () => {
    expect(ids(row(1))).toEqual(['forward', 'reject', 'cancel']);
    expect(ids(row(2, { status: 'forwarded', actions: { forwardable: false, rejectable: true, cancelable: true } }))).toEqual(['reject', 'cancel']);
    expect(ids(row(3, { status: 'canceled', actions: { forwardable: false, rejectable: false, cancelable: false } }))).toEqual([]);
  });

  function renderList(search = {}) {
    return renderWithEngine(<ResourceTable resource={cancelRequestsResource} search={search} onSearchChange={() => {}} remember={false} />);
  }

  it("lists the pending requests with the order's progress and the provider's refusal, and forwards one", async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'cancelRequestsTable') return table([row(7, { error: 'Order is completed and cannot be canceled' }), row(8)]);
      if (name === 'cancelRequestsForward') return { message: 'Cancel request 8 forwarded to Sim: accepted.', cancelRequest: row(8, { status: 'forwarded' }) };
      return [];
    });
    renderList();
    await screen.findByText('Provider refused: Order is completed and cannot be canceled');
    expect(callsOf('cancelRequestsTable')[0][1].body.headers).toContainEqual({ value: 'status', filter: ['pending'] });
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/in processing · 250 of 1.000/);
    expect(second).toHaveTextContent('Sim #77');
    const loads = callsOf('cancelRequestsTable').length;

    await userEvent.click(screen.getByRole('button', { name: /Actions for cancel request 8/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Forward to provider/ }));
    await waitFor(() => expect(callsOf('cancelRequestsForward')).toHaveLength(1));
    expect(callsOf('cancelRequestsForward')[0][1].params).toEqual({ cancelRequestId: 8 });
    await waitFor(() => expect(callsOf('cancelRequestsTable').length).toBeGreaterThan(loads));
  });

  it('rejects with the note typed in the dialog', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'cancelRequestsTable') return table([row(9)]);
      if (name === 'cancelRequestsReject') return { message: 'Cancel request 9 rejected.', cancelRequest: row(9, { status: 'rejected' }) };
      return [];
    });
    renderList();
    await screen.findByText('pat@example.test');
    await userEvent.click(screen.getByRole('button', { name: /Actions for cancel request 9/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /Note/ }), 'Half of it is delivered.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsOf('cancelRequestsReject')).toHaveLength(1));
    expect(callsOf('cancelRequestsReject')[0][1]).toMatchObject({ params: { cancelRequestId: 9 }, body: { note: 'Half of it is delivered.' } });
  });
});
