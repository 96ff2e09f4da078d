import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError, PlainError } from '../../../src/console/api/errors';
import { availableActions, availableBulkActions, rowFlag } from '../../../src/console/actions/available';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { currentUndo, runUndo } from '../../../src/console/actions/undo';
import { defineResourceOf, type TableEndpointName } from '../../../src/console/resource/resource';
import { defineTableSpec } from '../../../src/contract/columns';
import { ALL_PERMISSIONS, mutations, only, renderWithEngine, user, usersResource } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('availableActions', () => {
  it('offers the permitted actions of a row, hiding what hidden(row) hides', () => {
    const ids = availableActions(usersResource, user(1), ALL_PERMISSIONS).map((a) => a.action.id);
    expect(ids).toEqual(['freeze', 'deactivate', 'note']); // activate is hidden for an active user
    const frozen = availableActions(
      usersResource,
      user(2, { status: 'frozen', actions: { freezable: false, activable: true, deactivatable: true } }),
      ALL_PERMISSIONS,
    );
    expect(frozen.map((a) => a.action.id)).toEqual(['activate', 'deactivate', 'note']);
  });

  it('hides actions without their permission', () => {
    const ids = availableActions(usersResource, user(1), only('freezeUsers')).map((a) => a.action.id);
    expect(ids).toEqual(['freeze', 'note']);
    const withForbidden = availableActions(usersResource, user(1), only('freezeUsers'), { includeForbidden: true });
    expect(withForbidden.find((a) => a.action.id === 'deactivate')).toMatchObject({
      enabled: false,
      reason: 'You need the deactivateUsers permission for this.',
    });
  });

  it('disables an action whose server flag is missing and says why', () => {
    const row = user(123, { status: 'deactivated', actions: { freezable: false, activable: true, deactivatable: false } });
    const freeze = availableActions(usersResource, row, ALL_PERMISSIONS).find((a) => a.action.id === 'freeze');
    expect(freeze).toMatchObject({ enabled: false, reason: 'User user123@example.com cannot be frozen: it is deactivated.' });
  });

  it('reads flags from an actions object, an actions list or the row itself', () => {
    expect(rowFlag({ actions: { approvable: true } }, 'approvable')).toBe(true);
    expect(rowFlag({ actions: { approvable: false }, approvable: true }, 'approvable')).toBe(false);
    expect(rowFlag({ actions: ['approvable'] }, 'approvable')).toBe(true);
    expect(rowFlag({ canBeMarkedAsPaid: true }, 'canBeMarkedAsPaid')).toBe(true);
    expect(rowFlag({ actions: {} }, 'cancelable')).toBe(false);
  });

  it('offers a bulk action for the selected rows carrying its flag', () => {
    const rows = [user(1), user(2, { actions: { freezable: false, activable: true, deactivatable: true } })];
    const [freeze] = availableBulkActions(usersResource, rows, ALL_PERMISSIONS);
    expect(freeze.enabled).toBe(true);
    expect(freeze.eligible.map((r) => r.id)).toEqual([1]);
    expect(availableBulkActions(usersResource, [rows[1]], ALL_PERMISSIONS)[0]).toMatchObject({
      enabled: false,
      reason: 'None of the selected users can be frozen.',
    });
    expect(availableBulkActions(usersResource, rows, only('viewUsers'))).toEqual([]);
  });
});

describe('defineResource', () => {
  const table = defineTableSpec({ columns: { id: { sortable: true }, n: { filter: 'numberRange' }, page: {} } });
  const defineThings = defineResourceOf<{ id: number }>();
  const base = { name: 'things', title: 'Things', nouns: ['thing'] as [string], endpoint: 'x' as unknown as TableEndpointName, table };

  it('rejects clashing shortcuts, reserved keys and invalid defaults when declared', () => {
    const action = { label: 'A', mutation: async () => undefined };
    expect(() =>
      defineThings({
        ...base,
        columns: [],
        rowActions: [
          { ...action, id: 'a', shortcut: 'a' },
          { ...action, id: 'b', shortcut: 'a' },
        ],
      }),
    ).toThrow(/shortcut 'a'/);
    expect(() => defineThings({ ...base, columns: [], rowActions: [{ ...action, id: 'a', shortcut: 'j' }] })).toThrow(/reserved/);
    expect(() => defineThings({ ...base, columns: [{ key: 'page', header: 'Page' }] })).toThrow(/reserved/);
    expect(() => defineThings({ ...base, columns: [{ key: 'id', header: 'ID' }], defaultFilters: { id: 'x' } })).toThrow(/no filterable column/);
    expect(() => defineThings({ ...base, columns: [{ key: 'n', header: 'N' }], defaultFilters: { n: 'lots' as never } })).toThrow(/not a valid numberRange/);
  });

  it('fills defaults: id key, id desc sort, 30 rows, describe', () => {
    const things = defineThings({ ...base, columns: [{ key: 'id', header: 'ID' }] });
    expect(things.itemKey).toBe('id');
    expect(things.defaultSort).toEqual({ key: 'id', desc: true });
    expect(things.defaultPerPage).toBe(30);
    expect(things.describe({ id: 5 })).toBe('thing 5');
  });
});

/** Renders the engine and exposes its action runner (with the app's notices, when asked). */
function mountRunner(can = ALL_PERMISSIONS, { notices = false } = {}) {
  const ref: { current: RunAction | null } = { current: null };
  function Probe() {
    ref.current = useRunAction();
    return null;
  }
  const rendered = renderWithEngine(
    <>
      {notices && <Notifications />}
      <Probe />
    </>,
    { can },
  );
  return { ...rendered, run: () => ref.current! };
}

describe('running actions', () => {
  it('runs a confirmed action only on Proceed, with the default title and the undo note', async () => {
    const freeze = vi.spyOn(mutations, 'freeze').mockResolvedValue({});
    const { run, queryClient } = mountRunner();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'freeze', user(1));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm your move');
    expect(dialog).toHaveTextContent('Freeze user1@example.com?');
    expect(dialog).toHaveTextContent('You can undo it for a few seconds after: Undo in the notice, or z.');
    expect(freeze).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(freeze).toHaveBeenCalledTimes(1);
    expect(freeze.mock.calls[0][0]).toMatchObject({ id: 1 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['list', 'users'] });
  });

  it('offers Undo in the notice of a move it said could be undone: the inverse runs once, without asking', async () => {
    vi.spyOn(mutations, 'freeze').mockResolvedValue({});
    const activate = vi.spyOn(mutations, 'activate').mockResolvedValue({});
    notifications.clean(); // the notices earlier tests left in Mantine's store
    const { run } = mountRunner(ALL_PERMISSIONS, { notices: true });
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'freeze', user(1));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(currentUndo()?.label).toBe('Activate user user1@example.com');

    await userEvent.click(await screen.findByRole('button', { name: /^Undo/ }));
    await waitFor(() => expect(activate).toHaveBeenCalledTimes(1));
    expect(activate.mock.calls[0][0]).toMatchObject({ id: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('User user1@example.com activated.')).toBeInTheDocument();
    // Once: the offer is gone.
    expect(runUndo()).toBe(false);
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('offers no Undo where the confirmation said the move cannot be undone', async () => {
    vi.spyOn(mutations, 'freeze').mockResolvedValue({});
    const { run } = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'deactivate', user(2));
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(currentUndo()).toBeNull();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('does nothing on Cancel or Esc', async () => {
    const freeze = vi.spyOn(mutations, 'freeze').mockResolvedValue({});
    const { run } = mountRunner();

    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'freeze', user(1));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(outcome!).resolves.toBe('cancelled');

    act(() => {
      outcome = run().row(usersResource, 'deactivate', user(1));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(outcome!).resolves.toBe('cancelled');
    expect(freeze).not.toHaveBeenCalled();
  });

  it('refuses an action the row does not allow, saying why', async () => {
    const freeze = vi.spyOn(mutations, 'freeze').mockResolvedValue({});
    const { run } = mountRunner();
    const row = user(9, { status: 'deactivated', actions: { freezable: false, activable: true, deactivatable: false } });
    let outcome: ActionOutcome | undefined;
    await act(async () => {
      outcome = await run().row(usersResource, 'freeze', row);
    });
    expect(outcome).toBe('unavailable');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(freeze).not.toHaveBeenCalled();
  });

  it('calls a contract endpoint with the body built from the row', async () => {
    apiMock.api.mockResolvedValue({ message: 'ok' });
    const resource = defineResourceOf<{ id: number; actions: { approvable: boolean } }>()({
      name: 'orders',
      title: 'Orders',
      nouns: ['order', 'orders'],
      endpoint: 'ordersTable' as unknown as TableEndpointName,
      table: defineTableSpec({ columns: { id: { sortable: true } } }),
      columns: [{ key: 'id', header: 'ID' }],
      rowActions: [
        { id: 'approve', label: 'Approve', past: 'approved', flag: 'approvable', mutation: { endpoint: 'logout', body: (o) => ({ orderId: o.id }) as never } },
      ],
    });
    const { run } = mountRunner();
    let outcome: ActionOutcome | undefined;
    await act(async () => {
      outcome = await run().row(resource, 'approve', { id: 123, actions: { approvable: true } });
    });
    expect(outcome).toBe('done');
    expect(apiMock.api).toHaveBeenCalledWith('logout', {
      body: { orderId: 123 },
      params: undefined,
      query: undefined,
      headers: { 'Idempotency-Key': expect.any(String) },
    });
  });

  it('keeps a dialog open with field errors on a ValidationError, then closes on success', async () => {
    const note = vi
      .spyOn(mutations, 'note')
      .mockRejectedValueOnce(new ValidationError('The given data was invalid.', { admin_note: ['The note is required.'] }))
      .mockResolvedValueOnce({});
    const { run } = mountRunner();

    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'note', user(4));
    });
    const input = await screen.findByLabelText('Note');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('The note is required.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.type(input, 'Checked by phone');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await expect(outcome!).resolves.toBe('done');
    expect(note).toHaveBeenLastCalledWith(expect.objectContaining({ id: 4 }), { note: 'Checked by phone' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens an action's dialog on the whole screen when the action asks for it, a 600 px form otherwise", async () => {
    const wide = { ...usersResource, rowActions: usersResource.rowActions.map((a) => (a.id === 'note' ? { ...a, fullScreenDialog: true } : a)) };
    const { run } = mountRunner();
    act(() => void run().row(usersResource, 'note', user(4)));
    expect((await screen.findByRole('dialog')).closest('[data-full-screen]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => void run().row(wide, 'note', user(4)));
    await waitFor(() => expect(screen.getByRole('dialog').closest('[data-full-screen]')).not.toBeNull());
  });

  it('reports a failed action and reloads the table', async () => {
    vi.spyOn(mutations, 'freeze').mockRejectedValue(new PlainError('User is already frozen.', 409));
    const { run, queryClient } = mountRunner();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(usersResource, 'freeze', user(1));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('failed');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['list', 'users'] });
  });

  it('runs a bulk action on the eligible ids and reports when it finished', async () => {
    const bulk = vi.spyOn(mutations, 'bulkFreeze').mockResolvedValue({});
    const onFinished = vi.fn();
    const { run } = mountRunner();
    const rows = [user(1), user(2), user(3, { actions: { freezable: false, activable: false, deactivatable: true } })];
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().bulk(usersResource, 'freeze', rows, { onFinished });
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Freeze 2 users?');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(bulk).toHaveBeenCalledWith([1, 2]);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });
});
