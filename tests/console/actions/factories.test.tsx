import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveAction, createAction, deleteAction, editAction } from '../../../src/console/resource/actionFactories';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { defineResourceOf, type TableEndpointName } from '../../../src/console/resource/resource';
import { defineTableSpec } from '../../../src/contract/columns';
import type { Permission } from '../../../src/contract/permissions';
import { ALL_PERMISSIONS, NoteDialog, only, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

interface Thing {
  id: number;
  name: string;
  actions: { editable: boolean; archivable: boolean; deletable: boolean };
}

// Endpoint names of the contract stand in for a future area's; the api client is mocked.
const things = defineResourceOf<Thing>()({
  name: 'things',
  title: 'Things',
  nouns: ['thing', 'things'],
  endpoint: 'usersTable' as unknown as TableEndpointName,
  table: defineTableSpec({ columns: { id: { sortable: true }, name: {} } }),
  columns: [{ key: 'id', header: 'ID' }],
  collectionActions: [
    createAction({
      noun: 'thing',
      endpoint: 'usersUpdate',
      permission: 'editUsers',
      dialog: NoteDialog as never,
      body: (input: { note: string }) => ({ name: input.note }),
    }),
  ],
  rowActions: [
    editAction({
      endpoint: 'usersUpdate',
      permission: 'editUsers',
      flag: 'editable',
      params: (t: Thing) => ({ userId: t.id }),
      dialog: NoteDialog as never,
      body: (_t: Thing, input: { note: string }) => ({ name: input.note }),
    }),
    archiveAction({ endpoint: 'usersFreeze', permission: 'freezeUsers', flag: 'archivable', params: (t: Thing) => ({ userId: t.id }) }),
    deleteAction({ endpoint: 'usersDeactivate', permission: 'deactivateUsers', flag: 'deletable', params: (t: Thing) => ({ userId: t.id }) }),
  ],
});

const thing: Thing = { id: 5, name: 'Spring sale', actions: { editable: true, archivable: true, deletable: true } };

function mountRunner(can: (permission: Permission) => boolean = ALL_PERMISSIONS) {
  const ref: { current: RunAction | null } = { current: null };
  function Probe() {
    ref.current = useRunAction();
    return null;
  }
  renderWithEngine(<Probe />, { can });
  return () => ref.current!;
}

describe('action factories', () => {
  it('declare create, edit, archive and delete by one convention', () => {
    expect(things.collectionActions[0]).toMatchObject({ id: 'create', label: 'New thing', shortcut: 'n', permission: 'editUsers' });
    expect(things.rowActions.map((a) => [a.id, a.shortcut, a.confirm?.undoable])).toEqual([
      ['edit', 'e', undefined],
      ['archive', undefined, true],
      ['delete', undefined, false],
    ]);
  });

  it('"New thing" opens its form and sends the body built from the input', async () => {
    apiMock.api.mockResolvedValue({ id: 9 });
    const run = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().collection(things, 'create');
    });
    const note = await screen.findByRole('textbox', { name: 'Note' });
    await userEvent.type(note, 'Autumn sale');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await expect(outcome!).resolves.toBe('done');
    expect(apiMock.api).toHaveBeenCalledWith('usersUpdate', expect.objectContaining({ body: { name: 'Autumn sale' } }));
  });

  it('is not offered without its permission', async () => {
    const run = mountRunner(only('viewUsers'));
    await expect(run().collection(things, 'create')).resolves.toBe('unavailable');
    expect(apiMock.api).not.toHaveBeenCalled();
  });

  it('asks before deleting, names the record, and says it cannot be undone', async () => {
    apiMock.api.mockResolvedValue({ message: 'ok' });
    const run = mountRunner();
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = run().row(things, 'delete', thing);
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete thing 5?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(apiMock.api).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await expect(outcome!).resolves.toBe('done');
    expect(apiMock.api).toHaveBeenCalledWith('usersDeactivate', expect.objectContaining({ params: { userId: 5 } }));
  });
});
